/**
 * Every API route lives under this prefix: the server registers its features there, and the
 * `*.paths.ts` constants are written without it.
 */
export const API_PREFIX = '/api';

/** A path of the `*.paths.ts` constants as the URL to fetch on this origin: '/auth/me' is '/api/auth/me'. */
export const apiUrl = (path: string): string => `${API_PREFIX}${path}`;

/** The platform's liveness call (no feature owns it): the app asks it to learn whether the server answers. */
export const HEALTH_PATH = '/health';
