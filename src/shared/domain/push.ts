/**
 * What the page and the service worker say to each other about push. The service worker cannot
 * read localStorage, so the page posts the session token to it; the worker keeps it in IndexedDB
 * (to answer a notification's Accept while no page is open) and forgets it at sign-out.
 */
export const SW_SESSION_MESSAGE = 'rendezvous:session';
export type SwSessionMessage = { type: typeof SW_SESSION_MESSAGE; token: string | null };

/** The IndexedDB database and store the service worker keeps the token in. */
export const SW_SESSION_DB = 'rendezvous-sw';
export const SW_SESSION_STORE = 'session';
export const SW_TOKEN_KEY = 'token';
