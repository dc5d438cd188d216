import { and, asc, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { CHAT_OPEN_STATUSES } from '#shared/domain/chat.ts';
import { users } from '../auth/auth.read.ts';
import { notBlockedWith } from '../blocks/blocks.read.ts';
import { availabilitySlots } from '../availability/availability.read.ts';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { RequestToHost } from '#shared/domain/slot-booking.ts';
import type { Tx } from '../platform/db/client.ts';
import { preparedPerDb } from '../platform/db/prepared.ts';
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

/**
 * The newest agreed date (confirmed or completed) between members `a` and `b` (SQL values), either
 * way round, unless one has blocked the other: it opens their chat. A query to use as a subquery.
 */
export function chatBookingQuery(qb: QueryBuilder, a: SQLWrapper, b: SQLWrapper) {
  return qb
    .select({ id: bookings.id, createdAt: bookings.createdAt })
    .from(bookings)
    .where(
      and(
        or(and(eq(bookings.hostId, a), eq(bookings.guestId, b)), and(eq(bookings.hostId, b), eq(bookings.guestId, a))),
        inArray(bookings.status, [...CHAT_OPEN_STATUSES]),
        notBlockedWith(sql`${b}::uuid`, a),
      ),
    )
    .orderBy(desc(bookings.createdAt))
    .limit(1);
}

/** SQL: whether `a` and `b` (uuid values) are chat partners: `chatBookingQuery` finds their date. */
export const chatPartnersSql = (a: SQLWrapper, b: SQLWrapper): SQL => sql`exists (${chatBookingQuery(new QueryBuilder(), a, b)})`;

/** One of the viewer's pending or confirmed bookings with another member: its slot, status, and whether the viewer asked for it. */
export type BookingWith = { slotId: string; status: RequestToHost['status']; asGuest: boolean };

/**
 * The viewer's pending and confirmed bookings with the member `otherId` names, either way round,
 * newest first, as one JSON array of BookingWith (a subquery beside each host of a page).
 */
export const bookingsWithJsonOf = (viewerId: SQL, otherId: SQL) =>
  sql<BookingWith[]>`(select coalesce(json_agg(json_build_object('slotId', ${bookings.slotId}, 'status', ${bookings.status}, 'asGuest', ${bookings.guestId} = ${viewerId})
      order by ${bookings.createdAt} desc), '[]'::json)
    from ${bookings}
    where ${inArray(bookings.status, ['pending', 'confirmed'])}
      and ((${bookings.guestId} = ${viewerId} and ${bookings.hostId} = ${otherId}) or (${bookings.hostId} = ${viewerId} and ${bookings.guestId} = ${otherId})))`;

/** The latest of them (available dates' `bookingStatus`), and the requests among them (the viewer's as guest: `slotBooking`). */
export const latestBookingOf = (list: BookingWith[]) => (list[0] ? { status: list[0].status, isInitiator: list[0].asGuest } : null);
export const requestsAmong = (list: BookingWith[]): RequestToHost[] => list.filter((b) => b.asGuest).map(({ slotId, status }) => ({ slotId, status }));

// A member page asks it on every call: prepared, the hosts as one array.
const requestsToHostsStatement = preparedPerDb((db) =>
  db
    .select({ hostId: bookings.hostId, slotId: bookings.slotId, status: bookings.status })
    .from(bookings)
    .where(
      and(
        eq(bookings.guestId, sql.placeholder('guestId')),
        sql`${bookings.hostId} = any(${sql.placeholder('hostIds')}::uuid[])`,
        inArray(bookings.status, ['pending', 'confirmed']),
      ),
    )
    .prepare('bookings_requests_to_hosts'),
);

/** The viewer's pending and confirmed requests (as guest) to each of these hosts: which slot, and its state. */
export async function requestsToHosts(db: Tx, guestId: string, hostIds: string[]): Promise<Map<string, RequestToHost[]>> {
  const byHost = new Map<string, RequestToHost[]>();
  if (hostIds.length === 0) return byHost;
  const rows = await requestsToHostsStatement(db).execute({ guestId, hostIds });
  for (const row of rows) {
    const list = byHost.get(row.hostId) ?? [];
    list.push({ slotId: row.slotId, status: row.status as RequestToHost['status'] });
    byHost.set(row.hostId, list);
  }
  return byHost;
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

const calendarDateColumns = {
  id: bookings.id,
  status: bookings.status,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  updatedAt: bookings.updatedAt,
  venue: bookings.proposedVenue,
  slot: { timeZone: availabilitySlots.timeZone, dateType: availabilitySlots.dateType, venue: availabilitySlots.venue, address: availabilitySlots.address },
  other: { name: users.name, accountStatus: users.accountStatus },
};

/** The member's bookings (either party) that `where` keeps, with their slot and only the other party's name and status. */
function calendarDatesQuery(db: Tx, memberId: string, where: SQL) {
  const otherParty = sql`case when ${bookings.hostId} = ${memberId}::uuid then ${bookings.guestId} else ${bookings.hostId} end`;
  return db
    .select(calendarDateColumns)
    .from(bookings)
    .innerJoin(availabilitySlots, eq(availabilitySlots.id, bookings.slotId))
    .innerJoin(users, eq(users.id, otherParty))
    .where(and(or(eq(bookings.hostId, memberId), eq(bookings.guestId, memberId)), where));
}

/** A date as a party's calendar shows it (the calendar feature): when, where, and the other party's name. */
export type CalendarDate = Awaited<ReturnType<typeof calendarDatesQuery>>[number];

/** One booking of the member's (either party), in any state; undefined when it is not theirs. `bookingId` must be a uuid. */
export async function calendarDateOf(db: Tx, memberId: string, bookingId: string): Promise<CalendarDate | undefined> {
  const [row] = await calendarDatesQuery(db, memberId, eq(bookings.id, bookingId)).limit(1);
  return row;
}

/**
 * The member's confirmed dates that have not ended at `now`, and those cancelled since
 * `cancelledSince` that had not ended either (a subscribed calendar drops them), by start.
 */
export async function calendarDatesOf(db: Tx, memberId: string, now: Date, cancelledSince: Date, limit: number): Promise<CalendarDate[]> {
  return calendarDatesQuery(
    db,
    memberId,
    sql`${bookings.endsAt} > ${now.toISOString()}::timestamptz and (${bookings.status} = 'confirmed' or (${bookings.status} = 'cancelled' and ${bookings.updatedAt} >= ${cancelledSince.toISOString()}::timestamptz))`,
  )
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .limit(limit);
}
