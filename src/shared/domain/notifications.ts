/**
 * Inbox item types: the spec's three, plus booking_update (a request declined, a date confirmed,
 * cancelled or ended by the server) and membership (a car-team membership that could not be renewed),
 * which read like the other non-request types.
 */
export const NOTIFICATION_TYPES = ['booking_request', 'nudge', 'message', 'booking_update', 'membership', 'safety'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Inbox polling (account-and-admin §7, §9). */
export const INBOX_POLL_MS = 10_000;
export const UNREAD_COUNT_POLL_MS = 30_000;
/** Lists refresh this long after an archive (account-and-admin §9). */
export const ARCHIVE_REFRESH_MS = 500;
