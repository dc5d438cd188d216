import { createFileRoute } from '@tanstack/react-router';
import { MyLikesPage } from '#app/likes/my-likes-page.tsx';
import { queryClient } from '#app/platform/query.ts';

export const Route = createFileRoute('/_member/_verified/my-likes')({
  loader: async () => {
    const { likeQueries } = await import('#app/likes/likes.api.ts');
    void queryClient.prefetchQuery(likeQueries.list());
  },
  component: MyLikesPage,
});
