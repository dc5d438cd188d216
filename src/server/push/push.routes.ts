import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PushSubscribeResponseSchema,
  PushSubscriptionBodySchema,
  PushUnsubscribeBodySchema,
  VapidPublicKeyResponseSchema,
  pushPaths,
} from '#shared/api/push.ts';
import { requireMember } from '../platform/auth.ts';
import type { PushService } from './push.service.ts';

export const pushRoutes =
  (push: PushService): FastifyPluginAsyncZod =>
  async (app) => {
    // Public: the page needs it before subscribing, and it is public by nature.
    app.get(pushPaths.vapidPublicKey, { config: { public: true }, schema: { response: { 200: VapidPublicKeyResponseSchema } } }, async () => ({
      publicKey: push.publicKey(),
    }));

    app.post(pushPaths.subscribe, { schema: { body: PushSubscriptionBodySchema, response: { 200: PushSubscribeResponseSchema } } }, async (request) => {
      await push.subscribe(requireMember(request).id, request.body);
      return { success: true as const };
    });

    // Idempotent: turning push off succeeds whether or not the server still had the device.
    app.delete(pushPaths.subscribe, { schema: { body: PushUnsubscribeBodySchema, response: { 200: PushSubscribeResponseSchema } } }, async (request) => {
      await push.unsubscribe(requireMember(request).id, request.body.endpoint);
      return { success: true as const };
    });
  };
