import { and, desc, eq, getTableColumns, gt, inArray, ne, or, sql, type SQL, type SQLWrapper, type Table } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { BookingStatus } from '#shared/domain/booking.ts';
import { CHAT_OPEN_STATUSES } from '#shared/domain/chat.ts';
import { takesPartSql, users } from '../auth/auth.read.ts';
import { notBlockedWith, pairOpenForRequest } from '../blocks/blocks.read.ts';
import { availabilitySlots, publicSlotColumns, slotStartSql, slotTimesSql, type PublicSlotRow, type SlotRow } from '../availability/availability.read.ts';
import { recipientColumns } from '../notifications/notifications.read.ts';
import type { Tx } from '../platform/db/client.ts';
import { preparedPerDb, preparedPerShape } from '../platform/db/prepared.ts';
import { EVENTS_CHANNEL } from '../platform/realtime/announce.ts';
import { photoCountOf, photosJsonOf, type PhotoJson } from '../profiles/photos.read.ts';
import { summaryColumns, type SummaryRow } from '../profiles/profiles.read.ts';
import { newBookingMailJobs, type BookingMailFacts } from './bookings.mails.ts';
import { chatBookingQuery, dateStatsJsonOf, type DateStatsRow } from './bookings.read.ts';
import { bookings, dateCommitments, type ProposedVenue } from './bookings.tables.ts';

export type BookingRow = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;
export type { SlotRow };
export type Perspective = 'all' | 'host' | 'guest';
/**
 * Whether the requester may see the host, as browse decides it (browse.service `visibleTo`): SQL
 * over `users`, one prepared statement per `shape`, and the values of its placeholders.
 */
export type HostVisibility = { where: SQL; shape: string; values: Record<string, unknown> };

/**
 * The booking-request rules, in the order the answer names the first one broken (bookings.service
 * maps each to its status and text). They are written once, in SQL (`requestRules`), and checked
 * by the request's statement on what it read.
 */
export const REQUEST_RULES = ['profileComplete', 'slotExists', 'notOwnSlot', 'hostVisible', 'notStarted', 'notFull'] as const;
export type RequestRule = (typeof REQUEST_RULES)[number];

/** What a booking request's statement answers: what the route chooses its answer from. */
export type RequestOutcome = {
  /** The first rule the request broke; null when every rule held. */
  broken: RequestRule | null;
  /** The slot (as locked) and its host; undefined when no slot has that id. */
  found?: { slot: SlotRow; host: SummaryRow; hostPhotos: PhotoJson[]; hostStats: DateStatsRow; hostVisible: boolean };
  /** The requester's photos. */
  photoCount: number;
  /** The new pending booking; undefined when a rule refused it or one is already pending with this host. */
  booking?: BookingRow;
};

export type RequestValues = {
  /** Null when the id cannot name a slot. */
  slotId: string | null;
  guestId: string;
  guestName: string;
  /** Whether the requester passes every rule the statement cannot see: eligibility and the profile fields other than photos. */
  complete: boolean;
  requestMessage: string;
  proposedVenue: ProposedVenue;
  now: Date;
  pushExpiresAt: string;
};

/** The `bookingChanged` announcement (announce.ts `Announcement`) of a booking's row, as json written in SQL. */
const bookingChangedJson = (hostId: SQL, guestId: SQL, id: SQL, status: SQL) =>
  sql`json_build_object('to', json_build_array(${hostId}, ${guestId}), 'event', json_build_object('type', 'bookingChanged', 'bookingId', ${id}, 'status', ${status}))`;

const ref = (table: string, column: string) => sql`${sql.identifier(table)}.${sql.identifier(column)}`;

/** A table's columns as read from a CTE holding its rows (`alias`), decoded as the table's own. */
function columnsFrom<T extends Table>(table: T, alias: string): { [K in keyof T['_']['columns']]: SQL<T['$inferSelect'][K & keyof T['$inferSelect']]> } {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [key, sql`${ref(alias, column.name)}`.mapWith(column)]),
  ) as never;
}

type RequestPlaceholders = { [K in keyof Omit<RequestValues, 'proposedVenue'>]: unknown } & { venue: string; venueName: string };
const p = (name: keyof RequestPlaceholders) => sql.placeholder(name);

