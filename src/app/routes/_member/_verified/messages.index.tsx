import { createFileRoute } from '@tanstack/react-router';
import { chatQueries } from '#app/chat/chat.api.ts';
import { ConversationsPage } from '#app/chat/conversations-page.tsx';

export const Route = createFileRoute('/_member/_verified/messages/')({
  // Starts the list while the screen's code downloads; the screen shows its own errors.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(chatQueries.conversations());
  },
  component: ConversationsPage,
});
