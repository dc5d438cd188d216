import { createFileRoute } from '@tanstack/react-router';
import { likeQueries } from '#app/likes/likes.api.ts';
import { MyLikesPage } from '#app/likes/my-likes-page.tsx';
import { queryClient } from '#app/platform/query.ts';

export const Route = createFileRoute('/_member/_verified/my-likes')({
  staticData: { heading: 'My Likes' },
  loader: () => {
    void queryClient.prefetchQuery(likeQueries.list());
  },
  component: MyLikesPage,
});
