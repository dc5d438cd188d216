import { SW_SESSION_MESSAGE, type SwSessionMessage } from '#shared/domain/push.ts';
import { PushSubscriptionBodySchema } from '#shared/api/push.ts';
import { useSession } from '#app/platform/session.store.ts';
import { pushApi } from './push.api.ts';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** This browser's side of push, behind one small interface (the prompt is tested with a fake). */
export type PushDevice = {
  state(): Promise<PushState>;
  /** Asks permission (the browser's prompt), subscribes with the server's key, and tells the server. */
  enable(): Promise<PushState>;
  /** Unsubscribes this browser and tells the server to forget it. */
  disable(): Promise<PushState>;
};

const supported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The service worker's registration, if one is active (none in development or a private window). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!supported()) return undefined;
  return (await navigator.serviceWorker.getRegistration('/')) ?? undefined;
}

export const browserPushDevice: PushDevice = {
  async state() {
    const reg = await registration();
    if (!reg) return 'unsupported';
    if (Notification.permission === 'denied') return 'denied';
    return (await reg.pushManager.getSubscription()) && Notification.permission === 'granted' ? 'on' : 'off';
  },

  async enable() {
    const reg = await registration();
    if (!reg) return 'unsupported';
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
    const key = await pushApi.vapidPublicKey();
    let subscription = await reg.pushManager.getSubscription();
    // A subscription made with another server key cannot be used: start again.
    const current = subscription?.options.applicationServerKey;
    if (subscription && current && btoa(String.fromCharCode(...new Uint8Array(current))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') !== key) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    await pushApi.subscribe(PushSubscriptionBodySchema.parse(subscription.toJSON()));
    return 'on';
  },

  async disable() {
    const reg = await registration();
    const subscription = await reg?.pushManager.getSubscription();
    if (subscription) {
      await pushApi.unsubscribe(subscription.endpoint).catch(() => undefined);
      await subscription.unsubscribe();
    }
    return reg ? (Notification.permission === 'denied' ? 'denied' : 'off') : 'unsupported';
  },
};

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
