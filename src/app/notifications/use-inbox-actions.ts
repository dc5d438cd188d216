import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BookingActionResponseSchema } from '#shared/api/bookings.ts';
import { bookingsPaths } from '#shared/api/bookings.paths.ts';
import type { Notification } from '#shared/api/notifications.ts';
import { ARCHIVE_REFRESH_MS } from '#shared/domain/notifications.ts';
import { HttpError } from '#shared/http-error.ts';
import { http, type AnswerOf } from '#app/platform/http.ts';
import { keepChange } from '#app/platform/query.ts';
import { toast } from '#app/platform/ui/toast.store.ts';
import { notificationKeys, notificationsApi } from './notifications.api.ts';

type Inbox = { notifications: Notification[]; counts: { active: number; archived: number } };
export type RespondAction = 'confirm' | 'decline';

/** The inbox's texts (account-and-admin §8). */
export const INBOX_TEXTS = {
  archived: 'Notification archived',
  archiveFailed: 'Failed to archive notification',
  acknowledged: 'Nudge acknowledged!',
  acknowledgeFailed: 'Failed to acknowledge nudge',
  respondFailed: 'Failed to respond to booking request',
  signInAgain: 'Authentication error. Please log out and log back in.',
} as const;

/** What an inbox item can ask for; the page wires it to the server, tests to spies. */
export type InboxActions = {
  read(item: Notification): void;
  acknowledge(item: Notification): void;
  archive(item: Notification): void;
  /** Settles once answered; rejects when the answer failed (the dialog then stays open). */
  respond(item: Notification, action: RespondAction, responseMessage?: string): Promise<unknown>;
  /** Whether this item has an action under way. */
  busy(item: Notification): boolean;
};

/** Changes one item wherever a list holds it. */
function patchItem(queryClient: QueryClient, id: string, patch: Partial<Notification>) {
  queryClient.setQueriesData<Inbox>(
    { queryKey: notificationKeys.lists() },
    (inbox) => inbox && { ...inbox, notifications: inbox.notifications.map((item) => (item._id === id ? { ...item, ...patch } : item)) },
  );
}

const respondTo = (bookingId: string, action: RespondAction, responseMessage: string) =>
  http.post<AnswerOf<typeof BookingActionResponseSchema>>(bookingsPaths.respond(bookingId), { action, responseMessage }, { fallback: INBOX_TEXTS.respondFailed });

export function useInboxActions(): InboxActions {
  const queryClient = useQueryClient();
  const refreshCount = () => queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount() });

  const read = useMutation({
    mutationFn: (item: Notification) => notificationsApi.read(item._id),
    onSuccess: ({ notification }) => {
      patchItem(queryClient, notification._id, { isRead: true });
      void refreshCount();
    },
  });

  const acknowledge = useMutation({
    mutationFn: (item: Notification) => notificationsApi.acknowledge(item._id),
    networkMode: 'always',
    onSuccess: ({ notification }) => {
      patchItem(queryClient, notification._id, { isRead: true });
      void refreshCount();
      toast.success(INBOX_TEXTS.acknowledged);
    },
    onError: () => toast.error(INBOX_TEXTS.acknowledgeFailed),
  });

  // The item leaves the Active list at once; the lists are asked again a moment later (account-and-admin §9).
  const archive = useMutation({
    mutationFn: (item: Notification) => notificationsApi.archive(item._id),
    networkMode: 'always',
    onMutate: async (item) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.lists() });
      const active = queryClient.getQueryData<Inbox>(notificationKeys.list('active'));
      queryClient.setQueriesData<Inbox>({ queryKey: notificationKeys.lists() }, (inbox) => {
        if (!inbox) return inbox;
        const notifications = inbox.notifications.filter((other) => other._id !== item._id);
        const moved = item.isArchived ? 0 : 1;
        return { notifications, counts: { active: inbox.counts.active - moved, archived: inbox.counts.archived + moved } };
      });
      return { active };
    },
    onError: (_error, _item, context) => {
      if (context?.active) queryClient.setQueryData(notificationKeys.list('active'), context.active);
      toast.error(INBOX_TEXTS.archiveFailed);
    },
    onSuccess: () => toast.success(INBOX_TEXTS.archived),
    onSettled: () => {
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }), ARCHIVE_REFRESH_MS);
    },
  });

  const respond = useMutation({
    mutationFn: ({ item, action, responseMessage }: { item: Notification; action: RespondAction; responseMessage: string }) =>
      respondTo(item.data.bookingId!, action, responseMessage),
    networkMode: 'always',
    onSuccess: async (answer, { item }) => {
      patchItem(queryClient, item._id, { status: answer.booking.status, isRead: true });
      await keepChange([notificationKeys.all, ['bookings']]);
      toast.success(answer.message);
      // Answering a request is reading it.
      if (!item.isRead) read.mutate(item);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      // The bookings screens show the answer too (their key root, see the bookings client).
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
    onError: (error) => toast.error(error instanceof HttpError && error.status === 401 ? INBOX_TEXTS.signInAgain : INBOX_TEXTS.respondFailed),
  });

  const pendingFor = (item: Notification) =>
    [acknowledge, archive, read].some((mutation) => mutation.isPending && mutation.variables?._id === item._id) ||
    (respond.isPending && respond.variables?.item._id === item._id);

  return {
    read: (item) => read.mutate(item),
    acknowledge: (item) => acknowledge.mutate(item),
    archive: (item) => archive.mutate(item),
    respond: (item, action, responseMessage = '') => respond.mutateAsync({ item, action, responseMessage }),
    busy: pendingFor,
  };
}