/**
 * A booking request in one statement (decision 55), for each shape of the visibility
 * condition: whether the pair is open (no block, nor one under way: decision 74), the slot, locked FOR KEY SHARE (a
 * removal or a confirmation holding it makes the request wait, then read the slot as they left
 * it), its host and whether the requester may see them, and the requester's photo count; then, only when every rule holds on what it read, the
 * pending booking (the unique index of one pending request per host decides a repeat: ON CONFLICT
 * DO NOTHING), the host's booking_request inbox item, its push jobs, the host's mail job and the
 * NOTIFYs of both — one implicit transaction, so all or nothing.
 */
const requestStatements = preparedPerShape<ReturnType<typeof buildRequest>>();

/**
 * The push jobs of the host's inbox item, as SQL of the request statement (push.service's
 * `bookingRequestPushJobs`, passed in by the service: a repo calls no service). Each value is an
 * SQL expression of that statement.
 */
export type RequestPushJobs = (item: { hostId: SQL; bookingId: SQL; title: SQL; message: SQL; venue: SQL; createdAt: SQL; expiresAt: SQL }) => SQL;
/** The host's inbox item (notifications.service `insertItemsFrom`), written by the request's statement too. */
export type RequestInboxItems = (values: { userId: SQL; senderId: SQL; type: SQL; title: SQL; message: SQL; data: SQL; createdAt: SQL }, from: SQL) => SQL;
/** What the request's statement writes for other features, passed in by the service (a repo calls no service). */
export type RequestWriters = { inboxItems: RequestInboxItems; pushJobs: RequestPushJobs };

