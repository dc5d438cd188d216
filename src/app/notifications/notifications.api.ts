import { queryOptions } from '@tanstack/react-query';
import type { NotificationActionResponseSchema, NotificationsResponseSchema, UnreadCountResponseSchema } from '#shared/api/notifications.ts';
import { notificationsPaths } from '#shared/api/notifications.paths.ts';
import { INBOX_POLL_MS, UNREAD_COUNT_POLL_MS } from '#shared/domain/notifications.ts';
import { apiUrl } from '#shared/api/api-prefix.ts';
import { http, type AnswerOf } from '#app/platform/http.ts';
import { shellAnswerOr } from '#app/platform/shell-answer.ts';
import { pollEvery } from '#app/platform/realtime/realtime.store.ts';

/** The inbox tabs: Active, and Archived (account-and-admin §2). */
export type InboxView = 'active' | 'archived';

export const LOAD_FAILED = 'Failed to load notifications';
export type InboxAnswer = AnswerOf<typeof NotificationsResponseSchema>;
/** The Active list's address, which the shell's head script asks for on a cold /notifications (src/shared/head-script.ts). */
export const activeListUrl = () => apiUrl(notificationsPaths.list);

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (view: InboxView) => [...notificationKeys.lists(), view] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};

export const notificationsApi = {
  list: (view: InboxView) => {
    const ask = () =>
      http.get<InboxAnswer>(notificationsPaths.list, {
        fallback: LOAD_FAILED,
        searchParams: view === 'archived' ? { archivedOnly: true } : undefined,
      });
    // The Active list may already be on its way, asked for by the shell.
    return view === 'active' ? shellAnswerOr(activeListUrl(), ask) : ask();
  },
  unreadCount: () => http.get<AnswerOf<typeof UnreadCountResponseSchema>>(notificationsPaths.unreadCount),
  read: (id: string) => http.put<AnswerOf<typeof NotificationActionResponseSchema>>(notificationsPaths.read(id)),
  archive: (id: string) => http.put<AnswerOf<typeof NotificationActionResponseSchema>>(notificationsPaths.archive(id)),
  acknowledge: (id: string) => http.put<AnswerOf<typeof NotificationActionResponseSchema>>(notificationsPaths.acknowledge(id)),
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
