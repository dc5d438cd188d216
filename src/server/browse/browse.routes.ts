import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BrowseQuerySchema, BrowseResponseSchema, browsePaths } from '#shared/api/browse.ts';
import { MemberParamsSchema, MemberResponseSchema, profilesPaths } from '#shared/api/profiles.ts';
import { requireMember } from '../platform/auth.ts';
import type { BrowseService } from './browse.service.ts';

export const browseRoutes =
  (browse: BrowseService): FastifyPluginAsyncZod =>
  async (app) => {
    const verified = { guard: 'verified' as const };

    app.get(
      browsePaths.users,
      { config: verified, schema: { querystring: BrowseQuerySchema, response: { 200: BrowseResponseSchema } } },
      async (request) => browse.browse(requireMember(request), request.query),
    );

    app.get(
      profilesPaths.memberRoute,
      { config: verified, schema: { params: MemberParamsSchema, response: { 200: MemberResponseSchema } } },
      async (request) => ({ user: await browse.member(requireMember(request), request.params.id) }),
    );
  };
