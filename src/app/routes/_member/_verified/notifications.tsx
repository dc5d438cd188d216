import { createFileRoute } from '@tanstack/react-router';
import { notificationQueries } from '#app/notifications/notifications.api.ts';
import { NotificationsPage } from '#app/notifications/notifications-page.tsx';
import { queryClient } from '#app/platform/query.ts';

export const Route = createFileRoute('/_member/_verified/notifications')({
  staticData: { heading: 'Notifications' },
  // Starts the Active list while the screen's code downloads; the screen shows its own errors.
  loader: () => {
    void queryClient.prefetchQuery(notificationQueries.list('active'));
  },
  component: NotificationsPage,
});
