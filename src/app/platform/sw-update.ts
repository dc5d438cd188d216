import { Workbox } from 'workbox-window';
import { useToasts } from './ui/toast.store.ts';

export const UPDATE_MESSAGE = 'A new version is available';

let registered = false;

/**
 * The service worker's registration through workbox-window (once per page): its `waiting` event,
 * also fired for a worker that was already waiting, offers the member a reload; accepting activates
 * the new version and reloads once it controls.
 */
export function offerUpdates(failed: (error: unknown) => void): void {
  if (registered) return;
  registered = true;
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
  void wb.register({ immediate: true }).catch(failed);
}
