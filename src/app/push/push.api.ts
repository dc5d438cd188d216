import type { PushSubscribeResponseSchema, VapidPublicKeyResponseSchema, PushSubscriptionBody } from '#shared/api/push.ts';
import { pushPaths } from '#shared/api/push.paths.ts';
import { http, type AnswerOf } from '#app/platform/http.ts';

export const PUSH_FAILED = 'Notifications could not be turned on. Please try again.';

export const pushApi = {
  vapidPublicKey: async () => (await http.get<AnswerOf<typeof VapidPublicKeyResponseSchema>>(pushPaths.vapidPublicKey)).publicKey,
  subscribe: (subscription: PushSubscriptionBody) => http.post<AnswerOf<typeof PushSubscribeResponseSchema>>(pushPaths.subscribe, subscription, { fallback: PUSH_FAILED }),
  unsubscribe: (endpoint: string) => http.delete<AnswerOf<typeof PushSubscribeResponseSchema>>(pushPaths.subscribe, { endpoint }),
};
