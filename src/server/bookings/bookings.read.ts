import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { users } from '../auth/auth.read.ts';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Tx } from '../platform/db/client.ts';
import { rowsOf } from '../platform/db/rows.ts';
import { bookings, memberDateStats } from './bookings.tables.ts';

/**
 * Bookings as other features may use them in their own queries (chat's conversations, browse's
 * cards): to join and read, never to write. And the reads they share.
 */
export { bookings, memberDateStats };

/** The slots of a host that carry a booking, in any state (a subquery). */
export const slotIdsBookedFrom = (hostId: string) => new QueryBuilder().select({ id: bookings.slotId }).from(bookings).where(eq(bookings.hostId, hostId));

/**
 * The date counters of the member `memberId` names (an SQL expression) as one row of
 * total_dates, no_shows and finished (a DateStatsRow), zeros before their first finished date.
 * Use it as a subquery: `from ${dateStatsRowOf(x)} as s`.
 */
export function dateStatsRowOf(memberId: SQL) {
  return sql`(select coalesce(max(${memberDateStats.totalDates}), 0)::int as total_dates,
      coalesce(max(${memberDateStats.noShows}), 0)::int as no_shows,
      coalesce(max(${memberDateStats.finished}), 0)::int as finished
    from ${memberDateStats} where ${memberDateStats.userId} = ${memberId})`;
}

export type DateStatsRow = { total_dates: number; no_shows: number; finished: number };

export type DateStats = { totalDates: number; onTimeRate: number | null; noShows: number };
export const NO_DATE_STATS: DateStats = { totalDates: 0, onTimeRate: null, noShows: 0 };

/** Percent of their finished dates a member attended; null with none. */
export function toDateStats(row: DateStatsRow): DateStats {
  return {
    totalDates: row.total_dates,
    onTimeRate: row.finished === 0 ? null : Math.round((100 * (row.finished - row.no_shows)) / row.finished),
    noShows: row.no_shows,
  };
}

/** A member's stats row beside another row, as one JSON value; `memberId` an SQL expression. */
export const dateStatsJsonOf = (memberId: SQL) =>
  sql<DateStatsRow>`(select row_to_json(s) from ${dateStatsRowOf(memberId)} as s)`;

/** Reliability stats of many members (their date counters), in one query. */
export async function dateStatsByMember(db: Tx, ids: string[]): Promise<Map<string, DateStats>> {
  const byMember = new Map<string, DateStats>();
  if (ids.length === 0) return byMember;
  const result = await db.execute(sql`
    select m.id, s.*
    from unnest(${sql.param(ids)}::uuid[]) as m(id)
    cross join lateral ${dateStatsRowOf(sql`m.id`)} as s`);
  for (const row of rowsOf<DateStatsRow & { id: string }>(result)) byMember.set(row.id, toDateStats(row));
  return byMember;
}

/** The viewer's latest pending or confirmed booking with each of these members, either way round. */
export async function latestBookingsWith(db: Tx, viewerId: string, otherIds: string[]): Promise<Map<string, { status: string; isInitiator: boolean }>> {
  const found = new Map<string, { status: string; isInitiator: boolean }>();
  if (otherIds.length === 0) return found;
  const rows = await db
    .select({ hostId: bookings.hostId, guestId: bookings.guestId, status: bookings.status })
    .from(bookings)
    .where(
      and(
        inArray(bookings.status, ['pending', 'confirmed']),
        or(and(eq(bookings.guestId, viewerId), inArray(bookings.hostId, otherIds)), and(eq(bookings.hostId, viewerId), inArray(bookings.guestId, otherIds))),
      ),
    )
    .orderBy(desc(bookings.createdAt));
  for (const row of rows) {
    const other = row.guestId === viewerId ? row.hostId : row.guestId;
    if (!found.has(other)) found.set(other, { status: row.status, isInitiator: row.guestId === viewerId });
  }
  return found;
}

export type SlotBooking = { slotId: string; status: string; guestId: string; guestName: string };

/** The pending, confirmed and completed bookings on some slots, with each guest's name. */
export async function bookingsOnSlots(db: Tx, slotIds: string[]): Promise<SlotBooking[]> {
  if (slotIds.length === 0) return [];
  return db
    .select({ slotId: bookings.slotId, status: bookings.status, guestId: bookings.guestId, guestName: users.name })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.guestId))
    .where(and(inArray(bookings.slotId, slotIds), inArray(bookings.status, ['pending', 'confirmed', 'completed'])))
    .orderBy(asc(bookings.createdAt));
}

export async function hasConfirmedBooking(tx: Tx, slotId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.slotId, slotId), eq(bookings.status, 'confirmed')))
    .limit(1);
  return rows.length > 0;
}
