import { and, asc, desc, eq, getTableColumns, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { PublicSlotSchema } from '#shared/api/profiles.ts';
import type { DateType } from '#shared/domain/profile.ts';
import { takesPartSql, users } from '../auth/auth.read.ts';
import { summaryColumns } from '../profiles/profiles.read.ts';
import { bookingsWithJsonOf, dateStatsJsonOf, slotIdsBookedFrom } from '../bookings/bookings.read.ts';
import { photosJsonOf } from '../profiles/photos.read.ts';
import type { Tx } from '../platform/db/client.ts';
import { isoText, jsonArrayOf, jsonFieldList, jsonObjectOf, jsonValue, jsonUuid } from '../platform/db/json-text.ts';
import { preparedPerDb, preparedPerShape } from '../platform/db/prepared.ts';
import { columnsOf } from '../platform/db/subquery.ts';
import { publicSlotColumns, type PublicSlotRow, type SlotRow } from './availability.read.ts';
import { availabilitySlots as slots } from './availability.tables.ts';
import { DAY_MS } from '#shared/domain/durations.ts';

export { publicSlotColumns, type PublicSlotRow, type SlotRow };

export type NewSlotRow = typeof slots.$inferInsert;

/**
 * Live and not full: the condition of the partial index availability_slots_open_idx, written as
 * constants so the planner can use that index.
 */
const open = sql`${slots.removedAt} is null and ${slots.confirmedCount} < ${slots.maxBookings}`;
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

// The calendar asks it for each of 13 months at every visit: prepared once, then only executed.
const liveSlotsOfHostStatement = preparedPerDb((db) => {
  const p = (name: string) => sql.placeholder(name);
  return db
    .select()
    .from(slots)
    .where(
      and(
        eq(slots.hostId, p('hostId')),
        isNull(slots.removedAt),
        gte(slots.startsAt, p('earliestStart')),
        lt(slots.startsAt, p('latestStart')),
        gte(slots.date, p('fromDate')),
        lt(slots.date, p('toDate')),
      ),
    )
    .orderBy(asc(slots.startsAt), asc(slots.id))
    .prepare('availability_live_slots_of_host');
});
/**
 * A host's live slots whose date lies in [fromDate, toDate). The instants are bounded too (a day
 * either side covers every zone), so the (host, starts_at) index finds them.
 */
export async function liveSlotsOfHost(db: Tx, hostId: string, fromDate: string, toDate: string): Promise<SlotRow[]> {
  const fromInstant = new Date(`${fromDate}T00:00:00Z`);
  const toInstant = new Date(`${toDate}T00:00:00Z`);
  return liveSlotsOfHostStatement(db).execute({
    hostId,
    earliestStart: new Date(fromInstant.getTime() - 2 * DAY_MS).toISOString(),
    latestStart: new Date(toInstant.getTime() + 2 * DAY_MS).toISOString(),
    fromDate,
    toDate,
  });
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

/** When a host's first bookable slot from `now` starts (null without one): a browse card's free times hold until then. */
export function firstOpenSlotStartOf(hostId: SQL, now: SQL): SQL<string | null> {
  return sql`(select min(${slots.startsAt}) from ${slots} where ${slots.hostId} = ${hostId} and ${open} and ${slots.startsAt} > ${now}::timestamptz)`;
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
  /**
   * Which hosts the viewer may see (from browse `hostConditions`), as SQL over users: with its values
   * inline, or with placeholders for a statement prepared once per `shape` and executed with `values`.
   */
  hosts: {
    shape: string;
    values: Record<string, unknown>;
    sql(form: 'inline' | 'placeholders'): { where: SQL; distance: SQL<number | null>; inBox?: (longitude: SQL, latitude: SQL) => SQL };
  };
  /** Whose page it is: each host comes with the viewer's bookings with them (bookings.read `bookingsWithJsonOf`). */
  viewerId: string;
  now: Date;
  dateType: DateType | 'all';
  startDate?: string;
  endDate?: string;
  sortBy: 'date' | 'score' | 'distance';
  offset: number;
  limit: number;
};

/**
 * The date order's walk looks at no more of the soonest open slots than this before reading every
 * host in reach: at least 10 000, a hundred per slot wanted, rounded up to 10 000 times a power of
 * two (each length is a statement of its own).
 */
export function slotWalkLength(wanted: number): number {
  let length = 10_000;
  while (length < wanted * 100) length *= 2;
  return length;
}

const slotValues = (request: SlotPageRequest) => ({
  slotViewerId: request.viewerId,
  slotNow: request.now.toISOString(),
  slotDateType: request.dateType,
  slotStartDate: request.startDate,
  slotEndDate: request.endDate,
  slotLimit: request.limit,
  slotOffset: request.offset,
});
type SlotValue = (name: keyof ReturnType<typeof slotValues>) => unknown;

const bookable = (value: SlotValue) => and(open, sql`${slots.startsAt} > ${value('slotNow')}::timestamptz`)!;

/**
 * The instants a page's dates can hold, for the open-slot index: a local date D starts after D - 1
 * day and ends before D + 2 days in UTC, in every zone (UTC-12 to UTC+14).
 */
const instantsOfDates = (request: SlotPageRequest, value: SlotValue) =>
  and(
    request.startDate ? sql`${slots.startsAt} >= (${value('slotStartDate')}::date - 1)::timestamp at time zone 'UTC'` : undefined,
    request.endDate ? sql`${slots.startsAt} < (${value('slotEndDate')}::date + 2)::timestamp at time zone 'UTC'` : undefined,
  );

/** The page's own filters on a slot. */
const slotFilters = (request: SlotPageRequest, value: SlotValue) =>
  and(
    request.dateType === 'all' ? undefined : sql`${slots.dateType} = ${value('slotDateType')}::text`,
    request.startDate ? sql`${slots.date} >= ${value('slotStartDate')}::date` : undefined,
    request.endDate ? sql`${slots.date} <= ${value('slotEndDate')}::date` : undefined,
  );

/**
 * What a slot's card shows of its host beyond their row: photos, date counters and the viewer's
 * bookings with them, read with the page's rows (only they: the columns come after its limit).
 */
const hostCardParts = (hostId: SQL, value: SlotValue) => ({
  hostPhotos: photosJsonOf(hostId),
  hostStats: dateStatsJsonOf(hostId),
  viewerBookings: bookingsWithJsonOf(sql`${value('slotViewerId')}::uuid`, hostId),
});

/**
 * The date order's walk (decision 83): the soonest `walk` open slots, read from the open-slot index
 * alone, which holds each one's host's home; those in the distance box are then read by id (the
 * page's filters) with their host (the visibility rules and exact distance), each a lateral
 * subquery the planner keeps as written. The walk's length is written into the statement: as a
 * parameter the planner would guess a tenth of the table and read the hosts first. Prepared once
 * per shape of request.
 */
function soonestSlotsStatement(db: Tx, request: SlotPageRequest, walk: number, name: string) {
  const hosts = request.hosts.sql('placeholders');
  const value = (key: string) => sql.placeholder(key);
  const walked = db
    .select({ id: slots.id, startsAt: slots.startsAt, hostLongitude: slots.hostLongitude, hostLatitude: slots.hostLatitude })
    .from(slots)
    .where(and(bookable(value), instantsOfDates(request, value)))
    .orderBy(asc(slots.startsAt), asc(slots.id))
    .limit(sql.raw(String(walk)) as unknown as number)
    .as('walked');
  const slot = db
    .select(getTableColumns(slots))
    .from(slots)
    .where(and(sql`${slots.id} = ${walked.id}`, slotFilters(request, value)))
    .limit(1)
    .as('slot');
  const host = db
    .select({ ...summaryColumns(users), distance: sql<number | null>`${hosts.distance}`.as('distance') })
    .from(users)
    .where(and(sql`${users.id} = ${slot.hostId}`, hosts.where))
    .limit(1)
    .as('host');
  return db
    .select({ slot: columnsOf(slot, getTableColumns(slots)), host: columnsOf(host, summaryColumns(users)), distance: host.distance, ...hostCardParts(sql`${host.id}`, value) })
    .from(walked)
    .innerJoinLateral(slot, sql`true`)
    .innerJoinLateral(host, sql`true`)
    .where(hosts.inBox?.(sql`${walked.hostLongitude}`, sql`${walked.hostLatitude}`))
    .orderBy(asc(walked.startsAt), asc(walked.id))
    .limit(sql.placeholder('slotLimit'))
    .offset(sql.placeholder('slotOffset'))
    .prepare(name);
}
const soonestSlotsStatements = preparedPerShape<ReturnType<typeof soonestSlotsStatement>>();

/**
 * A page of bookable slots of hosts the viewer may see. Ordered by date, it first walks the soonest
 * open slots (`soonestSlotsStatement`): when that fills the page, nothing later can come before it.
 * Otherwise (few hosts the viewer may see among them, or a late page) it reads the hosts in reach
 * and their slots, as the other orders always do: the planner cannot tell how many members a
 * distance box holds, so it starts from the box, and a city of thousands of members has every one of
 * their slots read and sorted (a quarter of a second).
 */
export async function bookableSlotsPage(db: Tx, request: SlotPageRequest) {
  const values = slotValues(request);
  if (request.sortBy === 'date') {
    const walk = slotWalkLength(request.offset + request.limit);
    const filters = `${Number(request.dateType !== 'all')}${Number(request.startDate !== undefined)}${Number(request.endDate !== undefined)}`;
    const name = `availability_soonest_${request.hosts.shape}_${filters}_${walk}`;
    const statement = soonestSlotsStatements(db, name, () => soonestSlotsStatement(db, request, walk, name));
    const page = await statement.execute({ ...request.hosts.values, ...values });
    if (page.length === request.limit) return page;
  }
  const hosts = request.hosts.sql('inline');
  const value: SlotValue = (key) => values[key];
  const order = {
    date: [asc(slots.startsAt), asc(slots.id)],
    score: [desc(users.score), asc(slots.startsAt), asc(slots.id)],
    distance: [sql`distance asc nulls last`, asc(slots.startsAt), asc(slots.id)],
  }[request.sortBy];
  return db
    .select({ slot: slots, host: summaryColumns(users), distance: sql<number | null>`${hosts.distance}`.as('distance'), ...hostCardParts(sql`${users.id}`, value) })
    .from(slots)
    .innerJoin(users, eq(users.id, slots.hostId))
    .where(and(bookable(value), slotFilters(request, value), hosts.where))
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

/**
 * One more confirmed booking on the slot, as a write to ride in the confirmation's statement: the
 * caller holds the slot's lock and saw a seat free (the capacity check refuses a full slot all the same).
 */
export function takeSeat(db: Tx, slotId: string) {
  return db
    .update(slots)
    .set({ confirmedCount: sql`${slots.confirmedCount} + 1` })
    .where(eq(slots.id, slotId));
}

/** One fewer confirmed booking on the slot (never below none), as a write to ride in another statement. */
export function releaseSeat(db: Tx, slotId: string) {
  return db
    .update(slots)
    .set({ confirmedCount: sql`${slots.confirmedCount} - 1` })
    .where(and(eq(slots.id, slotId), sql`${slots.confirmedCount} > 0`));
}

/** Many slots at once (the demo members'), placed by the caller. */
export async function insertSlots(db: Tx, rows: NewSlotRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(slots).values(rows);
}
