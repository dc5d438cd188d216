import { createFileRoute } from '@tanstack/react-router';
import { MyLikesPage } from '#app/likes/my-likes-page.tsx';

export const Route = createFileRoute('/_member/_verified/my-likes')({
  loader: async ({ context }) => {
    const { likeQueries } = await import('#app/likes/likes.api.ts');
    void context.queryClient.prefetchQuery(likeQueries.list());
  },
  component: MyLikesPage,
});
