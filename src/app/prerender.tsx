import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createAppRouter } from './router.ts';
import { firstPageUrl, memberUrl } from './browse/browse.api.ts';
import { meUrl } from './auth/auth.api.ts';
import { MemberSkeleton } from './browse/member-page.tsx';
import { newestPageUrl } from './chat/chat.api.ts';
import { ThreadSkeleton } from './chat/thread-page.tsx';
import { activeListUrl } from './notifications/notifications.api.ts';
import { NotificationsSkeleton } from './notifications/notifications-skeleton.tsx';
import { ProfileSkeleton } from './profiles/profile-page.tsx';
import { DEFAULT_BROWSE_FILTERS } from './browse/browse-filters.store.ts';
import { BrowseSkeleton } from './browse/browse-skeleton.tsx';
import { ScoreSkeleton } from './score/score-skeleton.tsx';
import { AvailabilitySkeleton } from './availability/availability-page.tsx';
import { AppSkeleton } from './shell/app-skeleton.tsx';

/**
 * The build's renderer (scripts/prerender.ts): a public page as a signed-out visitor sees it on
 * first paint. The browser's first render of the same page (main.tsx hydrates it) must match.
 */
export async function renderPage(pathname: string): Promise<string> {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [pathname] }) });
  await router.load();
  // Rendered as the browser's router renders (the same Suspense boundaries and stores), so the
  // markup is exactly what the browser's first render hydrates: the build leaves the router's own
  // server switch unset (scripts/prerender.ts), and the loaded router becomes a browser one.
  // (Router internals: the hydration test in tests/e2e/prerender.spec.ts guards an upgrade.)
  Object.assign(router, { isServer: false, staticLocations: new WeakMap() });
  return renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

/** The h1 of every page that declares one (`staticData.heading`) and has a fixed path, by path. */
export function pageHeadings(): Record<string, string> {
  const router = createAppRouter({ history: createMemoryHistory() });
  const headings: Record<string, string> = {};
  for (const [path, route] of Object.entries(router.routesByPath)) {
    const heading = route.options.staticData?.heading;
    if (heading && !path.includes('$')) headings[path] = heading;
  }
  return headings;
}

/**
 * The pages the shell paints their own skeleton of, by path (a path ending in / stands for each
 * path one level below it), with the route file whose stylesheets the shell then holds inline and,
 * for a page whose largest paint is its data, the address of its first data (the app's own: `$id`
 * for the path's last part), which the head script asks for and draws into the skeleton
 * (src/shared/head-script.ts); the others' largest paint is static (/score's points guide). A
 * `bare` page is not in the page's frame (its own <main> has no .page margins: a conversation).
 */
const PAGE_SKELETONS: Record<string, { route: string; skeleton: ReactNode; call?: string; bare?: boolean }> = {
  '/browse': { route: '_member/_verified/browse.tsx', skeleton: <BrowseSkeleton />, call: firstPageUrl(DEFAULT_BROWSE_FILTERS) },
  '/score': { route: '_member/score.tsx', skeleton: <ScoreSkeleton /> },
  '/availability': { route: '_member/_verified/availability.tsx', skeleton: <AvailabilitySkeleton /> },
  '/notifications': { route: '_member/_verified/notifications.tsx', skeleton: <NotificationsSkeleton />, call: activeListUrl() },
  '/profile': { route: '_member/profile.tsx', skeleton: <ProfileSkeleton />, call: meUrl() },
  '/user/': { route: '_member/_verified/user.$userId.tsx', skeleton: <MemberSkeleton />, call: forAnyId(memberUrl) },
  '/messages/': { route: '_member/_verified/messages.$userId.tsx', skeleton: <ThreadSkeleton />, call: forAnyId(newestPageUrl), bare: true },
};

/** An address built for the path's last part, which the head script writes in place of `$id`. */
function forAnyId(url: (id: string) => string) {
  return url('$id').replace(encodeURIComponent('$id'), '$id');
}

/** The first data's address of each page whose skeleton the head script draws it into, by path. */
export const shellCalls = (): Record<string, string> =>
  Object.fromEntries(Object.entries(PAGE_SKELETONS).flatMap(([path, { call }]) => (call ? [[path, call]] : [])));

/** Each page skeleton's route file (below src/app/routes/), and whether it is bare, by path. */
export const skeletonRoutes = (): Record<string, { route: string; bare: boolean }> =>
  Object.fromEntries(Object.entries(PAGE_SKELETONS).map(([path, { route, bare }]) => [path, { route, bare: bare ?? false }]));

/** The shell's first paint (index.html, every page path but the public ones): every page's heading and the page skeletons. */
export function renderSkeleton(shellHeadings: Record<string, string>): string {
  const skeletons = Object.fromEntries(Object.entries(PAGE_SKELETONS).map(([path, { skeleton }]) => [path, skeleton]));
  // A skeleton's form has the page's hooks (the query client's): rendered, they ask for nothing.
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <AppSkeleton shellHeadings={shellHeadings} pageSkeletons={skeletons} />
    </QueryClientProvider>,
  );
}
