/**
 * Unread messages and notifications for the header badges. Chat and notifications are built in
 * their own issues; until they exist there is nothing unread, and this is where they plug in.
 */
export function useUnreadCounts(): { messages: number; notifications: number } {
  return { messages: 0, notifications: 0 };
}
