import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NotificationActionResponseSchema,
  NotificationsQuerySchema,
  NotificationsResponseSchema,
  UnreadCountResponseSchema,
  notificationsPaths,
} from '#shared/api/notifications.ts';
import { requireMember } from '../platform/auth.ts';
import type { NotificationsService } from './notifications.service.ts';

const ItemParams = z.object({ id: z.string().max(100) });
const verified = { guard: 'verified' as const };
const action = { params: ItemParams, response: { 200: NotificationActionResponseSchema } };

export const notificationsRoutes =
  (inbox: NotificationsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      notificationsPaths.list,
      { config: verified, schema: { querystring: NotificationsQuerySchema, response: { 200: NotificationsResponseSchema } } },
      async (request) => inbox.list(requireMember(request).id, request.query),
    );

    app.get(notificationsPaths.unreadCount, { config: verified, schema: { response: { 200: UnreadCountResponseSchema } } }, async (request) =>
      inbox.unreadCount(requireMember(request).id),
    );

    app.put(notificationsPaths.read.route, { config: { ...verified, errors: [404] }, schema: action }, async (request) => ({
      notification: await inbox.markRead(requireMember(request).id, request.params.id),
    }));

    app.put(notificationsPaths.archive.route, { config: { ...verified, errors: [404] }, schema: action }, async (request) => ({
      notification: await inbox.archive(requireMember(request).id, request.params.id),
    }));

    app.put(notificationsPaths.acknowledge.route, { config: { ...verified, errors: [404] }, schema: action }, async (request) => ({
      notification: await inbox.acknowledge(requireMember(request).id, request.params.id),
    }));
  };
