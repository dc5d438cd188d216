import { and, desc, eq, gt, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BookingStatus } from '#shared/domain/booking.ts';
import { CHAT_OPEN_STATUSES } from '#shared/domain/chat.ts';
import { users } from '../auth/auth.tables.ts';
import { publicSlotColumns, type PublicSlotRow } from '../availability/availability.repo.ts';
import { availabilitySlots } from '../availability/availability.tables.ts';
import type { Tx } from '../platform/db/client.ts';
import { photosJsonOf, type PhotoJson } from '../profiles/photos.repo.ts';
import { dateStatsJsonOf, summaryColumns, type DateStatsRow, type SummaryRow } from '../profiles/profiles.repo.ts';
import { photos } from '../profiles/profiles.tables.ts';
import { bookings, dateCommitments } from './bookings.tables.ts';

export type BookingRow = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;
export type SlotRow = typeof availabilitySlots.$inferSelect;
export type Perspective = 'all' | 'host' | 'guest';

export type SlotToRequest = {
  slot: SlotRow;
  host: SummaryRow;
  hostPhotos: PhotoJson[];
  hostStats: DateStatsRow;
  hostVisible: boolean;
  photoCount: number;
};

const slotHost = sql`${sql.identifier('availability_slots')}.${sql.identifier('host_id')}`;

/**
 * What a booking request reads, in one statement: the slot, its host's summary (photos and date
 * stats), whether the requester may see the host (`visible`, a condition over users), and the
 * requester's own photo count.
 */
export async function findSlotToRequest(db: Tx, slotId: string, requesterId: string, visible: SQL): Promise<SlotToRequest | undefined> {
  const [row] = await db
    .select({
      slot: availabilitySlots,
      host: summaryColumns(users),
      hostPhotos: photosJsonOf(slotHost),
      hostStats: dateStatsJsonOf(slotHost),
      hostVisible: sql<boolean>`(${visible})`,
      photoCount: sql<number>`(select count(*)::int from ${photos} where ${photos.userId} = ${requesterId})`,
    })
    .from(availabilitySlots)
    .innerJoin(users, eq(users.id, availabilitySlots.hostId))
    .where(eq(availabilitySlots.id, slotId))
    .limit(1);
  return row;
}

/** Holds the slot until the transaction ends: every change to a slot's bookings takes it first. */
export async function lockSlot(db: Tx, id: string): Promise<SlotRow | undefined> {
  const [row] = await db.select().from(availabilitySlots).where(eq(availabilitySlots.id, id)).for('update');
  return row;
}

