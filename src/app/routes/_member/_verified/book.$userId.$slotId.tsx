import { createFileRoute } from '@tanstack/react-router';
import { browseQueries } from '#app/browse/browse.api.ts';
import { BookPage } from '#app/bookings/book-page.tsx';
import { queryClient } from '#app/platform/query.ts';

export const Route = createFileRoute('/_member/_verified/book/$userId/$slotId')({
  // Starts loading the host while the screen's code downloads; the screen shows its own errors.
  loader: ({ params }) => {
    void queryClient.prefetchQuery(browseQueries.member(params.userId));
  },
  component: function Book() {
    const { userId, slotId } = Route.useParams();
    return <BookPage key={`${userId}/${slotId}`} userId={userId} slotId={slotId} />;
  },
});