function buildRequest(db: Tx, visible: SQL, name: string, writers: RequestWriters) {
  const c = (column: string) => ref('c', column);
  const b = (column: string) => ref('b', column);
  const n = (column: string) => ref('n', column);
  // Whether the pair is open (blocks.read `pairOpenForRequest`), asked first, before anything can
  // wait: while a block between the two is under way, or once one has committed, the slot reads as
  // gone (the host is hidden from the guest anyway); a block that begins later waits for this
  // statement, then sees and ends its pending booking. Waiting for the lock instead would not do:
  // the statement would go on with what it read before the block committed.
  const pair = db.$with('pair', {}).as(
    sql`select ${pairOpenForRequest(sql`${availabilitySlots.hostId}`, p('guestId'))} as free from ${availabilitySlots} where ${availabilitySlots.id} = ${p('slotId')}::uuid`,
  );
  const slot = db.$with('s', {}).as(
    sql`select * from ${availabilitySlots} where ${availabilitySlots.id} = ${p('slotId')}::uuid and (select free from pair) for key share`,
  );
  const checked = db.$with('c', {}).as(sql`select s.*, coalesce((${visible}), false) as host_visible from s join ${users} on ${users.id} = s.host_id`);
  const mine = db.$with('mine', {}).as(sql`select ${photoCountOf(sql`${p('guestId')}::uuid`)} as photo_count`);
  const rules: Record<RequestRule, SQL> = {
    profileComplete: sql`${p('complete')}::boolean and mine.photo_count >= 1`,
    slotExists: sql`${c('id')} is not null and ${c('removed_at')} is null`,
    notOwnSlot: sql`${c('host_id')} <> ${p('guestId')}::uuid`,
    hostVisible: sql`${c('host_visible')}`,
    notStarted: sql`${c('starts_at')} > ${p('now')}::timestamptz`,
    notFull: sql`${c('confirmed_count')} < ${c('max_bookings')}`,
  };
  // The first rule broken, in REQUEST_RULES' order (a rule that reads as null is broken).
  const verdict = db.$with('v', {}).as(
    sql`select case ${sql.join(REQUEST_RULES.map((rule) => sql`when not coalesce((${rules[rule]}), false) then ${sql.raw(`'${rule}'`)}`), sql` `)} end as broken from mine left join c on true`,
  );
  const inserted = db.$with('b', {}).as(sql`insert into ${bookings} (slot_id, host_id, guest_id, status, starts_at, ends_at, request_message, proposed_venue, paid_by, created_at, updated_at)
    select ${c('id')}, ${c('host_id')}, ${p('guestId')}::uuid, 'pending', ${c('starts_at')}, ${c('ends_at')}, ${p('requestMessage')}::text, ${p('venue')}::jsonb, 'guest', ${p('now')}::timestamptz, ${p('now')}::timestamptz
    from c, v where v.broken is null
    on conflict do nothing
    returning *`);
  const item = db.$with('n', {}).as(
    writers.inboxItems(
      {
        userId: b('host_id'),
        senderId: b('guest_id'),
        type: sql`'booking_request'`,
        title: sql`'New booking request'`,
        message: sql`${p('guestName')}::text || ' would like to meet you on ' || ${slotStartSql(c)} || '.'`,
        data: sql`jsonb_build_object('profileId', ${b('guest_id')}, 'bookingId', ${b('id')}, 'date', ${c('date')}::text,
        'proposedTime', ${slotTimesSql(c)},
        'venue', ${p('venueName')}::text, 'requestMessage', ${b('request_message')})`,
        createdAt: sql`${p('now')}::timestamptz`,
      },
      sql`from b, c`,
    ),
  );
  const pushes = db.$with('pushes', {}).as(
    writers.pushJobs({
      hostId: sql`(select ${n('user_id')} from n)`,
      bookingId: sql`(select ${b('id')}::text from b)`,
      title: sql`(select ${n('title')} from n)`,
      message: sql`(select ${n('message')} from n)`,
      venue: sql`${p('venueName')}::text`,
      createdAt: sql`${p('now')}::timestamptz`,
      expiresAt: sql`${p('pushExpiresAt')}::text`,
    }),
  );
  // The host's mail (decision 59): queued with the booking, so none for a refused request.
  const mails = db.$with('mails', {}).as(newBookingMailJobs(sql`select ${b('id')} from b`, sql`${p('now')}::timestamptz`));
  // Both parties hear of the booking, the host of the inbox item (announce.ts `Announcement`s).
  const announced = db.$with('announced', {}).as(sql`select pg_notify(${EVENTS_CHANNEL}, payload::text) from (
      select ${bookingChangedJson(b('host_id'), b('guest_id'), b('id'), b('status'))} as payload from b
      union all
      select json_build_object('to', json_build_array(${n('user_id')}),
        'event', json_build_object('type', 'notification', 'notificationId', ${n('id')}, 'notificationType', 'booking_request')) from n
    ) as events`);
  return db
    .with(pair, slot, checked, mine, verdict, inserted, item, pushes, mails, announced)
    .select({
      slot: columnsFrom(availabilitySlots, 'c'),
      host: summaryColumns(users),
      hostPhotos: photosJsonOf(c('host_id')),
      hostStats: dateStatsJsonOf(c('host_id')),
      hostVisible: sql<boolean>`${c('host_visible')}`,
      photoCount: sql<number>`mine.photo_count`,
      broken: sql<RequestRule | null>`(select broken from v)`,
      booking: columnsFrom(bookings, 'b'),
      announced: sql<number>`(select count(*)::int from announced)`,
    })
    .from(sql`mine left join c on true left join b on true`)
    .leftJoin(users, sql`${users.id} = ${c('host_id')}`)
    .prepare(name);
}

/** Makes a booking request (see `buildRequest`); what the route needs to choose its answer. */
export async function requestBooking(db: Tx, visible: HostVisibility, values: RequestValues, writers: RequestWriters): Promise<RequestOutcome> {
  const name = `bookings_request_${visible.shape}`;
  const statement = requestStatements(db, name, () => buildRequest(db, visible.where, name, writers));
  const { proposedVenue, now, ...rest } = values;
  const [row] = await statement.execute({
    ...visible.values,
    ...rest,
    now: now.toISOString(),
    venue: JSON.stringify(proposedVenue),
    venueName: proposedVenue.name,
  } satisfies RequestPlaceholders & Record<string, unknown>);
  const { slot, host, hostPhotos, hostStats, hostVisible, photoCount, broken, booking } = row!;
  return {
    broken,
    found: slot.id === null ? undefined : { slot: slot as SlotRow, host: host as SummaryRow, hostPhotos, hostStats, hostVisible },
    photoCount,
    booking: booking.id === null ? undefined : (booking as BookingRow),
  };
}

const mailHost = alias(users, 'mail_host');
const mailGuest = alias(users, 'mail_guest');

