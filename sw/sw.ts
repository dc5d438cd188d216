/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerOutboxSync } from './outbox-sync.ts';
import { readToken, registerPushHandlers } from './push.ts';

declare const self: ServiceWorkerGlobalScope;

// The built shell (HTML, JS, CSS, icons, manifest), versioned by the build.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page path is the app: offline, the precached shell answers navigations. The API never.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

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
