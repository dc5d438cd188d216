/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { API_PREFIX } from '#shared/api/api-prefix.ts';
import { CALENDAR_FEED_PREFIX } from '#shared/api/calendar.paths.ts';
import { PHOTO_CACHE, PHOTO_CACHE_MAX_AGE_S, PHOTO_CACHE_MAX_ENTRIES, PHOTO_PATH_PREFIX } from '#shared/domain/offline.ts';
import { prerenderedFileFor } from '#shared/prerendered-pages.ts';
import { registerOutboxSync } from './outbox-sync.ts';
import { readToken, registerPushHandlers } from './push.ts';

declare const self: ServiceWorkerGlobalScope;

// A prerendered public page answers its own path (before the precache's own route, which would
// answer / with the shell); every other page path gets the precached shell (the app). The API never.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && prerenderedFileFor(url.pathname) !== undefined,
  async ({ request, url }) => (await matchPrecache(`/${prerenderedFileFor(url.pathname)}`)) ?? fetch(request),
);

// The built shell (HTML, JS, CSS, icons, manifest), versioned by the build.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The calendar feed is not a page either: its address opened in the app's browser gets the file.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [new RegExp(`^${API_PREFIX}/`), new RegExp(`^${CALENDAR_FEED_PREFIX}`)] }));

// Member photos already seen show offline: cache first (a photo never changes under its URL),
// bounded, wiped by the page at sign-out.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith(PHOTO_PATH_PREFIX) && request.method === 'GET',
  new CacheFirst({
    cacheName: PHOTO_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: PHOTO_CACHE_MAX_ENTRIES, maxAgeSeconds: PHOTO_CACHE_MAX_AGE_S, purgeOnQuotaError: true }),
    ],
  }),
);

// A first install takes the open page at once (there is no older version to wait for); an update
// waits until the member accepts "A new version is available".
clientsClaim();

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Web Push: notifications (with Accept and Decline on a booking request) and their clicks.
registerPushHandlers();

// Background Sync: replays the offline outbox (chat messages, slot changes) with the session token.
registerOutboxSync(readToken);
