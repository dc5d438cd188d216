import { useQuery, useQueryClient } from '@tanstack/react-query';
import { OfflineStatus } from '#app/platform/offline-status.tsx';
import { Link } from '@tanstack/react-router';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import type { Booking } from '#shared/api/bookings.ts';
import { BOOKING_ERRORS } from '#shared/api/bookings.paths.ts';
import { BOOKING_FILTERS, bookingDisplay, matchesFilter, type BookingAction, type BookingFilter } from '#shared/domain/booking-display.ts';
import { browseKeys } from '#app/browse/browse.api.ts';
import { refreshOwnRecord } from '#app/profiles/profiles.api.ts';
import { Spinner } from '#app/platform/ui/spinner.tsx';
import { LoadFailed } from '#app/platform/ui/load-failed.tsx';
import { Tabs } from '#app/platform/ui/tabs.tsx';
import { PushOfferCard } from '#app/components/push-offer-card.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { BookingCard, bookingCardId } from './booking-card.tsx';
import { BOOKINGS_LOAD_FAILED, bookingKeys, bookingQueries, type Perspective } from './bookings.api.ts';

/** The action dialog's forms validate with zod: its code loads at the first action, not with the list. */
const BookingActionDialog = lazy(() => import('./booking-action-dialog.tsx').then(({ BookingActionDialog }) => ({ default: BookingActionDialog })));
import './bookings.css';

const FILTER_LABELS: Record<BookingFilter, string> = {
  all: 'All',
  pending: 'Pending',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const PERSPECTIVES: { id: Perspective; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'host', label: 'Hosting' },
  { id: 'guest', label: 'Attending' },
];

const EMPTY_TEXT: Record<BookingFilter, string> = {
  all: 'No bookings yet',
  pending: 'No pending bookings',
  confirmed: 'No confirmed dates',
  completed: 'No completed dates yet',
  cancelled: 'No cancelled bookings',
};

/** The display rules move with time (review after 2 h, cancel until 4 h before): re-read the clock each half minute. */
const NOW_TICK_MS = 30_000;

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), NOW_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export const DECLINE_GONE = 'This booking request can no longer be declined.';

type Props = {
  /** A booking whose decline dialog opens once the list is there (a push notification's Decline). */
  declineId?: string;
  /** The dialog asked for has opened (or could not): the page drops the request from its address. */
  onDeclineShown?: () => void;
  /** A booking to show (`?booking=`, a calendar event's link back): whatever the tab, scrolled to, focused and marked. */
  bookingId?: string;
};

