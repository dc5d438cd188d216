import { createFileRoute } from '@tanstack/react-router';
import { ScorePage } from '#app/score/score-page.tsx';

export const Route = createFileRoute('/_member/score')({
  loader: async ({ context }) => {
    const { scoreQueries } = await import('#app/score/score.api.ts');
    void context.queryClient.prefetchQuery(scoreQueries.creditReport());
  },
  component: ScorePage,
});
