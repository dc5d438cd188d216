import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReportRequestSchema, ReportResponseSchema, reportsPaths } from '#shared/api/reports.ts';
import { requireMember } from '../platform/auth.ts';
import type { ReportsService } from './reports.service.ts';

export const reportsRoutes =
  (reports: ReportsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      reportsPaths.reports,
      { config: { errors: [400, 404, 409, 429] as const }, schema: { body: ReportRequestSchema, response: { 200: ReportResponseSchema } } },
      async (request) => reports.report(requireMember(request).id, request.body),
    );
  };
