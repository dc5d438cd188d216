import { z } from 'zod';
import { REPORT_DETAILS_MAX, REPORT_REASONS } from './reports.paths.ts';

export * from './reports.paths.ts';

export const ReportRequestSchema = z.object({
  userId: z.string().min(1).max(100),
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
  details: z.string().trim().max(REPORT_DETAILS_MAX, `Details must be at most ${REPORT_DETAILS_MAX} characters`).default(''),
  /** Reporting blocks the member too unless the reporter unticks it. */
  block: z.boolean().default(true),
});
export type ReportRequest = z.input<typeof ReportRequestSchema>;
export const ReportResponseSchema = z.object({ success: z.boolean(), message: z.string(), blocked: z.boolean() });
export type ReportResponse = z.infer<typeof ReportResponseSchema>;
