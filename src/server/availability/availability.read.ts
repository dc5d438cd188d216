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
