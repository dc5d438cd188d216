import { useToasts } from './ui/toast.store.ts';

export const UPDATE_MESSAGE = 'A new version is available';

/**
 * Registers the service worker (production builds only) once the page has loaded, so it never
 * competes with the first paint. Where there is none (an old browser, some private windows) or
 * registering fails, the app goes on working online without it. When a new version has installed
 * and waits while an older one controls the page, the member is offered a reload; accepting
 * activates it and reloads once it controls. (The browser's own API: workbox-window would add 2 KB
 * to a visitor's first download for the same few lines.)
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !navigator.serviceWorker) return;
  const register = () => {
    try {
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(offerUpdates, failed);
    } catch (error) {
      failed(error);
    }
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

function failed(error: unknown) {
  console.warn('Service worker registration failed; the app works online only.', error);
}

function offerUpdates(registration: ServiceWorkerRegistration) {
  // A first install has no controller to replace: it takes over by itself.
  const offer = (worker: ServiceWorker) => {
    if (!navigator.serviceWorker.controller) return;
    useToasts.getState().show({
      tone: 'info',
      message: UPDATE_MESSAGE,
      duration: 0,
      action: {
        label: 'Reload',
        run: () => {
          navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
          worker.postMessage({ type: 'SKIP_WAITING' });
        },
      },
    });
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  });
}
