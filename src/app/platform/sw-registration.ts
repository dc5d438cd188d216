import { useToasts } from './ui/toast.store.ts';

export const UPDATE_MESSAGE = 'A new version is available';

/**
 * Registers the service worker (production builds only) through workbox-window, loaded once the
 * page has loaded so neither competes with the first paint. Where there is none (an old browser,
 * some private windows) or registering fails, the app goes on working online without it. When a
 * new version has installed and waits, the member is offered a reload; accepting activates it and
 * reloads once it controls.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !navigator.serviceWorker) return;
  const register = () => {
    import('workbox-window')
      .then(({ Workbox }) => {
        const wb = new Workbox('/sw.js', { scope: '/' });
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
        return wb.register({ immediate: true });
      })
      .catch((error: unknown) => console.warn('Service worker registration failed; the app works online only.', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
