import { createFileRoute } from '@tanstack/react-router';
import { scoreQueries } from '#app/score/score.api.ts';
import { ScorePage } from '#app/score/score-page.tsx';
import { queryClient } from '#app/platform/query.ts';

export const Route = createFileRoute('/_member/score')({
  staticData: { needsLocaleData: false },
  loader: () => {
    void queryClient.prefetchQuery(scoreQueries.creditReport());
  },
  component: ScorePage,
});
