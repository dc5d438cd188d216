import { createFileRoute } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { browseQueries, firstPageUrl, type BrowseAnswer } from '#app/browse/browse.api.ts';
import { useBrowseFilters } from '#app/browse/browse-filters.store.ts';
import { BrowsePage, type AvailableDatesTab } from '#app/browse/browse-page.tsx';
import { REFERENCE_TIME_ZONE } from '#app/browse/vancouver-clock.tsx';
import { useNudge } from '#app/nudges/use-nudge.ts';
import { useSession } from '#app/platform/session.store.ts';
import { preloadImage } from '#app/platform/preload-image.ts';
import { queryClient } from '#app/platform/query.ts';
import { shellAnswerIfIn } from '#app/platform/shell-answer.ts';
import { zoneClockQuery } from '#app/platform/zone-clock.ts';
import { Spinner } from '#app/platform/ui/spinner.tsx';

/** The Available Dates tab's code comes when the tab is first shown (the Profiles tab opens first). */
const AvailableDates = lazy(() => import('#app/availability/available-dates.tsx').then(({ AvailableDates }) => ({ default: AvailableDates })));

/** The Available Dates tab reads the browse filters kept on the device and keeps its own there too. */
const availableDates: AvailableDatesTab = (filters, set) => (
  <Suspense fallback={<Spinner label="Loading available dates" />}>
    <AvailableDates
      search={{
        dateType: filters.dateType,
        startDate: filters.startDate,
        endDate: filters.endDate,
        sortBy: filters.slotSortBy,
        minScore: filters.minScore,
        accountType: filters.accountType,
        location: filters.location,
        maxDistance: filters.maxDistance,
      }}
      onChange={(key, value) => (key === 'sortBy' ? set('slotSortBy', value as typeof filters.slotSortBy) : set(key, value as never))}
    />
  </Suspense>
);

export const Route = createFileRoute('/_member/_verified/browse')({
  staticData: { heading: 'Browse' },
  // ?tab=dates opens the Available Dates tab (kept in the address, so a reload or a link keeps it).
  validateSearch: (search: Record<string, unknown>): { tab?: 'dates' } => (search.tab === 'dates' ? { tab: 'dates' } : {}),
  // Starts the first page while the screen's code downloads, and the first card's photo as soon as
  // the page is in (the page's largest paint); the screen shows its own errors. The loader is its
  // own chunk, so the call does not wait for the screen's code. A first page the shell has already
  // brought (and drawn the first photo of) is the list's at once, so the page's first render shows it.
  loader: () => {
    const memberId = useSession.getState().user?._id;
    if (memberId) useBrowseFilters.getState().claim(memberId);
    const filters = useBrowseFilters.getState().filters;
    const list = browseQueries.list(filters);
    const fromShell = shellAnswerIfIn<BrowseAnswer>(firstPageUrl(filters));
    if (fromShell) queryClient.setQueryData(list.queryKey, { pages: [fromShell], pageParams: [1] });
    void queryClient.prefetchQuery(zoneClockQuery(REFERENCE_TIME_ZONE));
    void queryClient.prefetchInfiniteQuery(list).then(() => preloadImage(queryClient.getQueryData(list.queryKey)?.pages[0]?.users[0]?.profile.photos[0]?.url));
  },
  component: function Browse() {
    const nudge = useNudge();
    const { tab } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <BrowsePage
        nudge={nudge}
        availableDates={availableDates}
        tab={tab ?? 'profiles'}
        onTabChange={(next) => void navigate({ search: next === 'dates' ? { tab: 'dates' } : {}, replace: true })}
      />
    );
  },
});
