import { and, gte, lt, lte, min, sql } from 'drizzle-orm';
import type { AbTestEvent, TaglineVariant } from '#shared/domain/ab-test.ts';
import type { Tx } from '../platform/db/client.ts';
import { abTestDaily, abTestVisitors } from './ab-test.tables.ts';

/** One view or click: the day's total goes up; the visitor is recorded once per variant and event. */
export async function record(tx: Tx, entry: { visitorId: string; variant: TaglineVariant; event: AbTestEvent; at: Date }): Promise<void> {
  await tx
    .insert(abTestVisitors)
    .values({ visitorId: entry.visitorId, variant: entry.variant, event: entry.event, firstAt: entry.at })
    .onConflictDoNothing();
  await tx
    .insert(abTestDaily)
    .values({ day: entry.at.toISOString().slice(0, 10), variant: entry.variant, event: entry.event, total: 1 })
    .onConflictDoUpdate({ target: [abTestDaily.day, abTestDaily.variant, abTestDaily.event], set: { total: sql`${abTestDaily.total} + 1` } });
}

export async function firstDay(db: Tx): Promise<string | null> {
  const [row] = await db.select({ day: min(abTestDaily.day) }).from(abTestDaily);
  return row?.day ?? null;
}

type Count = { variant: string; event: string; n: number };

/** Totals per variant and event over the days from `start` to `end`, both included. */
export async function totals(db: Tx, start: string, end: string): Promise<Count[]> {
  return db
    .select({ variant: abTestDaily.variant, event: abTestDaily.event, n: sql<number>`sum(${abTestDaily.total})`.mapWith(Number) })
    .from(abTestDaily)
    .where(and(gte(abTestDaily.day, start), lte(abTestDaily.day, end)))
    .groupBy(abTestDaily.variant, abTestDaily.event);
}

/** Visitors first seen per variant and event in [from, to). */
export async function uniques(db: Tx, from: Date, to: Date): Promise<Count[]> {
  return db
    .select({ variant: abTestVisitors.variant, event: abTestVisitors.event, n: sql<number>`count(*)`.mapWith(Number) })
    .from(abTestVisitors)
    .where(and(gte(abTestVisitors.firstAt, from), lt(abTestVisitors.firstAt, to)))
    .groupBy(abTestVisitors.variant, abTestVisitors.event);
}
