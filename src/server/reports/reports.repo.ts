import { and, countDistinct, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReportAction, ReportReason, ReportStatus } from '#shared/api/reports.ts';
import { users } from '../auth/auth.read.ts';
import type { Tx } from '../platform/db/client.ts';
import { reports } from './reports.tables.ts';

export type ReportRow = typeof reports.$inferSelect;

/** The new report's id, or null when the pair already has an open one (the partial unique index decides). */
export async function insertReport(
  db: Tx,
  values: { reporterId: string; reportedId: string; reason: ReportReason; details: string; createdAt: Date },
): Promise<string | null> {
  const [row] = await db
    .insert(reports)
    .values(values)
    .onConflictDoNothing({ target: [reports.reporterId, reports.reportedId], where: sql`${reports.status} = 'open'` })
    .returning({ id: reports.id });
  return row?.id ?? null;
}

const reporter = alias(users, 'reporter');
const reported = alias(users, 'reported');

/** A report with its two members, as the queue shows it. */
const queueColumns = {
  report: reports,
  reporter: { id: reporter.id, name: reporter.name, email: reporter.email },
  reported: { id: reported.id, name: reported.name, email: reported.email, isBanned: reported.isBanned },
};

function withMembers(db: Tx) {
  return db.select(queueColumns).from(reports).leftJoin(reporter, eq(reporter.id, reports.reporterId)).innerJoin(reported, eq(reported.id, reports.reportedId));
}
export type QueueRow = Awaited<ReturnType<ReturnType<typeof withMembers>['execute']>>[number];

/** The reports with `status` (or all of them), in no order: the queue's order needs the flagged members too (reports.service). */
export async function queue(db: Tx, status: ReportStatus | 'all'): Promise<QueueRow[]> {
  return withMembers(db).where(status === 'all' ? undefined : eq(reports.status, status));
}

export async function findReport(db: Tx, id: string): Promise<QueueRow | undefined> {
  const [row] = await withMembers(db).where(eq(reports.id, id)).limit(1);
  return row;
}

export async function lockReport(tx: Tx, id: string): Promise<ReportRow | undefined> {
  const [row] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
  return row;
}

export async function markResolved(tx: Tx, id: string, values: { action: ReportAction; note: string; resolvedBy: string; resolvedAt: Date }): Promise<void> {
  await tx
    .update(reports)
    .set({ ...values, status: 'resolved' })
    .where(eq(reports.id, id));
}

/** Open reports by reason, and how many reports are open and resolved. */
export async function counts(db: Tx) {
  return db
    .select({ status: reports.status, reason: reports.reason, n: sql<number>`count(*)::int` })
    .from(reports)
    .groupBy(reports.status, reports.reason);
}

/** Members reported by at least `reporters` different members since `since`. */
export async function flaggedMembers(db: Tx, since: Date, reporters: number): Promise<Set<string>> {
  const rows = await db
    .select({ id: reports.reportedId })
    .from(reports)
    .where(gte(reports.createdAt, since))
    .groupBy(reports.reportedId)
    .having(sql`${countDistinct(reports.reporterId)} >= ${reporters}`);
  return new Set(rows.map((row) => row.id));
}

/** The reports about the same member made before this one, newest first. */
export async function earlierReportsAbout(db: Tx, report: Pick<ReportRow, 'reportedId' | 'createdAt'>) {
  return db
    .select()
    .from(reports)
    .where(and(eq(reports.reportedId, report.reportedId), lt(reports.createdAt, report.createdAt)))
    .orderBy(desc(reports.createdAt), reports.id);
}

/** What the reported member's profile shows a moderator (besides photos). */
export async function profileOf(db: Tx, id: string) {
  const [row] = await db.select({ age: users.age, city: users.city, bio: users.bio }).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The reported member's name and address for the warning mail, and whether they take part still. */
export async function warnedMember(db: Tx, reportId: string) {
  const [row] = await db
    .select({ name: reported.name, email: reported.email, emailVerifiedAt: reported.emailVerifiedAt, accountStatus: reported.accountStatus, isBanned: reported.isBanned })
    .from(reports)
    .innerJoin(reported, eq(reported.id, reports.reportedId))
    .where(eq(reports.id, reportId))
    .limit(1);
  return row;
}

/** A removed reporter's reports stay for the queue without them (the foreign key sets null too; this keeps erasure explicit). */
export async function eraseMember(tx: Tx, userId: string): Promise<void> {
  await tx.update(reports).set({ reporterId: null }).where(eq(reports.reporterId, userId));
}
