import { createRouter, type RouterHistory } from '@tanstack/react-router';
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

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
