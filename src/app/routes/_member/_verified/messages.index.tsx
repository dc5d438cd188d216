import { createFileRoute } from '@tanstack/react-router';
import { chatQueries } from '#app/chat/chat.api.ts';
import { ConversationsPage } from '#app/chat/conversations-page.tsx';
import { queryClient } from '#app/platform/query.ts';

export const Route = createFileRoute('/_member/_verified/messages/')({
  staticData: { heading: 'Messages', needsLocaleData: 'unless-en-US' },
  // Starts the list while the screen's code downloads; the screen shows its own errors.
  loader: () => {
    void queryClient.prefetchQuery(chatQueries.conversations());
  },
  component: ConversationsPage,
});
