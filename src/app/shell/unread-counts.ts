import { useQuery } from '@tanstack/react-query';
import { chatQueries, useUnreadMessageCount } from '#app/chat/chat.api.ts';
import { notificationQueries } from '#app/notifications/notifications.api.ts';
import { useSession } from '#app/platform/session.store.ts';
import { useAppBadge } from './app-badge.ts';

/**
 * Unread messages and notifications for the header badges, asked only of verified members (chat
 * and the inbox are theirs alone). Messages: polled every 10 s and on focus, visibility and a
 * messagesRead event; the bell: every 30 s. Their sum goes on the installed app's icon once both
 * are known.
 */
export function useUnreadCounts(): { messages: number; notifications: number } {
  const verified = useSession((state) => Boolean(state.token && state.user?.isEmailVerified));
  const unread = useQuery({ ...notificationQueries.unreadCount(), enabled: verified });
  const messages = useUnreadMessageCount(verified);
  // Only to know the count has arrived (the hook above reads 0 until then); the hook's own observer polls.
  const messagesKnown = useQuery({ ...chatQueries.unreadCount(), enabled: verified, refetchInterval: false }).data !== undefined;
  useAppBadge(!verified ? 0 : messagesKnown && unread.data !== undefined ? messages + unread.data : null);
  return { messages, notifications: verified ? (unread.data ?? 0) : 0 };
}
