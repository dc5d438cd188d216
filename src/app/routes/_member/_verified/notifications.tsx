import { createFileRoute } from '@tanstack/react-router';
import { activeListUrl, notificationQueries, type InboxAnswer } from '#app/notifications/notifications.api.ts';
import { NotificationsPage } from '#app/notifications/notifications-page.tsx';
import { queryClient } from '#app/platform/query.ts';
import { shellAnswerIfIn } from '#app/platform/shell-answer.ts';

export const Route = createFileRoute('/_member/_verified/notifications')({
  staticData: { heading: 'Notifications', needsLocaleData: 'unless-en-US' },
  // Starts the Active list while the screen's code downloads; the screen shows its own errors. A list
  // the shell has already brought (and drawn the first item of) is the page's at once.
  loader: () => {
    const active = notificationQueries.list('active');
    const fromShell = shellAnswerIfIn<InboxAnswer>(activeListUrl());
    if (fromShell) queryClient.setQueryData(active.queryKey, fromShell);
    void queryClient.prefetchQuery(active);
  },
  component: NotificationsPage,
});
