import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DATE_TYPES } from '#shared/domain/profile.ts';
import { users } from '../auth/auth.tables.ts';

/**
 * A time a host is free. Date and times are the host's wall clock in `timeZone`; `startsAt` and
 * `endsAt` are the same moments as instants, which every time rule uses, placed by the zone rules
 * of tzdb `tzdbVersion` (null: rules older than this column), which also gave the offset and label
 * at the start that the API sends (docs/time-zones.md). A removed slot keeps its
 * row (bookings point at it) with `removedAt` and the reason.
 * The migration adds what Drizzle cannot declare: no two live slots of one host overlap
 * (an exclusion constraint on the time range), and the triggers that keep `hostLongitude` and
 * `hostLatitude` equal to the host's own (decision 83).
 */
export const availabilitySlots = pgTable(
  'availability_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    timeZone: text('time_zone').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The zone's offset from UTC at the start, "-07:00". */
    utcOffset: text('utc_offset').notNull().default(''),
    /** The zone's label at the start, "MST". */
    zoneLabel: text('zone_label').notNull().default(''),
    tzdbVersion: text('tzdb_version'),
    dateType: text('date_type', { enum: DATE_TYPES }).notNull(),
    venue: text('venue').notNull(),
    venueType: text('venue_type').notNull().default(''),
    address: text('address').notNull().default(''),
    notes: text('notes').notNull().default(''),
    maxBookings: integer('max_bookings').notNull().default(1),
    /** Confirmed bookings on this slot; the check constraint is what stops an overbooking. */
    confirmedCount: integer('confirmed_count').notNull().default(0),
    timePeriod: text('time_period'),
    preferredTime: text('preferred_time'),
    /** Idempotency key sent by the client (an offline edit replayed twice creates one slot). */
    clientKey: uuid('client_key'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removalReason: text('removal_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The host's home (users.longitude, latitude), kept by triggers: Available dates' walk reads it from the open-slot index. */
    hostLongitude: doublePrecision('host_longitude'),
    hostLatitude: doublePrecision('host_latitude'),
  },
  (t) => [
    check('availability_slots_times', sql`${t.endsAt} > ${t.startsAt}`),
    check('availability_slots_capacity', sql`${t.confirmedCount} >= 0 and ${t.confirmedCount} <= ${t.maxBookings}`),
    index('availability_slots_host_idx').on(t.hostId, t.startsAt),
    index('availability_slots_open_idx')
      .on(t.startsAt, t.id, t.hostLongitude, t.hostLatitude)
      .where(sql`${t.removedAt} is null and ${t.confirmedCount} < ${t.maxBookings}`),
    uniqueIndex('availability_slots_client_key').on(t.hostId, t.clientKey),
  ],
);
