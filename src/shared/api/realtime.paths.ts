/** The WebSocket endpoint under /api. The session token is the first message, never in the URL. */
export const REALTIME_PATH = '/realtime';

/** Close codes the server uses; the client does not reconnect after an auth failure. */
export const REALTIME_CLOSE = { unauthorized: 4401, authTimeout: 4408, tooManyMessages: 4429 } as const;

/**
 * Every server event's type (realtime.ts checks the list against ServerEventSchema's), so the page
 * can drop anything else — a newer server's event, a stray frame — without downloading zod.
 */
export const SERVER_EVENT_NAMES = [
  'ready',
  'scoreUpdate',
  'userOnline',
  'userOffline',
  'userTyping',
  'userStoppedTyping',
  'message',
  'messagesRead',
  'notification',
  'bookingChanged',
  'sessionsEnded',
] as const;
export const SERVER_EVENT_TYPES: ReadonlySet<string> = new Set(SERVER_EVENT_NAMES);
