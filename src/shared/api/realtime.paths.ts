import type { ServerEvent } from './realtime.ts';

/** The WebSocket endpoint under /api. The session token is the first message, never in the URL. */
export const REALTIME_PATH = '/realtime';

/** Close codes the server uses; the client does not reconnect after an auth failure. */
export const REALTIME_CLOSE = { unauthorized: 4401, authTimeout: 4408, tooManyMessages: 4429 } as const;

/**
 * Every server event's type (the compiler checks the list against ServerEventSchema's), so the page
 * can drop anything else — a newer server's event, a stray frame — without downloading zod.
 */
export const SERVER_EVENT_TYPES: ReadonlySet<string> = new Set(
  Object.keys({
    ready: true,
    scoreUpdate: true,
    userOnline: true,
    userOffline: true,
    userTyping: true,
    userStoppedTyping: true,
    message: true,
    messagesRead: true,
    notification: true,
    bookingChanged: true,
    sessionsEnded: true,
  } satisfies Record<ServerEvent['type'], true>),
);
