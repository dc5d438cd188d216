import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { startTransition, useEffect, useId, useState, type ReactNode } from 'react';
import { geoApi } from '#app/geo/geo.api.ts';
import { LOCATE_ERRORS, PositionFailure, currentPosition } from '#app/components/device-position.ts';
import { OfflineStatus } from '#app/platform/offline-status.tsx';
import { useSession } from '#app/platform/session.store.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Alert } from '#app/platform/ui/field.tsx';
import { Tabs } from '#app/platform/ui/tabs.tsx';
import { LoadFailed } from '#app/platform/ui/load-failed.tsx';
import { browseQueries } from './browse.api.ts';
import { BROWSE_TABS, CLOCK_NOTE, SkeletonCards } from './browse-skeleton.tsx';
import { useBrowseFilters, type BrowseFilters } from './browse-filters.store.ts';
import { FiltersPanel } from './filters-panel.tsx';
import { ProfileCard, type Nudger } from './profile-card.tsx';
import { VancouverClock } from './vancouver-clock.tsx';
import './browse.css';

export const EMPTY_TEXT = 'No profiles found - Try adjusting your filters or check back later.';
export const LOAD_FAILED = 'Failed to load profiles';
/** Typing in a text filter waits this long before asking the server. */
const FILTER_SETTLE_MS = 400;
/** Cards drawn in the list's first paint (a phone's screen, two rows of three on a wide one); the rest follow. */
export const FIRST_CARDS = 6;

export type BrowseTab = 'profiles' | 'dates';

/** The browse filters, the Available Dates tab (from the availability feature, given by the route) renders with them. */
export type AvailableDatesTab = (filters: BrowseFilters, set: ReturnType<typeof useBrowseFilters.getState>['set']) => ReactNode;

export function BrowsePage({
  nudge,
  availableDates,
  tab = 'profiles',
  onTabChange,
}: {
  nudge: Nudger;
  availableDates: AvailableDatesTab;
  /** The tab shown (the route keeps it in the address). */
  tab?: BrowseTab;
  onTabChange?: (tab: BrowseTab) => void;
}) {
  const panelId = useId();
  const [panelOpen, setPanelOpen] = useState(false);
  const setFilter = useBrowseFilters((state) => state.set);
  const filters = useBrowseFilters((state) => state.filters);
  const applied = useSettled(filters, FILTER_SETTLE_MS);
  const locate = useAutoLocate(() => setPanelOpen(true));

  return (
    <main id="main" className="page browse-page">
      <div className="browse-head">
        <h1>Browse</h1>
        <p className="muted browse-clock">
          {CLOCK_NOTE} <VancouverClock />
        </p>
        <div className="row">
          <Button onClick={locate.run} busy={locate.busy}>
            Auto-Locate
          </Button>
          <Button aria-expanded={panelOpen} aria-controls={panelId} onClick={() => setPanelOpen(!panelOpen)}>
            Filters
          </Button>
        </div>
        <p role="status" className={`locate-note locate-${locate.note?.tone ?? 'none'}`}>
          {locate.note?.text}
        </p>
      </div>
      {panelOpen && <FiltersPanel id={panelId} />}
      <Tabs label="Browse" tabs={BROWSE_TABS} selected={tab} onSelect={(next) => onTabChange?.(next)}>
        {tab === 'profiles' ? <ProfileList filters={applied} nudge={nudge} /> : availableDates(applied, setFilter)}
      </Tabs>
    </main>
  );
}

function ProfileList({ filters, nudge }: { filters: BrowseFilters; nudge: Nudger }) {
  const viewerGender = useSession((state) => state.user?.profile.gender);
  const query = useInfiniteQuery({ ...browseQueries.list(filters), placeholderData: keepPreviousData });
  const drawn = useDrawnAfterFirstPaint(query.data !== undefined);

  if (query.isPending) return <ListSkeleton />;
  if (query.isError && !query.data) return <LoadFailed title={LOAD_FAILED} error={query.error} onRetry={() => void query.refetch()} />;

  const users = query.data.pages.flatMap((page) => page.users);
  const shown = drawn ? users : users.slice(0, FIRST_CARDS);
  const origin = query.data.pages[0]?.origin;
  const refreshing = query.isPlaceholderData;
  return (
    <div className="stack" aria-busy={refreshing || undefined}>
      <OfflineStatus updatedAt={query.dataUpdatedAt} />
      {query.isError && (query.error as { status?: number }).status !== 0 && (
        <Alert>
          <div className="row">
            <span>{LOAD_FAILED}</span>
            <Button size="sm" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </div>
        </Alert>
      )}
      {origin && <p className="muted">Distances from {[origin.city, origin.country].filter(Boolean).join(', ')}</p>}
      {users.length === 0 ? (
        <div className="empty-state">
          <p>{EMPTY_TEXT}</p>
        </div>
      ) : (
        <ul className={`profile-grid${refreshing ? ' is-refreshing' : ''}`}>
          {shown.map((card, index) => (
            <li key={card._id}>
              <ProfileCard card={card} viewerGender={viewerGender} nudge={nudge} first={index === 0} />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && drawn && (
        <div className="center">
          <Button onClick={() => void query.fetchNextPage()} busy={query.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div aria-busy="true">
      <span role="status" className="visually-hidden">
        Loading profiles
      </span>
      <SkeletonCards />
    </div>
  );
}

/**
 * False until the list has been painted once with data, then true in a background (interruptible)
 * render: the first screen of cards paints, and its first photo is asked for, without waiting for
 * the whole page of cards to be built.
 */
function useDrawnAfterFirstPaint(hasData: boolean): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (hasData && !drawn) startTransition(() => setDrawn(true));
  }, [hasData, drawn]);
  return drawn;
}

/** The value once it has stopped changing for `ms` (the first value at once). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type Note = { tone: 'success' | 'error'; text: string };

/** Auto-Locate: the device position, named by our own gazetteer, becomes the location filter. */
function useAutoLocate(onFailure: () => void) {
  const setFilter = useBrowseFilters((state) => state.set);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note | null>(null);
  async function run() {
    setBusy(true);
    setNote(null);
    try {
      const [lon, lat] = await currentPosition(LOCATE_ERRORS);
      const { place } = await geoApi.reverse(lat, lon).catch(() => ({ place: null }));
      if (!place) throw new PositionFailure(LOCATE_ERRORS.unknownCity);
      const city = [place.city, place.country].filter(Boolean).join(', ');
      setFilter('location', city);
      setNote({ tone: 'success', text: `Showing members near ${city}` });
    } catch (failure) {
      setNote({ tone: 'error', text: failure instanceof PositionFailure ? failure.message : LOCATE_ERRORS.unknownCity });
      onFailure();
    } finally {
      setBusy(false);
    }
  }
  return { run, busy, note };
}
