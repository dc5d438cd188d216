import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, Suspense, lazy, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { restoreSession } from './auth/session.ts';
import { useSession } from './platform/session.store.ts';
import { loadDateData } from './platform/date-format.ts';
import { captureInstallPrompt } from './platform/install.ts';
import { registerServiceWorker } from './platform/sw-registration.ts';
import './platform/ui/theme.css';
import { createAppRouter, headingAt, needsLocaleDataAt } from './router.ts';
import { AppSkeleton } from './shell/app-skeleton.tsx';

/** Built in a main-thread task of its own, after the one that evaluates the app's code (see below). */
let router: ReturnType<typeof createAppRouter>;

type MemberQueriesProvider = typeof import('./platform/query-provider.tsx').default;
/** The provider once its code has arrived: rendered as it is, not through `lazy` (below). */
let memberQueries: MemberQueriesProvider | undefined;
const loadMemberQueries = () =>
  import('./platform/query-provider.tsx').then((module) => {
    memberQueries = module.default;
    return module;
  });
const LazyMemberQueries = lazy(loadMemberQueries);

function App() {
  const signedIn = useSession((state) => state.token !== null);
  const loading = useSession((state) => state.status === 'loading');
  // A member's kept screens are restored before their first page; a visitor has nothing to wait for.
  if (signedIn && loading) return <AppSkeleton heading={headingAt(router)} />;
  const routes = <RouterProvider router={router} />;
  // Only a member's screens use the query cache (a visitor's first download carries none of it).
  // A `lazy` component suspends on its first render even when its code is in: the skeleton would
  // be committed as a fallback, and React holds back the page that replaces a fallback for up to
  // 300 ms — the first photo, already loaded, waited that long to be painted.
  const MemberQueries = memberQueries ?? LazyMemberQueries;
  return signedIn ? (
    <Suspense fallback={<AppSkeleton heading={headingAt(router)} />}>
      <MemberQueries>{routes}</MemberQueries>
    </Suspense>
  ) : (
    routes
  );
}

// A change of who is signed in (sign-in, sign-out, a 401 anywhere) re-runs the route guards.
useSession.subscribe((state, previous) => {
  if (state.token !== previous.token || state.user?.isEmailVerified !== previous.user?.isEmailVerified) void router?.invalidate();
});

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const root = document.getElementById('root')!;

/** Resolves once the stored session's kept screens are restored (`restoreSession`'s markReady). */
const restored = () =>
  new Promise<void>((resolve) => {
    if (useSession.getState().status !== 'loading') return resolve();
    const stop = useSession.subscribe((state) => {
      if (state.status === 'loading') return;
      stop();
      resolve();
    });
  });

// Before anything else: the browser may offer installation as soon as the page loads.
captureInstallPrompt();

// Three main-thread tasks rather than one long one that would hold up a tap on the painted shell:
// evaluating the app's code (this one), building the router, starting the page.
setTimeout(() => {
  router = createAppRouter();
  setTimeout(start, 0);
}, 0);

function start() {
  // A member's page starts at once, beside the restore of their kept screens: its route's code and
  // its loader's request, and the query provider's code (none of them waits for another).
  const memberStart = useSession.getState().token === null ? null : Promise.allSettled([restored(), loadMemberQueries(), router.load()]);

  // A prerendered public page (already on screen) is hydrated once its route's code has loaded, so
  // the same markup comes out; as a transition, so React hydrates it in short slices that leave the
  // main thread free (a page that is already painted has nothing to wait for). Every other page
  // renders over the shell's skeleton — a member's once the page can render, so the skeleton the shell
  // painted (its heading already the page's) stays in place until the page itself replaces it
  // (decision 60) — and a member on a public page (hidden by the head script) once that page is gone.
  if (!root.hasAttribute('data-prerendered')) {
    if (memberStart) void memberStart.then(() => startTransition(() => createRoot(root).render(app)));
    else createRoot(root).render(app);
  } else if (useSession.getState().token === null) {
    // The head script hides a prerendered page from a stored session; the app found none that holds.
    document.documentElement.removeAttribute('data-member');
    void router.load().then(() => startTransition(() => void hydrateRoot(root, app)));
  } else {
    root.replaceChildren();
    root.removeAttribute('data-prerendered');
    createRoot(root).render(app);
  }

  void restoreSession();
  // The live connection, the offline outbox and push follow a member's session: their code loads
  // with the first session (at once for a stored one), never for a visitor who does not sign in.
  const followMember = () => void import('./member-start.ts').then((member) => member.followMemberSession());
  if (memberStart) {
    // Only for a page that uses it: its 15–30 ms (four times that on a slow phone) are otherwise
    // a long task for nothing.
    if (needsLocaleDataAt(router)) loadDateData();
    // The live connection, the outbox and push follow once the member's page has rendered and the
    // browser is idle, so their code and work never stand between the member and the page (decision 46).
    const stop = router.subscribe('onRendered', () => {
      stop();
      if ('requestIdleCallback' in window) requestIdleCallback(followMember, { timeout: 2000 });
      else setTimeout(followMember, 200);
    });
  } else {
    const stop = useSession.subscribe((state) => {
      if (state.token === null) return;
      stop();
      followMember();
    });
  }
  registerServiceWorker();
}
