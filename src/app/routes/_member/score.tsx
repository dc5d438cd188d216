import { createFileRoute } from '@tanstack/react-router';
import { ScorePage } from '#app/score/score-page.tsx';
import { queryClient } from '#app/platform/query.ts';

export const Route = createFileRoute('/_member/score')({
  loader: async () => {
    const { scoreQueries } = await import('#app/score/score.api.ts');
    void queryClient.prefetchQuery(scoreQueries.creditReport());
  },
  component: ScorePage,
});
