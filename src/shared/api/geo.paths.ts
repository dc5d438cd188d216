export const geoPaths = { reverse: '/geo/reverse', search: '/geo/search', timeZone: '/geo/time-zone' } as const;
