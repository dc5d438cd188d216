export const geoPaths = { reverse: '/geo/reverse', search: '/geo/search' } as const;