/** Inserts the request unless the guest already has one pending with this host (the unique index decides). */
export async function insertPendingBooking(db: Tx, values: NewBooking): Promise<BookingRow | undefined> {
  const [row] = await db.insert(bookings).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findBooking(db: Tx, id: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return row;
}

export async function lockBooking(db: Tx, id: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return row;
}

export async function updateBooking(db: Tx, id: string, values: Partial<NewBooking>): Promise<BookingRow> {
  const [row] = await db.update(bookings).set(values).where(eq(bookings.id, id)).returning();
  return row!;
}

/** One more confirmed booking on the slot, unless it is full; the new count, or undefined when full. */
export async function takeSeat(db: Tx, slotId: string): Promise<{ confirmedCount: number; maxBookings: number } | undefined> {
  const [row] = await db
    .update(availabilitySlots)
    .set({ confirmedCount: sql`${availabilitySlots.confirmedCount} + 1` })
    .where(and(eq(availabilitySlots.id, slotId), sql`${availabilitySlots.confirmedCount} < ${availabilitySlots.maxBookings}`))
    .returning({ confirmedCount: availabilitySlots.confirmedCount, maxBookings: availabilitySlots.maxBookings });
  return row;
}

export async function releaseSeat(db: Tx, slotId: string): Promise<void> {
  await db
    .update(availabilitySlots)
    .set({ confirmedCount: sql`${availabilitySlots.confirmedCount} - 1` })
    .where(and(eq(availabilitySlots.id, slotId), sql`${availabilitySlots.confirmedCount} > 0`));
}

/** Both parties' promised time; the exclusion constraint refuses an overlap (23P01). */
export async function insertCommitments(db: Tx, booking: BookingRow): Promise<void> {
  const time = { bookingId: booking.id, slotId: booking.slotId, startsAt: booking.startsAt, endsAt: booking.endsAt };
  await db.insert(dateCommitments).values([
    { ...time, userId: booking.hostId },
    { ...time, userId: booking.guestId },
  ]);
}

export async function deleteCommitments(db: Tx, bookingId: string): Promise<void> {
  await db.delete(dateCommitments).where(eq(dateCommitments.bookingId, bookingId));
}

/** Declines every other pending request on a slot; the declined rows. */
export async function declinePendingOnSlot(db: Tx, slotId: string, exceptId: string, message: string, at: Date): Promise<BookingRow[]> {
  return db
    .update(bookings)
    .set({ status: 'declined', responseMessage: message, respondedAt: at, updatedAt: at })
    .where(and(eq(bookings.slotId, slotId), eq(bookings.status, 'pending'), ne(bookings.id, exceptId)))
    .returning();
}

const other = alias(users, 'other_party');

/** What a member summary of the other party needs. */
const otherColumns = summaryColumns(other);

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

function perspectiveCondition(memberId: string, perspective: Perspective): SQL {
  if (perspective === 'host') return eq(bookings.hostId, memberId);
  if (perspective === 'guest') return eq(bookings.guestId, memberId);
  return or(eq(bookings.hostId, memberId), eq(bookings.guestId, memberId))!;
}

/**
 * A member's bookings with their slot and the other party (with their photos and date stats),
 * newest date first, in one query (the host and guest indexes find them; the slot, the other
 * member and their counters by primary key).
 */
export async function bookingsOf(
  db: Tx,
  memberId: string,
  filter: { perspective: Perspective; status?: BookingStatus | 'cancelled_any'; bookingId?: string },
): Promise<BookingWithParts[]> {
  return db
    .select({
      booking: bookingViewColumns,
      slot: publicSlotColumns,
      other: otherColumns,
      otherPhotos: photosJsonOf(sql`${other.id}`),
      otherStats: dateStatsJsonOf(sql`${other.id}`),
    })
    .from(bookings)
    .innerJoin(availabilitySlots, eq(availabilitySlots.id, bookings.slotId))
    .innerJoin(other, sql`${other.id} = case when ${bookings.hostId} = ${memberId} then ${bookings.guestId} else ${bookings.hostId} end`)
    .where(
      and(
        perspectiveCondition(memberId, filter.perspective),
        statusCondition(filter.status),
        filter.bookingId ? eq(bookings.id, filter.bookingId) : undefined,
      ),
    )
    .orderBy(desc(bookings.startsAt), desc(bookings.id));
}

/** The newest agreed date (confirmed or completed) between two members, either way round: it opens their chat. */
/** The other party of every agreed date (confirmed or completed) the member has. */
export async function chatPartnersOf(db: Tx, memberId: string): Promise<string[]> {
  const other = sql<string>`case when ${bookings.hostId} = ${memberId} then ${bookings.guestId} else ${bookings.hostId} end`;
  const rows = await db
    .selectDistinct({ id: other })
    .from(bookings)
    .where(and(or(eq(bookings.hostId, memberId), eq(bookings.guestId, memberId)), inArray(bookings.status, [...CHAT_OPEN_STATUSES])));
  return rows.map((row) => row.id);
}

export async function chatBookingBetween(db: Tx, a: string, b: string): Promise<{ id: string; createdAt: Date } | undefined> {
  const [row] = await db
    .select({ id: bookings.id, createdAt: bookings.createdAt })
    .from(bookings)
    .where(
      and(
        or(and(eq(bookings.hostId, a), eq(bookings.guestId, b)), and(eq(bookings.hostId, b), eq(bookings.guestId, a))),
        inArray(bookings.status, [...CHAT_OPEN_STATUSES]),
      ),
    )
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  return row;
}

/** A member's pending and confirmed bookings that have not begun, each with its slot, locked (slot, then booking). */
export async function lockUpcomingBookingsOf(db: Tx, memberId: string, now: Date): Promise<{ booking: BookingRow; slot: SlotRow }[]> {
  const upcoming = and(
    or(eq(bookings.hostId, memberId), eq(bookings.guestId, memberId)),
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

/** Whether a member can still take part in a date: not banned, account not closed. */
export async function canTakePart(db: Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isBanned, false), eq(users.accountStatus, 'active')))
    .limit(1);
  return row !== undefined;
}
