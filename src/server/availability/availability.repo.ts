import { and, asc, desc, eq, getTableColumns, gt, gte, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { PublicSlotSchema } from '#shared/api/profiles.ts';
import type { DateType } from '#shared/domain/profile.ts';
import { takesPartSql, users } from '../auth/auth.read.ts';
import { summaryColumns } from '../profiles/profiles.read.ts';
import { slotIdsBookedFrom } from '../bookings/bookings.read.ts';
import type { Tx } from '../platform/db/client.ts';
import { isoText, jsonArrayOf, jsonFieldList, jsonObjectOf, jsonValue, jsonUuid } from '../platform/db/json-text.ts';
import { preparedPerDb } from '../platform/db/prepared.ts';
import { columnsOf } from '../platform/db/subquery.ts';
import { publicSlotColumns, type PublicSlotRow, type SlotRow } from './availability.read.ts';
import { availabilitySlots as slots } from './availability.tables.ts';

export { publicSlotColumns, type PublicSlotRow, type SlotRow };

export type NewSlotRow = typeof slots.$inferInsert;

/**
 * Live and not full: the condition of the partial index availability_slots_open_idx, written as
 * constants so the planner can use that index.
 */
const open = sql`${slots.removedAt} is null and ${slots.confirmedCount} < ${slots.maxBookings}`;
/** Bookable: open, and not yet started. */
const bookableAt = (now: Date) => and(open, gt(slots.startsAt, now))!;

export async function insertSlot(db: Tx, values: NewSlotRow): Promise<SlotRow> {
  const [row] = await db.insert(slots).values(values).returning();
  return row!;
}

export async function findSlot(db: Tx, id: string): Promise<SlotRow | undefined> {
  const [row] = await db.select().from(slots).where(eq(slots.id, id)).limit(1);
  return row;
}

export async function findSlotByClientKey(db: Tx, hostId: string, clientKey: string): Promise<SlotRow | undefined> {
  const [row] = await db
    .select()
    .from(slots)
    .where(and(eq(slots.hostId, hostId), eq(slots.clientKey, clientKey)))
    .limit(1);
  return row;
}

/** The slot, locked until the transaction ends: every change to a slot or its bookings takes it first. */
export async function lockSlot(tx: Tx, id: string): Promise<SlotRow | undefined> {
  const [row] = await tx.select().from(slots).where(eq(slots.id, id)).for('update').limit(1);
  return row;
}

export async function hostOf(db: Tx, id: string): Promise<{ name: string; timeZone: string } | undefined> {
  const [row] = await db.select({ name: users.name, timeZone: users.timeZone }).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * A host's live slots whose date lies in [fromDate, toDate). The instants are bounded too (a day
 * either side covers every zone), so the (host, starts_at) index finds them.
 */
export async function liveSlotsOfHost(db: Tx, hostId: string, fromDate: string, toDate: string): Promise<SlotRow[]> {
  const fromInstant = new Date(`${fromDate}T00:00:00Z`);
  const toInstant = new Date(`${toDate}T00:00:00Z`);
  const DAY = 24 * 60 * 60 * 1000;
  return db
    .select()
    .from(slots)
    .where(
      and(
        eq(slots.hostId, hostId),
        isNull(slots.removedAt),
        gte(slots.startsAt, new Date(fromInstant.getTime() - 2 * DAY)),
        lt(slots.startsAt, new Date(toInstant.getTime() + 2 * DAY)),
        gte(slots.date, fromDate),
        lt(slots.date, toDate),
      ),
    )
    .orderBy(asc(slots.startsAt), asc(slots.id));
}

export async function markRemoved(tx: Tx, slotId: string, at: Date, reason: string): Promise<void> {
  await tx.update(slots).set({ removedAt: at, removalReason: reason }).where(eq(slots.id, slotId));
}

/**
 * Each host's bookable slots from `now`, earliest first: the first `first` of them (all when null)
 * and how many there are, in one query over the (host, starts_at) index. Every browse request runs
 * it: prepared once, the hosts as one array rather than a list of parameters.
 */
const openSlotsStatement = preparedPerDb((db) => {
  const ranked = db
    .select({
      ...getTableColumns(slots),
      rank: sql<number>`row_number() over (partition by ${slots.hostId} order by ${slots.startsAt}, ${slots.id})`.as('rank'),
      total: sql<number>`count(*) over (partition by ${slots.hostId})`.as('total'),
    })
    .from(slots)
    .where(and(sql`${slots.hostId} = any(${sql.placeholder('hostIds')}::uuid[])`, open, sql`${slots.startsAt} > ${sql.placeholder('now')}::timestamptz`))
    .as('ranked');
  return db
    .select()
    .from(ranked)
    .where(sql`(${sql.placeholder('first')}::int is null or ${ranked.rank} <= ${sql.placeholder('first')}::int)`)
    .orderBy(asc(ranked.hostId), asc(ranked.startsAt), asc(ranked.id))
    .prepare('availability_open_slots_of_hosts');
});

/**
 * A host's bookable slots from `now`, for a column of another statement (each browse card's,
 * decisions 56 and 62), as JSON text of two fields named by `keys`: how many there are, and the
 * first `first` as `toPublicSlot` writes them, earliest first — what `openSlotsOfHosts` answers
 * for one host, over the same (host, starts_at) index.
 */
export function openSlotsFieldsOf(hostId: SQL, now: SQL, first: number, keys: { count: string; slots: string }): SQL<string> {
  const ofHost = and(sql`${slots.hostId} = ${hostId}`, open, sql`${slots.startsAt} > ${now}::timestamptz`);
  const column = (name: string) => sql`${sql.identifier('first_slots')}.${sql.identifier(name)}`;
  const text = (name: string) => jsonValue(column(name));
  const slot = jsonObjectOf(PublicSlotSchema, {
    _id: jsonUuid(column('id')),
    date: jsonValue(sql`to_char(${column('date')}, 'YYYY-MM-DD')`),
    startTime: text('start_time'),
    endTime: text('end_time'),
    timeZone: text('time_zone'),
    startsAt: jsonValue(isoText(column('starts_at'))),
    endsAt: jsonValue(isoText(column('ends_at'))),
    utcOffset: text('utc_offset'),
    zoneLabel: text('zone_label'),
    dateType: text('date_type'),
    venue: text('venue'),
    venueType: text('venue_type'),
    address: text('address'),
    notes: text('notes'),
    maxBookings: sql`${column('max_bookings')}::text`,
    isBooked: sql`(${column('confirmed_count')} >= ${column('max_bookings')})::text`,
  });
  const firstSlots = jsonArrayOf(
    slot,
    sql`from (select * from ${slots} where ${ofHost} order by ${slots.startsAt}, ${slots.id} limit ${sql.raw(String(first))}) as first_slots`,
    sql`${column('starts_at')}, ${column('id')}`,
  );
  // One count; the first ones are read only when there are some.
  return sql<string>`(select ${jsonFieldList({
    [keys.count]: sql`count(*)::text`,
    [keys.slots]: sql`case when count(*) = 0 then '[]' else ${firstSlots} end`,
  })} from ${slots} where ${ofHost})`;
}

export async function openSlotsOfHosts(
  db: Tx,
  hostIds: string[],
  now: Date,
  first: number | null,
): Promise<(SlotRow & { total: number })[]> {
  if (hostIds.length === 0) return [];
  const rows = await openSlotsStatement(db).execute({ hostIds, now: now.toISOString(), first });
  return rows.map(({ rank: _rank, total, ...slot }) => ({ ...slot, total: Number(total) }));
}

export type SlotPageRequest = {
  /** Which hosts the viewer may see (from browse), as SQL over users. */
  hosts: { where: SQL; distance: SQL<number | null> };
  now: Date;
  dateType: DateType | 'all';
  startDate?: string;
  endDate?: string;
  sortBy: 'date' | 'score' | 'distance';
  offset: number;
  limit: number;
};

/** The date order's walk reads no more of the soonest slots than this before reading every host in reach. */
export const slotWalkLength = (wanted: number) => Math.max(1000, wanted * 20);

/**
 * A page of bookable slots of hosts the viewer may see. Ordered by date, it first walks the
 * open-slot index (starts_at) for the soonest `walk` slots and keeps those whose host the viewer may
 * see: when that fills the page, nothing later can come before it. Otherwise (few visible hosts
 * among the soonest slots, or a late page) it reads the hosts in reach and their slots, as the
 * other orders always do. Without the walk a city of thousands of members had every one of their
 * slots read and sorted (a quarter of a second): the planner cannot tell how many members a
 * distance box holds, so it starts from the box.
 */
export async function bookableSlotsPage(db: Tx, request: SlotPageRequest) {
  const { hosts } = request;
  const ofSlot = and(
    bookableAt(request.now),
    request.dateType === 'all' ? undefined : eq(slots.dateType, request.dateType),
    request.startDate ? gte(slots.date, request.startDate) : undefined,
    request.endDate ? lte(slots.date, request.endDate) : undefined,
  );
  const distance = sql<number | null>`${hosts.distance}`.as('distance');
  if (request.sortBy === 'date') {
    // The walk's length is written into the statement: as a parameter the planner would guess a
    // tenth of the table and join the hosts by reading them all.
    const soonest = db
      .select(getTableColumns(slots))
      .from(slots)
      .where(ofSlot)
      .orderBy(asc(slots.startsAt), asc(slots.id))
      .limit(sql.raw(String(slotWalkLength(request.offset + request.limit))) as unknown as number)
      .as('soonest');
    // Each slot's host is read by its id (a lateral subquery the planner keeps as it is): joined
    // as a table, the hosts would be read through the distance box again, all of them.
    const seen = db
      .select({ ...summaryColumns(users), distance })
      .from(users)
      .where(and(sql`${users.id} = ${soonest.hostId}`, hosts.where))
      .limit(1)
      .as('host');
    const page = await db
      .select({
        slot: columnsOf(soonest, getTableColumns(slots)),
        host: columnsOf(seen, summaryColumns(users)),
        distance: seen.distance,
      })
      .from(soonest)
      .innerJoinLateral(seen, sql`true`)
      .orderBy(asc(soonest.startsAt), asc(soonest.id))
      .limit(request.limit)
      .offset(request.offset);
    if (page.length === request.limit) return page;
  }
  const order = {
    date: [asc(slots.startsAt), asc(slots.id)],
    score: [desc(users.score), asc(slots.startsAt), asc(slots.id)],
    distance: [sql`distance asc nulls last`, asc(slots.startsAt), asc(slots.id)],
  }[request.sortBy];
  return db
    .select({ slot: slots, host: summaryColumns(users), distance })
    .from(slots)
    .innerJoin(users, eq(users.id, slots.hostId))
    .where(and(ofSlot, hosts.where))
    .orderBy(...order)
    .limit(request.limit)
    .offset(request.offset);
}

/** Open future slots of active, unbanned hosts (the admin's figure). */
export async function openSlotCount(db: Tx, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(slots)
    .innerJoin(users, eq(users.id, slots.hostId))
    .where(
      and(
        isNull(slots.removedAt),
        sql`${slots.startsAt} > ${now.toISOString()}`,
        sql`${slots.confirmedCount} < ${slots.maxBookings}`,
        takesPartSql,
      ),
    );
  return row!.total;
}

/** A removed member's slots: unbooked ones go; booked ones stay, removed, for the other party's history. */
export async function eraseMember(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx.delete(slots).where(and(eq(slots.hostId, userId), sql`${slots.id} not in ${slotIdsBookedFrom(userId)}`));
  await tx
    .update(slots)
    .set({ removedAt: now, removalReason: 'Account removed' })
    .where(and(eq(slots.hostId, userId), isNull(slots.removedAt)));
}

/** One more confirmed booking on the slot, unless it is full; the new count, or undefined when full. */
export async function takeSeat(db: Tx, slotId: string): Promise<{ confirmedCount: number; maxBookings: number } | undefined> {
  const [row] = await db
    .update(slots)
    .set({ confirmedCount: sql`${slots.confirmedCount} + 1` })
    .where(and(eq(slots.id, slotId), sql`${slots.confirmedCount} < ${slots.maxBookings}`))
    .returning({ confirmedCount: slots.confirmedCount, maxBookings: slots.maxBookings });
  return row;
}

export async function releaseSeat(db: Tx, slotId: string): Promise<void> {
  await db
    .update(slots)
    .set({ confirmedCount: sql`${slots.confirmedCount} - 1` })
    .where(and(eq(slots.id, slotId), sql`${slots.confirmedCount} > 0`));
}

/** Many slots at once (the demo members'), placed by the caller. */
export async function insertSlots(db: Tx, rows: NewSlotRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(slots).values(rows);
}
