/**
 * Registers the service worker (production builds only) once the page has loaded, so it never
 * competes with the first paint. Where there is none (an old browser, some private windows) or
 * registering fails, the app goes on working online without it.
 *
 * A first visit (no worker controls the page yet) registers with the browser's own call: nothing
 * can be waiting to replace a version it does not have, so it downloads nothing more (decision 45).
 * Updates go through workbox-window (`sw-update.ts`), loaded when there can be one: on a page an
 * installed version controls (from the precache, no network), or once a new version has installed
 * behind the one in charge.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !navigator.serviceWorker) return;
  const container = navigator.serviceWorker;
  const offerUpdates = () => void import('./sw-update.ts').then((update) => update.offerUpdates(failed), failed);
  const register = () => {
    if (container.controller) return offerUpdates();
    container
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        if (registration.waiting) return offerUpdates(); // a hard reload with an update waiting
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            // Installed while an older version controls the page: an update waits.
            if (installing.state === 'installed' && container.controller) offerUpdates();
          });
        });
      })
      .catch(failed);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

export function failed(error: unknown) {
  console.warn('Service worker registration failed; the app works online only.', error);
}
