import { z } from 'zod';
import { REPORT_ACTIONS, REPORT_DETAILS_MAX, REPORT_NOTE_MAX, REPORT_REASONS, REPORT_STATUSES, REPORT_TEXTS } from './reports.paths.ts';

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

const PersonSchema = z.object({ _id: z.string(), name: z.string(), email: z.string() });

export const AdminReportSchema = z.object({
  _id: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(REPORT_STATUSES),
  action: z.enum(REPORT_ACTIONS).nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** Null once the reporter's account is gone. */
  reporter: PersonSchema.nullable(),
  reported: PersonSchema.extend({ isBanned: z.boolean() }),
  /** Reported by FLAG_REPORTERS different members within FLAG_WINDOW_DAYS. */
  flagged: z.boolean(),
});
export type AdminReport = z.infer<typeof AdminReportSchema>;

export const AdminReportsQuerySchema = z.object({ status: z.enum([...REPORT_STATUSES, 'all']).default('all') });
export const AdminReportsResponseSchema = z.object({
  /** Open first, oldest first; flagged members' open reports before the rest. */
  reports: z.array(AdminReportSchema),
  counts: z.object({ open: z.number(), resolved: z.number(), openByReason: z.record(z.enum(REPORT_REASONS), z.number()) }),
});
export type AdminReportsResponse = z.infer<typeof AdminReportsResponseSchema>;

export const AdminReportDetailSchema = z.object({
  report: AdminReportSchema,
  profile: z.object({
    age: z.number().nullable(),
    city: z.string().nullable(),
    bio: z.string(),
    photos: z.array(z.object({ _id: z.string(), url: z.string() })),
  }),
  /** The dates between the reporter and the reported member, newest first. */
  dates: z.array(z.object({ _id: z.string(), startsAt: z.string(), status: z.string(), venue: z.string() })),
  /** The messages between the two only, oldest first (the latest REPORT_MESSAGES_SHOWN). */
  messages: z.array(z.object({ _id: z.string(), fromReporter: z.boolean(), content: z.string(), createdAt: z.string() })),
  /** The reports about the same member made before this one, newest first. */
  earlierReports: z.array(AdminReportSchema.pick({ _id: true, reason: true, status: true, action: true, createdAt: true })),
});
export type AdminReportDetail = z.infer<typeof AdminReportDetailSchema>;
export const REPORT_MESSAGES_SHOWN = 50;

export const ResolveReportBodySchema = z
  .object({
    action: z.enum(REPORT_ACTIONS, { error: 'Choose an action' }),
    note: z.string({ error: REPORT_TEXTS.noteRequired }).trim().min(1, REPORT_TEXTS.noteRequired).max(REPORT_NOTE_MAX, `The note must be at most ${REPORT_NOTE_MAX} characters`),
    photoId: z.string().max(100).optional(),
  })
  .refine((body) => body.action !== 'remove_photo' || body.photoId !== undefined, { path: ['photoId'], message: REPORT_TEXTS.photoRequired });
export type ResolveReportBody = z.input<typeof ResolveReportBodySchema>;
export const ResolveReportResponseSchema = z.object({ report: AdminReportSchema });
