import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NudgeResponseSchema, likesPaths } from '#shared/api/likes.ts';
import { requireMember } from '../platform/auth.ts';
import type { NudgesService } from './nudges.service.ts';

export const nudgesRoutes =
  (nudges: NudgesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      likesPaths.nudge.route,
      { config: { guard: 'verified', errors: [404, 429] }, schema: { params: z.object({ id: z.string().max(100) }), response: { 200: NudgeResponseSchema } } },
      async (request) => {
        await nudges.nudge(requireMember(request).id, request.params.id);
        return { success: true, message: 'Nudge sent!' };
      },
    );
  };
