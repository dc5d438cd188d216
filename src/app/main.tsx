import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { restoreSession } from './auth/session.ts';
import { queryClient } from './platform/query.ts';
import { followSessionForOutbox } from './platform/outbox/follow-session.ts';
import { followSessionForRealtime } from './platform/realtime/follow-session.ts';
import { useSession } from './platform/session.store.ts';
import { registerServiceWorker } from './platform/sw-registration.ts';
import { syncPushWithSession } from './push/push-session.ts';
import { FullPageSpinner } from './platform/ui/spinner.tsx';
import './platform/ui/theme.css';
import { routeTree } from './route-tree.gen.ts';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

function App() {
  const status = useSession((state) => state.status);
  if (status === 'loading') return <FullPageSpinner label="Loading Rendezvous" />;
  return <RouterProvider router={router} />;
}

// A change of who is signed in (sign-in, sign-out, a 401 anywhere) re-runs the route guards.
useSession.subscribe((state, previous) => {
  if (state.token !== previous.token || state.user?.isEmailVerified !== previous.user?.isEmailVerified) void router.invalidate();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);

void restoreSession();
// The live connection (lazy: only signed-in, verified members download it).
followSessionForRealtime();
// The offline outbox (lazy too): queued chat messages and slot changes, sent when the network returns.
followSessionForOutbox();
registerServiceWorker();
syncPushWithSession();
