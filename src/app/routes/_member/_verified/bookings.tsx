import { createFileRoute } from '@tanstack/react-router';
import { BOOKING_SEARCH_PARAM, DECLINE_SEARCH_PARAM } from '#shared/api/bookings-search.ts';
import { bookingQueries } from '#app/bookings/bookings.api.ts';
import { BookingsPage } from '#app/bookings/bookings-page.tsx';
import { stringParam } from '#app/platform/guards.ts';
import { queryClient } from '#app/platform/query.ts';

export const Route = createFileRoute('/_member/_verified/bookings')({
  staticData: { heading: 'My Bookings' },
  // ?decline={bookingId} opens that request's decline dialog (a push notification's Decline);
  // ?booking={bookingId} shows that booking (`bookingsPage.booking`: a calendar event's link back).
  validateSearch: (search: Record<string, unknown>): { decline?: string; booking?: string } => {
    const decline = stringParam(search, DECLINE_SEARCH_PARAM, 100);
    const booking = stringParam(search, BOOKING_SEARCH_PARAM, 100);
    return { ...(decline && { decline }), ...(booking && { booking }) };
  },
  loader: () => {
    void queryClient.prefetchQuery(bookingQueries.list('all'));
  },
  component: function Bookings() {
    const { decline, booking } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <BookingsPage
        declineId={decline}
        onDeclineShown={() => void navigate({ search: ({ decline: _shown, ...rest }) => rest, replace: true })}
        bookingId={booking}
      />
    );
  },
});
