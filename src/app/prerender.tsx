import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createAppRouter } from './router.ts';
import { firstPageUrl } from './browse/browse.api.ts';
import { DEFAULT_BROWSE_FILTERS } from './browse/browse-filters.store.ts';
import { BrowseSkeleton } from './browse/browse-skeleton.tsx';
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
 * The shell's first paint (index.html, every page path but the public ones), with every page's
 * heading and /browse's own skeleton (the page the head script starts early, src/shared/head-script.ts).
 */
export function renderSkeleton(shellHeadings: Record<string, string>): string {
  return renderToString(<AppSkeleton shellHeadings={shellHeadings} pageSkeletons={<BrowseSkeleton />} />);
}

/** The first browse page a member who never changed the filters asks for (the head script's default). */
export const defaultBrowseUrl = () => firstPageUrl(DEFAULT_BROWSE_FILTERS);
