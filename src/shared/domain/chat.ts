/** Chat limits and timings (core-journey §5, §7, §9). */
export const MESSAGE_MAX = 1000;
export const CHAT_PAGE_SIZE = 50;
/** Header unread-message count: polled every 10 s (and on focus, visibility and messages-read). */
export const UNREAD_MESSAGES_POLL_MS = 10_000;
/** An open conversation is asked again every 3 s (the fallback when realtime is down). */
export const THREAD_POLL_MS = 3_000;

/** Booking statuses that open a chat between the two parties: a date that was agreed. */
export const CHAT_OPEN_STATUSES = ['confirmed', 'completed'] as const;

/**
 * One id for the conversation between two members, the same from both sides: the two member
 * ids sorted and joined. Typing events carry it; no table is needed to agree on it.
 */
export function conversationIdOf(a: string, b: string): string {
  return a < b ? `${a}_${b}` : `${b}_${a}`;
}
