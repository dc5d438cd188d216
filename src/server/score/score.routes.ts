import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreditReportResponseSchema, scorePaths } from '#shared/api/score.ts';
import { requireMember } from '../platform/auth.ts';
import type { ScoreService } from './score.service.ts';

export const scoreRoutes =
  (score: ScoreService): FastifyPluginAsyncZod =>
  async (app) => {
    // The score screen is open to signed-in members whose e-mail is not verified yet (account-and-admin §6).
    app.get(scorePaths.creditReport, { schema: { response: { 200: CreditReportResponseSchema } } }, async (request) =>
      score.creditReport(requireMember(request).id),
    );
  };
