import { useToasts } from './ui/toast.store.ts';

export const UPDATE_MESSAGE = 'A new version is available';
const SCRIPT = '/sw.js';

/**
 * Registers the service worker (production builds only) once the page has loaded, so it never
 * competes with the first paint. Where there is none (an old browser, some private windows) or
 * registering fails, the app goes on working online without it.
 *
 * A first visit (no worker controls the page yet) registers with the browser's own call: nothing
 * can be waiting to replace a version it does not have, so it downloads no more (decision 45).
 * Updates go through workbox-window, loaded when there can be one: on a page an installed version
 * controls (from the precache, no network), or once a new version has installed behind the one in
 * charge. The member is then offered a reload; accepting activates it and reloads once it controls.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !navigator.serviceWorker) return;
  const container = navigator.serviceWorker;
  const register = () => {
    if (container.controller) return void offerUpdates();
    container
      .register(SCRIPT, { scope: '/' })
      .then((registration) => {
        if (registration.waiting) return void offerUpdates(); // a hard reload with an update waiting
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            // Installed while an older version controls the page: an update waits.
            if (installing.state === 'installed' && container.controller) void offerUpdates();
          });
        });
      })
      .catch(failed);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

let offering: Promise<void> | undefined;

/** workbox-window's registration: its `waiting` event (also for a worker already waiting) offers the reload. */
function offerUpdates(): Promise<void> {
  offering ??= import('workbox-window')
    .then(({ Workbox }) => {
      const wb = new Workbox(SCRIPT, { scope: '/' });
      wb.addEventListener('waiting', () => {
        useToasts.getState().show({
          tone: 'info',
          message: UPDATE_MESSAGE,
          duration: 0,
          action: {
            label: 'Reload',
            run: () => {
              wb.addEventListener('controlling', () => window.location.reload());
              wb.messageSkipWaiting();
            },
          },
        });
      });
      return wb.register({ immediate: true }).then(() => undefined);
    })
    .catch(failed);
  return offering;
}

function failed(error: unknown) {
  console.warn('Service worker registration failed; the app works online only.', error);
}