/** A booking, its slot and both parties as a booking mail is written from them (bookings.mails `bookingMail`), in one read. */
export async function mailFactsOf(db: Tx, bookingId: string): Promise<BookingMailFacts | undefined> {
  const [row] = await db
    .select({
      booking: {
        hostId: bookings.hostId,
        guestId: bookings.guestId,
        status: bookings.status,
        startsAt: bookings.startsAt,
        requestMessage: bookings.requestMessage,
        responseMessage: bookings.responseMessage,
        proposedVenue: bookings.proposedVenue,
        cancelReason: bookings.cancelReason,
      },
      slot: { date: availabilitySlots.date, startTime: availabilitySlots.startTime, endTime: availabilitySlots.endTime, zoneLabel: availabilitySlots.zoneLabel },
      host: recipientColumns(mailHost),
      guest: recipientColumns(mailGuest),
    })
    .from(bookings)
    .innerJoin(availabilitySlots, eq(availabilitySlots.id, bookings.slotId))
    .innerJoin(mailHost, eq(mailHost.id, bookings.hostId))
    .innerJoin(mailGuest, eq(mailGuest.id, bookings.guestId))
    .where(eq(bookings.id, bookingId));
  return row;
}

export async function findBooking(db: Tx, id: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return row;
}

/** A change of the booking's columns, to run in another statement (notifications' `write`). */
export const bookingSet = (db: Tx, id: string, values: Partial<NewBooking>) => db.update(bookings).set(values).where(eq(bookings.id, id));

/** Both parties' promised time of the booking, to insert in another statement; the exclusion constraint refuses an overlap (23P01). */
export function commitmentsOf(db: Tx, booking: BookingRow) {
  const time = { bookingId: booking.id, slotId: booking.slotId, startsAt: booking.startsAt, endsAt: booking.endsAt };
  return db.insert(dateCommitments).values([
    { ...time, userId: booking.hostId },
    { ...time, userId: booking.guestId },
  ]);
}

/** The booking's promised times taken away, to run in another statement. */
export const commitmentsGone = (db: Tx, bookingId: string) => db.delete(dateCommitments).where(eq(dateCommitments.bookingId, bookingId));

/** Declines every pending request on a slot (but `exceptId`'s); the declined rows. */
export async function declinePendingOnSlot(db: Tx, slotId: string, exceptId: string | null, message: string, at: Date): Promise<BookingRow[]> {
  return db
    .update(bookings)
    .set({ status: 'declined', responseMessage: message, respondedAt: at, updatedAt: at })
    .where(and(eq(bookings.slotId, slotId), eq(bookings.status, 'pending'), exceptId === null ? undefined : ne(bookings.id, exceptId)))
    .returning();
}

export async function memberNameOf(db: Tx, id: string): Promise<string | undefined> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return row?.name;
}

const other = alias(users, 'other_party');
const otherPartyOf = (viewerId: SQLWrapper | string) => sql`${other.id} = case when ${bookings.hostId} = ${viewerId} then ${bookings.guestId} else ${bookings.hostId} end`;

/** What a member summary of the other party needs. */
const otherColumns = summaryColumns(other);
/** What a booking's view shows beside the booking: its slot, and the other party's summary, photos and date stats. */
const viewParts = {
  slot: publicSlotColumns,
  other: otherColumns,
  otherPhotos: photosJsonOf(sql`${other.id}`),
  otherStats: dateStatsJsonOf(sql`${other.id}`),
};

/** The columns a booking's view (bookings.service `toBooking`) reads: a list of bookings selects only these. */
const bookingViewColumns = {
  id: bookings.id,
  status: bookings.status,
  hostId: bookings.hostId,
  guestId: bookings.guestId,
  startsAt: bookings.startsAt,
  requestMessage: bookings.requestMessage,
  proposedVenue: bookings.proposedVenue,
  paidBy: bookings.paidBy,
  responseMessage: bookings.responseMessage,
  cancelledBy: bookings.cancelledBy,
  cancelReason: bookings.cancelReason,
  cancellationPenalty: bookings.cancellationPenalty,
  noShowReportedBy: bookings.noShowReportedBy,
  noShowReason: bookings.noShowReason,
  hostReview: bookings.hostReview,
  guestReview: bookings.guestReview,
  createdAt: bookings.createdAt,
  updatedAt: bookings.updatedAt,
};
export type BookingView = Pick<BookingRow, keyof typeof bookingViewColumns>;

