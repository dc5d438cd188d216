import type { ReportRequest, ReportResponseSchema } from '#shared/api/reports.ts';
import { reportsPaths } from '#shared/api/reports.paths.ts';
import { http, type AnswerOf } from '#app/platform/http.ts';

export const REPORT_FAILED = 'Failed to send the report';

export const reportsApi = {
  report: (body: ReportRequest) => http.post<AnswerOf<typeof ReportResponseSchema>>(reportsPaths.reports, body, { fallback: REPORT_FAILED }),
};
