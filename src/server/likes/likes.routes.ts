import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LikeResponseSchema, LikeStatusResponseSchema, LikesResponseSchema, likesPaths } from '#shared/api/likes.ts';
import { requireMember } from '../platform/auth.ts';
import type { LikesService } from './likes.service.ts';

const MemberParams = z.object({ id: z.string().max(100) });
const verified = { guard: 'verified' as const };

export const likesRoutes =
  (likes: LikesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(likesPaths.likes, { config: verified, schema: { response: { 200: LikesResponseSchema } } }, async (request) =>
      likes.likes(requireMember(request).id),
    );

    app.post(
      likesPaths.like.route,
      { config: { ...verified, errors: [404] }, schema: { params: MemberParams, response: { 200: LikeResponseSchema } } },
      async (request) => {
        await likes.like(requireMember(request).id, request.params.id);
        return { success: true, message: 'Liked', isLiked: true };
      },
    );

    app.delete(
      likesPaths.like.route,
      { config: { ...verified, errors: [404] }, schema: { params: MemberParams, response: { 200: LikeResponseSchema } } },
      async (request) => {
        await likes.unlike(requireMember(request).id, request.params.id);
        return { success: true, message: 'Like removed', isLiked: false };
      },
    );

    app.get(
      likesPaths.likeStatus.route,
      { config: { ...verified, errors: [404] }, schema: { params: MemberParams, response: { 200: LikeStatusResponseSchema } } },
      async (request) => ({ isLiked: await likes.isLiked(requireMember(request).id, request.params.id) }),
    );
  };
