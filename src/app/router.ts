import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { deviceWritesEnglish } from './platform/date-format.ts';
import { routeTree } from './route-tree.gen.ts';

/**
 * One router definition for the browser and for the build's prerendering of public pages (which
 * passes its own history, and leaves scroll restoration to the browser's router: on the server it
 * would write an inline script, which the pages' CSP does not allow).
 */
export function createAppRouter(prerender?: { history: RouterHistory }) {
  return createRouter({
    routeTree,
    history: prerender?.history,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: !prerender,
  });
}

/** The static data of the page at the router's address. */
function pageAt(router: ReturnType<typeof createAppRouter>) {
  const matches = router.matchRoutes(router.latestLocation);
  return matches[matches.length - 1]?.staticData;
}

/** The heading of the page at the router's address, when its route declares one (for the skeleton). */
export const headingAt = (router: ReturnType<typeof createAppRouter>): string | undefined => pageAt(router)?.heading;

/** Whether the page at the router's address may use the locale's data (only a route that says it does not, does not). */
export function needsLocaleDataAt(router: ReturnType<typeof createAppRouter>): boolean {
  const needs = pageAt(router)?.needsLocaleData;
  return needs === 'unless-en-US' ? !deviceWritesEnglish() : needs !== false;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The page's h1, which the skeleton paints before the page's code arrives. */
    heading?: string;
    /**
     * False on a page that makes no Intl formatter and compares no text by locale (its dates, if
     * any, are `englishDate`'s): a member's start there does not load the locale's data (main.tsx).
     * 'unless-en-US' on a page whose only other dates are `deviceDate`'s, which make none on an
     * en-US device.
     */
    needsLocaleData?: false | 'unless-en-US';
  }
}
