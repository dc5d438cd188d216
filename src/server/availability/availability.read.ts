import { sql, type SQL } from 'drizzle-orm';
import { availabilitySlots as slots } from './availability.tables.ts';

/**
 * Slots as other features may use them in their own queries (bookings, browse): to join and read,
 * never to write (availability's service takes and releases seats, removes slots).
 */
export { slots as availabilitySlots };

export type SlotRow = typeof slots.$inferSelect;

/** The columns a slot's public shape (`toPublicSlot`) reads: a list of slots selects only these. */
export const publicSlotColumns = {
  id: slots.id,
  date: slots.date,
  startTime: slots.startTime,
  endTime: slots.endTime,
  timeZone: slots.timeZone,
  startsAt: slots.startsAt,
  endsAt: slots.endsAt,
  utcOffset: slots.utcOffset,
  zoneLabel: slots.zoneLabel,
  dateType: slots.dateType,
  venue: slots.venue,
  venueType: slots.venueType,
  address: slots.address,
  notes: slots.notes,
  maxBookings: slots.maxBookings,
  confirmedCount: slots.confirmedCount,
};
export type PublicSlotRow = Pick<SlotRow, keyof typeof publicSlotColumns>;

/** How a slot's columns are named where its texts are written: `s.date`, or a subquery's `c.date`. */
export type SlotColumn = (name: 'date' | 'start_time' | 'end_time' | 'zone_label') => SQL;

const zoneSuffix = (column: SlotColumn) => sql`case when ${column('zone_label')} = '' then '' else ' ' || ${column('zone_label')} end`;

/**
 * A slot's texts in SQL, as #shared/domain/slot-when.ts writes them (English names whatever the
 * database's locale: no TM prefix), for statements that store them (a request's inbox item):
 * `slotTimesSql` "10:00–11:30 MST", `slotStartSql` "Fri, Nov 27 at 10:00 MST".
 * tests/api/bookings.test.ts holds each to its TypeScript twin.
 */
export const slotTimesSql = (column: SlotColumn): SQL<string> => sql`${column('start_time')} || '–' || ${column('end_time')} || ${zoneSuffix(column)}`;
export const slotStartSql = (column: SlotColumn): SQL<string> =>
  sql`to_char(${column('date')}, 'Dy, Mon FMDD') || ' at ' || ${column('start_time')} || ${zoneSuffix(column)}`;
