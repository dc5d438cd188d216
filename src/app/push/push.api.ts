import type { PushSubscribeResponseSchema, VapidPublicKeyResponseSchema, PushSubscriptionBody } from '#shared/api/push.ts';
import { pushPaths } from '#shared/api/push.paths.ts';
import { http, type AnswerOf } from '#app/platform/http.ts';
import { registration } from './push-session.ts';

export const PUSH_FAILED = 'Notifications could not be turned on. Please try again.';

export const pushApi = {
  vapidPublicKey: async () => (await http.get<AnswerOf<typeof VapidPublicKeyResponseSchema>>(pushPaths.vapidPublicKey)).publicKey,
  subscribe: (subscription: PushSubscriptionBody) => http.post<AnswerOf<typeof PushSubscribeResponseSchema>>(pushPaths.subscribe, subscription, { fallback: PUSH_FAILED }),
  unsubscribe: (endpoint: string) => http.delete<AnswerOf<typeof PushSubscribeResponseSchema>>(pushPaths.subscribe, { endpoint }),
};

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** This browser's side of push, behind one small interface (the prompt is tested with a fake). */
export type PushDevice = {
  state(): Promise<PushState>;
  /** Asks permission (the browser's prompt), subscribes with the server's key, and tells the server. */
  enable(): Promise<PushState>;
  /** Unsubscribes this browser and tells the server to forget it. */
  disable(): Promise<PushState>;
};

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
    // The browser's subscription, shaped as the server takes it (its keys unpadded); the schema, and
    // zod with it, load only here, so the pages showing the offer stay without them.
    const { PushSubscriptionBodySchema } = await import('#shared/api/push.ts');
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