/** /bookings (core-journey §2, §4): my bookings by status and side, with their actions. */
export function BookingsPage({ declineId, onDeclineShown, bookingId }: Props = {}) {
  const queryClient = useQueryClient();
  const [perspective, setPerspective] = useState<Perspective>('all');
  const [filter, setFilter] = useState<BookingFilter>('all');
  const [active, setActive] = useState<{ action: BookingAction; booking: Booking } | null>(null);
  // Once opened, the dialog stays mounted (closed), as it was before its code was split off.
  const [dialogUsed, setDialogUsed] = useState(false);
  if (active && !dialogUsed) setDialogUsed(true);
  const bookings = useQuery(bookingQueries.list(perspective));
  const now = useNow();

  /** After an action: the list, the other member's page (booking badge, slots) and my score in the header. */
  function refreshAfterAction() {
    void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    void queryClient.invalidateQueries({ queryKey: browseKeys.all });
    void refreshOwnRecord().catch(() => undefined);
  }

  const fresh = bookings.isFetchedAfterMount || bookings.isError;
  useDeclineRequest(declineId, perspective === 'all' ? bookings.data : undefined, fresh, now, (booking) => setActive({ action: 'decline', booking }), onDeclineShown);
  const shownId = useShownBooking(bookingId, { perspective, filter, list: bookings.data, fresh }, { perspective: setPerspective, filter: setFilter });

  const all = bookings.data ?? [];
  const shown = all.filter((booking) => matchesFilter(booking.status, filter));
  return (
    <main id="main" className="page bookings-page">
      <h1>My Bookings</h1>
      <PushOfferCard />
      {bookings.data && <OfflineStatus updatedAt={bookings.dataUpdatedAt} />}
      <fieldset className="bookings-perspective">
        <legend className="visually-hidden">Show bookings</legend>
        <div className="segmented">
          {PERSPECTIVES.map((option) => (
            <label key={option.id}>
              <input type="radio" name="perspective" value={option.id} checked={perspective === option.id} onChange={() => setPerspective(option.id)} />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>

      {bookings.isPending ? (
        <Spinner label="Loading bookings" />
      ) : bookings.isError && !bookings.data ? (
        <LoadFailed title={BOOKINGS_LOAD_FAILED} error={bookings.error} onRetry={() => void bookings.refetch()} />
      ) : (
        <Tabs
          label="Booking status"
          selected={filter}
          onSelect={setFilter}
          tabs={BOOKING_FILTERS.map((id) => ({ id, label: `${FILTER_LABELS[id]} (${all.filter((booking) => matchesFilter(booking.status, id)).length})` }))}
        >
          {shown.length === 0 ? (
            <div className="empty-state">
              <p>{EMPTY_TEXT[filter]}</p>
              {filter === 'all' && (
                <Link to="/browse" className="btn btn-primary">
                  Browse Profiles
                </Link>
              )}
            </div>
          ) : (
            <ul className="booking-list">
              {shown.map((booking) => (
                <li key={booking._id}>
                  <BookingCard booking={booking} now={now} current={booking._id === shownId} onAction={(action, target) => setActive({ action, booking: target })} />
                </li>
              ))}
            </ul>
          )}
        </Tabs>
      )}

      {dialogUsed && (
        <Suspense fallback={null}>
          <BookingActionDialog action={active?.action ?? null} booking={active?.booking ?? null} onClose={() => setActive(null)} onDone={refreshAfterAction} />
        </Suspense>
      )}
    </main>
  );
}

/** Opens the decline dialog of the booking asked for once (the list loaded): or says it is too late. */
function useDeclineRequest(
  declineId: string | undefined,
  list: Booking[] | undefined,
  /** The list was asked of the server since the page opened (a kept copy may predate the request). */
  fresh: boolean,
  now: Date,
  open: (booking: Booking) => void,
  done?: () => void,
) {
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!declineId || !list || handled.current === declineId) return;
    const booking = list.find((candidate) => candidate._id === declineId);
    if (!booking && !fresh) return;
    handled.current = declineId;
    if (booking && bookingDisplay(booking, '', now).actions.includes('decline')) open(booking);
    else toast.info(DECLINE_GONE);
    done?.();
  }, [declineId, list, fresh, now, open, done]);
}

/** The first tab past All that holds a booking of this status (All holds every one). */
const tabOf = (status: Booking['status']): BookingFilter => BOOKING_FILTERS.find((id) => id !== 'all' && matchesFilter(status, id)) ?? 'all';

type View = { perspective: Perspective; filter: BookingFilter; list: Booking[] | undefined; fresh: boolean };
type ViewSetters = { perspective: (perspective: Perspective) => void; filter: (filter: BookingFilter) => void };

/**
 * Shows the booking asked for once the list has it: the side and the tab that hold it (when the
 * chosen ones hide it), then the card scrolled into view and focused. Returns the id of the card to
 * mark; says so when the booking is not the member's.
 */
function useShownBooking(bookingId: string | undefined, view: View, show: ViewSetters): string | null {
  const [shownId, setShownId] = useState<string | null>(null);
  const handled = useRef<string | null>(null);
  const { perspective, filter, list, fresh } = view;
  const { perspective: showPerspective, filter: showFilter } = show;
  useEffect(() => {
    if (!bookingId || !list || handled.current === bookingId) return;
    const booking = list.find((candidate) => candidate._id === bookingId);
    if (!booking) {
      // Hosting or Attending may hide it: All has every booking of the member's.
      if (perspective !== 'all') return showPerspective('all');
      if (!fresh) return;
      handled.current = bookingId;
      toast.info(BOOKING_ERRORS.notFound);
      return;
    }
    handled.current = bookingId;
    if (!matchesFilter(booking.status, filter)) showFilter(tabOf(booking.status));
    setShownId(bookingId);
  }, [bookingId, list, fresh, perspective, filter, showPerspective, showFilter]);

  useEffect(() => {
    const card = shownId ? document.getElementById(bookingCardId(shownId)) : null;
    if (!card) return;
    card.scrollIntoView({ block: 'center' });
    card.focus({ preventScroll: true });
  }, [shownId]);
  return shownId;
}
