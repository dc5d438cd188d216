import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BLOCK_TEXTS, BlockResponseSchema, BlockedMembersResponseSchema, blocksPaths } from '#shared/api/blocks.ts';
import { requireMember } from '../platform/auth.ts';
import type { BlocksService } from './blocks.service.ts';

const MemberParams = z.object({ id: z.string().max(100) });
const errors = [400, 404] as const;

export const blocksRoutes =
  (blocks: BlocksService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(blocksPaths.blocked, { schema: { response: { 200: BlockedMembersResponseSchema } } }, async (request) => ({
      members: await blocks.blocked(requireMember(request).id),
    }));

    app.post(blocksPaths.block.route, { config: { errors }, schema: { params: MemberParams, response: { 200: BlockResponseSchema } } }, async (request) => {
      await blocks.block(requireMember(request).id, request.params.id);
      return { success: true, message: BLOCK_TEXTS.blocked, isBlocked: true };
    });

    app.delete(blocksPaths.block.route, { config: { errors }, schema: { params: MemberParams, response: { 200: BlockResponseSchema } } }, async (request) => {
      await blocks.unblock(requireMember(request).id, request.params.id);
      return { success: true, message: BLOCK_TEXTS.unblocked, isBlocked: false };
    });
  };
