import { SW_SESSION_MESSAGE, type SwSessionMessage } from '#shared/domain/push.ts';
import { useSession } from '#app/platform/session.store.ts';

/*
 * The part of push every start runs: small, with no schema library or HTTP client, so a visitor's
 * first page stays light. Turning push on and off lives in push.api.ts (browserPushDevice), loaded
 * with the member pages.
 */

const supported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The service worker's registration, if one is active (none in development or a private window). */
export async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!supported()) return undefined;
  return (await navigator.serviceWorker.getRegistration('/')) ?? undefined;
}

function postToWorker(message: SwSessionMessage) {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((reg) => reg.active?.postMessage(message));
}

/**
 * Keeps the service worker's copy of the session token in step with the page's, and at sign-out
 * (or when another member signs in) unsubscribes this browser, so a shared phone stops receiving
 * the last member's notifications.
 */
export function syncPushWithSession() {
  if (!supported()) return;
  postToWorker({ type: SW_SESSION_MESSAGE, token: useSession.getState().token });
  useSession.subscribe((state, previous) => {
    if (state.token === previous.token) return;
    postToWorker({ type: SW_SESSION_MESSAGE, token: state.token });
    // Signed out, or another member signed in on this browser: its pushes were the last member's.
    if (previous.user && previous.user._id !== state.user?._id) {
      void registration().then(async (reg) => {
        const subscription = await reg?.pushManager.getSubscription();
        // The server's row goes too: its next push is answered 410 and the server deletes it.
        await subscription?.unsubscribe();
      });
    }
  });
}
