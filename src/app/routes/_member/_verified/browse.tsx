import { createFileRoute } from '@tanstack/react-router';
import { BrowsePage } from '#app/browse/browse-page.tsx';
import { useNudge } from '#app/nudges/use-nudge.ts';
import { useSession } from '#app/platform/session.store.ts';

export const Route = createFileRoute('/_member/_verified/browse')({
  // Starts the first page while the screen's code downloads; the screen shows its own errors.
  loader: async ({ context }) => {
    const [{ browseQueries }, { useBrowseFilters }] = await Promise.all([import('#app/browse/browse.api.ts'), import('#app/browse/browse-filters.store.ts')]);
    const memberId = useSession.getState().user?._id;
    if (memberId) useBrowseFilters.getState().claim(memberId);
    void context.queryClient.prefetchInfiniteQuery(browseQueries.list(useBrowseFilters.getState().filters));
  },
  component: function Browse() {
    const nudge = useNudge();
    return <BrowsePage nudge={nudge} />;
  },
});
