/** Query keys of the auth feature (apart from auth.api.ts, so the first download needs no schemas). */
export const authKeys = { all: ['auth'] as const, me: () => [...authKeys.all, 'me'] as const };
