import { queryOptions } from '@tanstack/react-query';
import { NotificationActionResponseSchema, NotificationsResponseSchema, UnreadCountResponseSchema, notificationsPaths } from '#shared/api/notifications.ts';
import { INBOX_POLL_MS, UNREAD_COUNT_POLL_MS } from '#shared/domain/notifications.ts';
import { http } from '#app/platform/http.ts';
import { pollEvery } from '#app/platform/realtime/realtime.store.ts';

/** The inbox tabs: Active, and Archived (account-and-admin §2). */
export type InboxView = 'active' | 'archived';

export const LOAD_FAILED = 'Failed to load notifications';

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (view: InboxView) => [...notificationKeys.lists(), view] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};

export const notificationsApi = {
  list: (view: InboxView) =>
    http.get(notificationsPaths.list, NotificationsResponseSchema, {
      fallback: LOAD_FAILED,
      searchParams: view === 'archived' ? { archivedOnly: true } : undefined,
    }),
  unreadCount: () => http.get(notificationsPaths.unreadCount, UnreadCountResponseSchema),
  read: (id: string) => http.put(notificationsPaths.read(id), NotificationActionResponseSchema),
  archive: (id: string) => http.put(notificationsPaths.archive(id), NotificationActionResponseSchema),
  acknowledge: (id: string) => http.put(notificationsPaths.acknowledge(id), NotificationActionResponseSchema),
};

export const notificationQueries = {
  /** Polled while the inbox is open, and asked again whenever the window comes back (account-and-admin §7). */
  list: (view: InboxView) =>
    queryOptions({
      queryKey: notificationKeys.list(view),
      queryFn: () => notificationsApi.list(view),
      refetchInterval: pollEvery(INBOX_POLL_MS),
      refetchOnWindowFocus: 'always',
    }),
  /** The header bell's count, polled every 30 s. */
  unreadCount: () =>
    queryOptions({
      queryKey: notificationKeys.unreadCount(),
      queryFn: () => notificationsApi.unreadCount().then((body) => body.count),
      refetchInterval: pollEvery(UNREAD_COUNT_POLL_MS),
    }),
};
