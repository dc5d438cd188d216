import { useQuery } from '@tanstack/react-query';
import { notificationQueries } from '#app/notifications/notifications.api.ts';
import { useSession } from '#app/platform/session.store.ts';

/**
 * Unread messages and notifications for the header badges. The bell counts unread inbox items
 * (asked only of verified members: the inbox is theirs alone). Chat is built in its own issue;
 * until then no message is unread, and this is where it plugs in.
 */
export function useUnreadCounts(): { messages: number; notifications: number } {
  const verified = useSession((state) => Boolean(state.token && state.user?.isEmailVerified));
  const unread = useQuery({ ...notificationQueries.unreadCount(), enabled: verified });
  return { messages: 0, notifications: verified ? (unread.data ?? 0) : 0 };
}
