import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES } from '#shared/domain/booking.ts';
import { users } from '../auth/auth.tables.ts';
import { availabilitySlots } from '../availability/availability.tables.ts';

export type ProposedVenue = { name: string; address: string; type: string; priceRange: string };
export type Review = { rating: number; comment: string; wouldMeetAgain: boolean; createdAt: string };

/**
 * A guest's request for a host's slot and everything that happens to it. The times are copied
 * from the slot when requested. One pending request per guest and host (unique index); the slot's
 * capacity and each member's calendar are guarded in the database (see dateCommitments).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => availabilitySlots.id, { onDelete: 'cascade' }),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('pending'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    requestMessage: text('request_message').notNull(),
    proposedVenue: jsonb('proposed_venue').$type<ProposedVenue>().notNull(),
    paidBy: text('paid_by', { enum: ['guest'] }).notNull().default('guest'),
    responseMessage: text('response_message'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    cancellationPenalty: integer('cancellation_penalty'),
    noShowReportedBy: uuid('no_show_reported_by').references(() => users.id, { onDelete: 'set null' }),
    noShowReason: text('no_show_reason'),
    hostReview: jsonb('host_review').$type<Review>(),
    guestReview: jsonb('guest_review').$type<Review>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('bookings_guest_idx').on(t.guestId, t.startsAt),
    index('bookings_host_idx').on(t.hostId, t.startsAt),
    index('bookings_slot_idx').on(t.slotId),
    uniqueIndex('bookings_one_pending_per_pair').on(t.guestId, t.hostId).where(sql`${t.status} = 'pending'`),
    index('bookings_pending_expiry_idx').on(t.startsAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * The time each member of a confirmed date has promised: one row per party. The migration adds
 * an exclusion constraint so one member's promised times never overlap, except on the same slot
 * (a host may accept several guests on a slot with maxBookings above 1). Rows are removed when
 * the date is cancelled.
 */
export const dateCommitments = pgTable(
  'date_commitments',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slotId: uuid('slot_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('date_commitments_pk').on(t.bookingId, t.userId)],
);

/**
 * Each member's reliability stats as counters: finished dates (completed or a no-show), completed
 * ones, and those they missed. Kept by triggers on bookings in the transaction that changes a
 * booking (migration 0014, whose `booking_date_stats` function is their one definition;
 * decision 49), so every write path keeps them, whoever writes. No row: all zero.
 */
export const memberDateStats = pgTable('member_date_stats', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  totalDates: integer('total_dates').notNull().default(0),
  noShows: integer('no_shows').notNull().default(0),
  finished: integer('finished').notNull().default(0),
});
