import { createFileRoute } from '@tanstack/react-router';
import { BookingsPage } from '#app/bookings/bookings-page.tsx';

export const Route = createFileRoute('/_member/_verified/bookings')({
  loader: async ({ context }) => {
    const { bookingQueries } = await import('#app/bookings/bookings.api.ts');
    void context.queryClient.prefetchQuery(bookingQueries.list('all'));
  },
  component: BookingsPage,
});
