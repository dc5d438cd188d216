import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AbTestEventBodySchema, AbTestEventResponseSchema, AbTestStatsQuerySchema, AbTestStatsResponseSchema } from '#shared/api/ab-test.ts';
import { AB_TEST_EVENTS, abTestPaths } from '#shared/domain/ab-test.ts';
import type { AbTestService } from './ab-test.service.ts';

const BODY_LIMIT = 1024;

/** The tagline A/B test: the landing page's view and click (public, rate limited per address) and the admin's results. */
export const abTestRoutes =
  (service: AbTestService): FastifyPluginAsyncZod =>
  async (app) => {
    for (const event of AB_TEST_EVENTS) {
      app.post(
        abTestPaths.event(event),
        { bodyLimit: BODY_LIMIT, config: { public: true, textBody: true, errors: [429] }, schema: { body: AbTestEventBodySchema, response: { 200: AbTestEventResponseSchema } } },
        async (request) => {
          await service.record(event, request.body, request.ip);
          return { success: true as const };
        },
      );
    }

    app.get(abTestPaths.stats, { config: { guard: 'admin' }, schema: { querystring: AbTestStatsQuerySchema, response: { 200: AbTestStatsResponseSchema } } }, async (request) =>
      service.stats(request.query),
    );
  };
