import { createFileRoute } from '@tanstack/react-router';
import type { Thread } from '#shared/api/chat.ts';
import { chatQueries, newestPageUrl } from '#app/chat/chat.api.ts';
import { ThreadPage } from '#app/chat/thread-page.tsx';
import { queryClient } from '#app/platform/query.ts';
import { shellAnswerIfIn } from '#app/platform/shell-answer.ts';

export const Route = createFileRoute('/_member/_verified/messages/$userId')({
  staticData: { needsLocaleData: 'unless-en-US' },
  // Starts the conversation while the screen's code downloads; the screen shows its own errors. A
  // newest page the shell has already brought (and drawn) is the page's at once.
  loader: ({ params }) => {
    const thread = chatQueries.thread(params.userId);
    const fromShell = shellAnswerIfIn<Thread>(newestPageUrl(params.userId));
    if (fromShell) queryClient.setQueryData(thread.queryKey, { pages: [fromShell], pageParams: [null] });
    void queryClient.prefetchInfiniteQuery(thread);
  },
  component: function Messages() {
    const { userId } = Route.useParams();
    return <ThreadPage key={userId} userId={userId} />;
  },
});
