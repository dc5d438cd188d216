import { createFileRoute } from '@tanstack/react-router';
import { browseQueries, memberUrl, type MemberAnswer } from '#app/browse/browse.api.ts';
import { MemberPage } from '#app/browse/member-page.tsx';
import { LikeButton } from '#app/likes/like-button.tsx';
import { useNudge } from '#app/nudges/use-nudge.ts';
import { preloadImage } from '#app/platform/preload-image.ts';
import { queryClient } from '#app/platform/query.ts';
import { shellAnswerIfIn } from '#app/platform/shell-answer.ts';

export const Route = createFileRoute('/_member/_verified/user/$userId')({
  staticData: { needsLocaleData: false },
  // Starts loading the member while the screen's code downloads, and their first photo (the page's
  // largest paint) as soon as the member is in; the screen shows its own errors. A member the shell
  // has already brought (and drawn the first photo of) is the page's at once.
  loader: ({ params }) => {
    const member = browseQueries.member(params.userId);
    const fromShell = shellAnswerIfIn<MemberAnswer>(memberUrl(params.userId));
    if (fromShell) queryClient.setQueryData(member.queryKey, fromShell.user);
    void queryClient.prefetchQuery(member).then(() => preloadImage(queryClient.getQueryData(member.queryKey)?.profile.photos[0]?.url));
  },
  component: function Member() {
    const { userId } = Route.useParams();
    const nudge = useNudge();
    return <MemberPage key={userId} userId={userId} nudge={nudge} likeButton={<LikeButton userId={userId} />} />;
  },
});
