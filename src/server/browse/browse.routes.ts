import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AvailabilityBrowseQuerySchema, AvailabilityBrowseResponseSchema, availabilityPaths } from '#shared/api/availability.ts';
import { BrowseQuerySchema, BrowseResponseSchema, browsePaths } from '#shared/api/browse.ts';
import { MemberParamsSchema, MemberResponseSchema, profilesPaths } from '#shared/api/profiles.ts';
import { HttpError } from '#shared/http-error.ts';
import { requireMember } from '../platform/auth.ts';
import type { BrowseService } from './browse.service.ts';

/**
 * `checkAnswers`: hold each browse answer (JSON text written by PostgreSQL and the service, sent
 * as it is: decision 62) to what the route's response schema would have sent, byte for
 * byte; a difference is a 500. The API tests turn it on; production skips the check.
 */
export const browseRoutes =
  (browse: BrowseService, options: { checkAnswers?: boolean } = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const verified = { guard: 'verified' as const };

    app.get(
      browsePaths.users,
      // The response schema documents the answer; the text bypasses its serializer.
      { config: verified, schema: { querystring: BrowseQuerySchema, response: { 200: BrowseResponseSchema } } },
      async (request, reply) => {
        const text = await browse.browse(requireMember(request), request.query);
        if (options.checkAnswers && JSON.stringify(BrowseResponseSchema.encode(JSON.parse(text))) !== text) {
          throw new HttpError(500, 'The browse answer differs from its schema');
        }
        // A string with a JSON content type is sent without the serializer.
        return reply.type('application/json; charset=utf-8').send(text as never);
      },
    );

    // Browse by free time: the members browse would show, through their bookable slots.
    app.get(
      availabilityPaths.browse,
      { config: verified, schema: { querystring: AvailabilityBrowseQuerySchema, response: { 200: AvailabilityBrowseResponseSchema } } },
      async (request) => browse.availableSlots(requireMember(request), request.query),
    );

    app.get(
      profilesPaths.member.route,
      { config: { ...verified, errors: [404] }, schema: { params: MemberParamsSchema, response: { 200: MemberResponseSchema } } },
      async (request) => ({ user: await browse.member(requireMember(request), request.params.id) }),
    );
  };
