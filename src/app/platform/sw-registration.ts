import { Workbox } from 'workbox-window';
import { useToasts } from './ui/toast.store.ts';

export const UPDATE_MESSAGE = 'A new version is available';

/**
 * Registers the service worker (production builds only). When a new version has installed and
 * waits, the member is offered a reload; accepting activates it and reloads once it controls.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
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
  void wb.register();
}
