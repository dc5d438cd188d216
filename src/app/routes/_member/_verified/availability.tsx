import { createFileRoute } from '@tanstack/react-router';
import { AvailabilityPage } from '#app/availability/availability-page.tsx';
import { queryClient } from '#app/platform/query.ts';
import { useSession } from '#app/platform/session.store.ts';
import { FALLBACK_TIME_ZONE, zoneClockQuery } from '#app/platform/zone-clock.ts';

export const Route = createFileRoute('/_member/_verified/availability')({
  staticData: { heading: 'My Availability', needsLocaleData: false },
  // The host's zone reading (the page's clock) is asked for while the screen's code downloads.
  loader: () => void queryClient.prefetchQuery(zoneClockQuery(useSession.getState().user?.timeZone ?? FALLBACK_TIME_ZONE)),
  component: AvailabilityPage,
});