/** A booking with its slot and the other party's summary, photos and date stats. */
export type BookingWithParts = {
  booking: BookingView;
  slot: PublicSlotRow;
  other: SummaryRow;
  otherPhotos: PhotoJson[];
  otherStats: DateStatsRow;
};

function statusCondition(status: BookingStatus | 'cancelled_any' | undefined): SQL | undefined {
  if (status === undefined) return undefined;
  if (status === 'cancelled_any') return sql`${bookings.status} like '%cancelled%'`;
  return eq(bookings.status, status);
}

function perspectiveCondition(memberId: SQLWrapper, perspective: Perspective): SQL {
  if (perspective === 'host') return eq(bookings.hostId, memberId);
  if (perspective === 'guest') return eq(bookings.guestId, memberId);
  return or(eq(bookings.hostId, memberId), eq(bookings.guestId, memberId))!;
}

type BookingsFilter = { perspective: Perspective; status?: BookingStatus | 'cancelled_any'; bookingId?: string };

function bookingsStatement(db: Tx, filter: BookingsFilter, name: string) {
  const memberId = sql.placeholder('memberId');
  return db
    .select({
      booking: bookingViewColumns,
      ...viewParts,
    })
    .from(bookings)
    .innerJoin(availabilitySlots, eq(availabilitySlots.id, bookings.slotId))
    .innerJoin(other, otherPartyOf(memberId))
    .where(
      and(
        perspectiveCondition(memberId, filter.perspective),
        statusCondition(filter.status),
        filter.bookingId ? eq(bookings.id, sql.placeholder('bookingId')) : undefined,
      ),
    )
    .orderBy(desc(bookings.startsAt), desc(bookings.id))
    .prepare(name);
}
/** A database handle's bookings statements, one per shape of filter (its status is part of the text). */
const bookingsStatements = preparedPerShape<ReturnType<typeof bookingsStatement>>();

/**
 * A member's bookings with their slot and the other party (with their photos and date stats),
 * newest date first, in one query (the host and guest indexes find them; the slot, the other
 * member and their counters by primary key). Prepared once per shape: /bookings asks for it often.
 */
export async function bookingsOf(db: Tx, memberId: string, filter: BookingsFilter): Promise<BookingWithParts[]> {
  const name = `bookings_of_${filter.perspective}_${filter.status ?? 'any'}_${filter.bookingId ? 'one' : 'every'}`;
  const statement = bookingsStatements(db, name, () => bookingsStatement(db, filter, name));
  return statement.execute({ memberId, bookingId: filter.bookingId });
}

/**
 * A booking locked, with what its answer shows `viewerId` (its slot, the other party's summary,
 * photos and date stats) and whether its guest can still be given a date (not banned nor gone, no
 * block either way), in one statement.
 */
export type LockedBooking = { row: BookingRow; parts: Omit<BookingWithParts, 'booking'>; guestTakesPart: boolean };
export async function lockBooking(db: Tx, id: string, viewerId: string): Promise<LockedBooking | undefined> {
  const guestTakesPart = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, bookings.guestId), takesPartSql, notBlockedWith(users.id, bookings.hostId)));
  const [found] = await db
    .select({
      row: getTableColumns(bookings),
      ...viewParts,
      guestTakesPart: sql<boolean>`exists (${guestTakesPart})`,
    })
    .from(bookings)
    .innerJoin(availabilitySlots, eq(availabilitySlots.id, bookings.slotId))
    .innerJoin(other, otherPartyOf(viewerId))
    .where(eq(bookings.id, id))
    .for('update', { of: bookings });
  if (!found) return undefined;
  const { row, guestTakesPart: takesPart, ...parts } = found;
  return { row, parts, guestTakesPart: takesPart };
}

/** The other party of every agreed date (confirmed or completed) the member has. */
export async function chatPartnersOf(db: Tx, memberId: string): Promise<string[]> {
  const other = sql<string>`case when ${bookings.hostId} = ${memberId} then ${bookings.guestId} else ${bookings.hostId} end`;
  const rows = await db
    .selectDistinct({ id: other })
    .from(bookings)
    .where(
      and(or(eq(bookings.hostId, memberId), eq(bookings.guestId, memberId)), inArray(bookings.status, [...CHAT_OPEN_STATUSES]), notBlockedWith(other, memberId)),
    );
  return rows.map((row) => row.id);
}

