import {
  PushSubscribeResponseSchema,
  VapidPublicKeyResponseSchema,
  pushPaths,
  type PushSubscriptionBody,
} from '#shared/api/push.ts';
import { http } from '#app/platform/http.ts';

export const PUSH_FAILED = 'Notifications could not be turned on. Please try again.';

export const pushApi = {
  vapidPublicKey: async () => (await http.get(pushPaths.vapidPublicKey, VapidPublicKeyResponseSchema)).publicKey,
  subscribe: (subscription: PushSubscriptionBody) => http.post(pushPaths.subscribe, PushSubscribeResponseSchema, subscription, { fallback: PUSH_FAILED }),
  unsubscribe: (endpoint: string) => http.delete(pushPaths.subscribe, PushSubscribeResponseSchema, { endpoint }),
};
