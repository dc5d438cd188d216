/**
 * How long an answer stays fresh for data asked again each time its page opens (decision 53): the
 * route's loader (or the session check at start) asks, and the page that mounts a moment later
 * keeps that answer instead of sending the same GET again. A page opened later, a window focus, a
 * reconnection and an invalidation after a mutation still ask again.
 */
export const OPENED_FRESH_MS = 5_000;
