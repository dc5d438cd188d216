import { FLAG_REPORTERS, FLAG_WINDOW_DAYS, REPORT_REASONS, REPORT_TEXTS, REPORTS_PER_DAY, type AdminReport, type ReportRequestSchema, type ReportResponse, type ReportStatus } from '#shared/api/reports.ts';
import { HOUR_MS } from '#shared/domain/booking.ts';
import { HttpError } from '#shared/http-error.ts';
import type { z } from 'zod';
import { findUserById } from '../auth/auth.service.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { isUuid } from '../platform/ids.ts';
import { RateLimitedError } from '../platform/errors.ts';
import { consume } from '../platform/rate-limit.ts';
import * as repo from './reports.repo.ts';
import { DAY_MS } from '#shared/domain/durations.ts';

export { earlierReportsAbout, eraseMember, findReport, lockReport, markResolved, profileOf } from './reports.repo.ts';
export { REPORT_WARNING_JOB, registerReportMails, reportWarningJob, WARNING_MESSAGE, WARNING_TITLE } from './reports.mails.ts';

const MEMBER_NOT_FOUND = 'User not found';
const REPORT_LIMIT = { max: REPORTS_PER_DAY, windowMs: DAY_MS };

export type ReportsDeps = {
  db: Db;
  clock: Clock;
  /** The blocks feature's block, inside the report's transaction. */
  block: (memberId: string, otherId: string, tx: Tx) => Promise<void>;
};

export function createReportsService(deps: ReportsDeps) {
  const { db, clock } = deps;
  return {
    /**
     * Stores a member's report, and blocks the member too unless asked not to, in one transaction:
     * a refused report (already open for the pair, over the day's limit) blocks nothing.
     */
    async report(reporterId: string, request: z.output<typeof ReportRequestSchema>): Promise<ReportResponse> {
      const body = { ...request, userId: request.userId.toLowerCase() };
      if (reporterId === body.userId) throw new HttpError(400, REPORT_TEXTS.notYourself, [{ field: 'userId', message: REPORT_TEXTS.notYourself }]);
      if (!isUuid(body.userId)) throw new HttpError(404, MEMBER_NOT_FOUND);
      const now = clock.now();
      await db.transaction(async (tx) => {
        // Any member who exists, whatever their state: a banned member can still be reported.
        if (!(await findUserById(tx, body.userId))) throw new HttpError(404, MEMBER_NOT_FOUND);
        const id = await repo.insertReport(tx, { reporterId, reportedId: body.userId, reason: body.reason, details: body.details, createdAt: now });
        if (!id) throw new HttpError(409, REPORT_TEXTS.alreadyOpen);
        try {
          await consume(tx, `report:${reporterId}`, REPORT_LIMIT, now);
        } catch (error) {
          if (error instanceof RateLimitedError) throw new HttpError(429, REPORT_TEXTS.perDay);
          throw error;
        }
        if (body.block) await deps.block(reporterId, body.userId, tx);
      });
      return { success: true, message: REPORT_TEXTS.thanks, blocked: body.block };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;

/** The queue as a moderator reads it: flagged members' open reports first, then open, then resolved; oldest first. */
export async function reportQueue(db: Tx, status: ReportStatus | 'all', now: Date) {
  const [rows, totals, flagged] = await Promise.all([repo.queue(db, status), repo.counts(db), flaggedSince(db, now)]);
  const rank = (report: AdminReport) => (report.status === 'open' ? (report.flagged ? 0 : 1) : 2);
  const reports = rows
    .map((row) => toAdminReport(row, flagged))
    .sort((a, b) => rank(a) - rank(b) || a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));
  const openByReason = Object.fromEntries(REPORT_REASONS.map((reason) => [reason, 0])) as Record<(typeof REPORT_REASONS)[number], number>;
  let open = 0;
  let resolved = 0;
  for (const { status: s, reason, n } of totals) {
    if (s === 'open') {
      open += n;
      openByReason[reason] += n;
    } else resolved += n;
  }
  return { reports, counts: { open, resolved, openByReason } };
}

export const flaggedSince = (db: Tx, now: Date) => repo.flaggedMembers(db, new Date(now.getTime() - FLAG_WINDOW_DAYS * DAY_MS), FLAG_REPORTERS);

export function toAdminReport(row: repo.QueueRow, flagged: Set<string>): AdminReport {
  const { report } = row;
  return {
    _id: report.id,
    reason: report.reason,
    details: report.details,
    status: report.status,
    action: report.action,
    note: report.note,
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
    reporter: row.reporter && { _id: row.reporter.id, name: row.reporter.name, email: row.reporter.email },
    reported: { _id: row.reported.id, name: row.reported.name, email: row.reported.email, isBanned: row.reported.isBanned },
    flagged: report.status === 'open' && flagged.has(report.reportedId),
  };
}