// The chat's own calls read it with the members in one statement (chat.repo `chatAccess`); this is for the others.
const chatBookingStatement = preparedPerDb((db) => {
  const booking = chatBookingQuery(new QueryBuilder(), sql.placeholder('a'), sql.placeholder('b')).as('booking');
  return db.select({ id: booking.id, createdAt: booking.createdAt }).from(booking).prepare('bookings_chat_booking_between');
});
export async function chatBookingBetween(db: Tx, a: string, b: string): Promise<{ id: string; createdAt: Date } | undefined> {
  const [row] = await chatBookingStatement(db).execute({ a, b });
  return row;
}

/**
 * A member's pending and confirmed bookings that have not begun (with `otherId` only, when given),
 * each with its slot, locked (slot, then booking).
 */
export async function lockUpcomingBookingsOf(db: Tx, memberId: string, now: Date, otherId: string | null = null): Promise<{ booking: BookingRow; slot: SlotRow }[]> {
  const upcoming = and(
    otherId === null
      ? or(eq(bookings.hostId, memberId), eq(bookings.guestId, memberId))
      : or(and(eq(bookings.hostId, memberId), eq(bookings.guestId, otherId)), and(eq(bookings.hostId, otherId), eq(bookings.guestId, memberId))),
    inArray(bookings.status, ['pending', 'confirmed']),
    gt(bookings.startsAt, now),
  );
  const slotIds = db.select({ id: bookings.slotId }).from(bookings).where(upcoming);
  const slots = await db.select().from(availabilitySlots).where(inArray(availabilitySlots.id, slotIds)).orderBy(availabilitySlots.id).for('update');
  const bySlot = new Map(slots.map((slot) => [slot.id, slot]));
  const rows = await db.select().from(bookings).where(upcoming).orderBy(bookings.id).for('update');
  return rows.flatMap((booking) => {
    const slot = bySlot.get(booking.slotId);
    return slot ? [{ booking, slot }] : [];
  });
}

/** Every booking, and how many are confirmed and pending (the admin's figures). */
export async function bookingTotals(db: Tx): Promise<{ total: number; confirmed: number; pending: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      confirmed: sql<number>`count(*) filter (where ${bookings.status} = 'confirmed')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${bookings.status} = 'pending')`.mapWith(Number),
    })
    .from(bookings);
  return row!;
}

/** Each member's bookings (as host or guest): how many, and how many confirmed. */
export async function bookingCountsOf(db: Tx, memberIds: string[]): Promise<Map<string, { total: number; confirmed: number }>> {
  const counts = new Map(memberIds.map((id) => [id, { total: 0, confirmed: 0 }]));
  if (memberIds.length === 0) return counts;
  const ids = sql`array[${sql.join(memberIds.map((id) => sql`${id}::uuid`), sql`, `)}]`;
  const rows = await db
    .select({
      memberId: sql<string>`member.id`,
      total: sql<number>`count(*)`.mapWith(Number),
      confirmed: sql<number>`count(*) filter (where ${bookings.status} = 'confirmed')`.mapWith(Number),
    })
    .from(sql`unnest(${ids}) as member(id)`)
    .innerJoin(bookings, sql`${bookings.hostId} = member.id or ${bookings.guestId} = member.id`)
    .groupBy(sql`member.id`);
  for (const row of rows) counts.set(row.memberId, { total: row.total, confirmed: row.confirmed });
  return counts;
}

/** The dates between two members, either way round, newest first (a moderator's view of a report). */
export async function datesBetween(db: Tx, a: string, b: string, limit: number) {
  return db
    .select({ id: bookings.id, startsAt: bookings.startsAt, status: bookings.status, venue: availabilitySlots.venue })
    .from(bookings)
    .innerJoin(availabilitySlots, eq(availabilitySlots.id, bookings.slotId))
    .where(or(and(eq(bookings.hostId, a), eq(bookings.guestId, b)), and(eq(bookings.hostId, b), eq(bookings.guestId, a))))
    .orderBy(desc(bookings.startsAt), bookings.id)
    .limit(limit);
}
