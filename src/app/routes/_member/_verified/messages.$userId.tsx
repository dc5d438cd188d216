import { createFileRoute } from '@tanstack/react-router';
import { chatQueries } from '#app/chat/chat.api.ts';
import { ThreadPage } from '#app/chat/thread-page.tsx';
import { queryClient } from '#app/platform/query.ts';

export const Route = createFileRoute('/_member/_verified/messages/$userId')({
  // Starts the conversation while the screen's code downloads; the screen shows its own errors.
  loader: ({ params }) => {
    void queryClient.prefetchInfiniteQuery(chatQueries.thread(params.userId));
  },
  component: function Messages() {
    const { userId } = Route.useParams();
    return <ThreadPage key={userId} userId={userId} />;
  },
});
