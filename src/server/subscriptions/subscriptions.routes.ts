import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CancelSubscriptionResponseSchema,
  CreateSubscriptionBodySchema,
  CreateSubscriptionResponseSchema,
  SubscriptionStatusSchema,
  subscriptionsPaths,
} from '#shared/api/subscriptions.ts';
import { requireMember } from '../platform/auth.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

/** Signed in (the spec's /subscription, /car-tier and /payment need no verified e-mail). */
export const subscriptionsRoutes =
  (subscriptions: SubscriptionsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(subscriptionsPaths.status, { schema: { response: { 200: SubscriptionStatusSchema } } }, async (request) =>
      subscriptions.status(requireMember(request)),
    );

    app.post(
      subscriptionsPaths.create,
      { config: { errors: [402, 409, 503] }, schema: { body: CreateSubscriptionBodySchema, response: { 200: CreateSubscriptionResponseSchema } } },
      async (request) => subscriptions.create(requireMember(request), request.body),
    );

    app.post(subscriptionsPaths.cancel, { config: { errors: [409] }, schema: { response: { 200: CancelSubscriptionResponseSchema } } }, async (request) =>
      subscriptions.cancel(requireMember(request)),
    );
  };
