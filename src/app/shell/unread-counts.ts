import { useQuery } from '@tanstack/react-query';
import { useUnreadMessageCount } from '#app/chat/chat.api.ts';
import { notificationQueries } from '#app/notifications/notifications.api.ts';
import { useSession } from '#app/platform/session.store.ts';

/**
 * Unread messages and notifications for the header badges, asked only of verified members (chat
 * and the inbox are theirs alone). Messages: polled every 10 s and on focus, visibility and a
 * messagesRead event; the bell: every 30 s.
 */
export function useUnreadCounts(): { messages: number; notifications: number } {
  const verified = useSession((state) => Boolean(state.token && state.user?.isEmailVerified));
  const unread = useQuery({ ...notificationQueries.unreadCount(), enabled: verified });
  const messages = useUnreadMessageCount(verified);
  return { messages, notifications: verified ? (unread.data ?? 0) : 0 };
}
