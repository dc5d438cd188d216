import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminDeleteResponseSchema,
  AdminStatsResponseSchema,
  AdminUserResponseSchema,
  AdminUsersQuerySchema,
  AdminUsersResponseSchema,
  AuditLogQuerySchema,
  AuditLogResponseSchema,
  BanBodySchema,
  adminPaths,
} from '#shared/api/admin.ts';
import {
  AdminReportDetailSchema,
  AdminReportsQuerySchema,
  AdminReportsResponseSchema,
  ResolveReportBodySchema,
  ResolveReportResponseSchema,
  reportsPaths,
} from '#shared/api/reports.ts';
import { requireMember } from '../platform/auth.ts';
import type { AdminService } from './admin.service.ts';

const UserParams = z.object({ id: z.string().max(100) });
/** Every admin call: a session (401 without), then an admin (403 to members). */
const admin = { guard: 'admin' as const };

export const adminRoutes =
  (service: AdminService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(adminPaths.stats, { config: admin, schema: { response: { 200: AdminStatsResponseSchema } } }, async () => ({
      stats: await service.stats(),
    }));

    app.get(adminPaths.users, { config: admin, schema: { querystring: AdminUsersQuerySchema, response: { 200: AdminUsersResponseSchema } } }, async (request) =>
      service.users(request.query),
    );

    app.put(
      adminPaths.ban.route,
      { config: { ...admin, errors: [404] }, schema: { params: UserParams, body: BanBodySchema, response: { 200: AdminUserResponseSchema } } },
      async (request) => ({ user: await service.setBanned(requireMember(request), request.params.id, request.body) }),
    );

    app.delete(
      adminPaths.user.route,
      { config: { ...admin, errors: [404] }, schema: { params: UserParams, response: { 200: AdminDeleteResponseSchema } } },
      async (request) => {
        await service.remove(requireMember(request), request.params.id);
        return { success: true as const };
      },
    );

    app.get(reportsPaths.adminReports, { config: admin, schema: { querystring: AdminReportsQuerySchema, response: { 200: AdminReportsResponseSchema } } }, async (request) =>
      service.reports(request.query.status),
    );

    app.get(
      reportsPaths.adminReport.route,
      { config: { ...admin, errors: [404] }, schema: { params: UserParams, response: { 200: AdminReportDetailSchema } } },
      async (request) => service.report(request.params.id),
    );

    app.post(
      reportsPaths.resolve.route,
      { config: { ...admin, errors: [400, 404, 409] }, schema: { params: UserParams, body: ResolveReportBodySchema, response: { 200: ResolveReportResponseSchema } } },
      async (request) => service.resolveReport(requireMember(request), request.params.id, request.body),
    );

    app.get(adminPaths.auditLog, { config: admin, schema: { querystring: AuditLogQuerySchema, response: { 200: AuditLogResponseSchema } } }, async (request) => ({
      entries: await service.auditLog(request.query.userId ?? request.query.restaurantId),
    }));
  };
