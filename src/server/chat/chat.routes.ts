import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConversationsResponseSchema,
  MarkReadResponseSchema,
  SendMessageBodySchema,
  SendMessageResponseSchema,
  ThreadQuerySchema,
  ThreadResponseSchema,
  UnreadMessagesResponseSchema,
  chatPaths,
} from '#shared/api/chat.ts';
import { requireMember } from '../platform/auth.ts';
import type { Idempotency } from '../platform/idempotency/idempotency.ts';
import type { ChatService } from './chat.service.ts';

const MemberParams = z.object({ userId: z.string().max(100) });
const verified = { guard: 'verified' as const };

export const chatRoutes =
  (chat: ChatService, idempotency: Idempotency): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(chatPaths.conversations, { config: verified, schema: { response: { 200: ConversationsResponseSchema } } }, async (request) =>
      chat.conversations(requireMember(request).id),
    );

    app.get(
      chatPaths.conversation.route,
      { config: { ...verified, errors: [404] }, schema: { params: MemberParams, querystring: ThreadQuerySchema, response: { 200: ThreadResponseSchema } } },
      async (request) => chat.thread(requireMember(request).id, request.params.userId, request.query),
    );

    app.post(
      chatPaths.send,
      { config: { ...verified, errors: [404, 409, 422, 429] }, schema: { body: SendMessageBodySchema, response: { 200: SendMessageResponseSchema, 201: SendMessageResponseSchema } } },
      async (request, reply) => {
        const sender = requireMember(request);
        // The app's outbox replays a queued message with its Idempotency-Key: stored and answered once.
        return idempotency.reply(
          request,
          reply,
          (transact) => chat.send(sender, request.body, transact),
          ({ message, created }) => ({ status: created ? 201 : 200, body: { message } }),
        );
      },
    );

    app.post(
      chatPaths.markRead.route,
      { config: { ...verified, errors: [404] }, schema: { params: MemberParams, response: { 200: MarkReadResponseSchema } } },
      async (request) => chat.markRead(requireMember(request).id, request.params.userId),
    );

    app.get(chatPaths.unreadCount, { config: verified, schema: { response: { 200: UnreadMessagesResponseSchema } } }, async (request) =>
      chat.unreadCount(requireMember(request).id),
    );
  };
