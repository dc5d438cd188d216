import { createFileRoute } from '@tanstack/react-router';
import { MemberPage } from '#app/browse/member-page.tsx';
import { LikeButton } from '#app/likes/like-button.tsx';
import { useNudge } from '#app/nudges/use-nudge.ts';

export const Route = createFileRoute('/_member/_verified/user/$userId')({
  loader: async ({ context, params }) => {
    const [{ browseQueries }, { likeQueries }] = await Promise.all([import('#app/browse/browse.api.ts'), import('#app/likes/likes.api.ts')]);
    void context.queryClient.prefetchQuery(browseQueries.member(params.userId));
    void context.queryClient.prefetchQuery(likeQueries.status(params.userId));
  },
  component: function Member() {
    const { userId } = Route.useParams();
    const nudge = useNudge();
    return <MemberPage key={userId} userId={userId} nudge={nudge} likeButton={<LikeButton userId={userId} />} />;
  },
});
