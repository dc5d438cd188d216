import { createFileRoute } from '@tanstack/react-router';
import { bookingQueries } from '#app/bookings/bookings.api.ts';
import { BookingsPage } from '#app/bookings/bookings-page.tsx';
import { stringParam } from '#app/platform/guards.ts';
import { queryClient } from '#app/platform/query.ts';

export const Route = createFileRoute('/_member/_verified/bookings')({
  staticData: { heading: 'My Bookings' },
  // ?decline={bookingId} opens that request's decline dialog (a push notification's Decline).
  validateSearch: (search: Record<string, unknown>): { decline?: string } => {
    const decline = stringParam(search, 'decline', 100);
    return decline ? { decline } : {};
  },
  loader: () => {
    void queryClient.prefetchQuery(bookingQueries.list('all'));
  },
  component: function Bookings() {
    const { decline } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <BookingsPage declineId={decline} onDeclineShown={() => void navigate({ search: {}, replace: true })} />;
  },
});
