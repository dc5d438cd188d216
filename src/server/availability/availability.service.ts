import type { z } from 'zod';
import type { MyCalendar, OwnSlot, SlotCreateBodySchema } from '#shared/api/availability.ts';
import { SLOT_MESSAGES } from '#shared/api/availability.ts';
import type { PublicSlot } from '#shared/api/profiles.ts';
import { todayIn } from '#shared/domain/time-zones.ts';
import { HttpError } from '#shared/http-error.ts';
import type { Member } from '../platform/auth.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { PG, pgErrorCode } from '../platform/db/pg-errors.ts';
import type { Transact } from '../platform/idempotency/idempotency.ts';
import { isUuid } from '../platform/ids.ts';
import { bookingsOnSlots, hasConfirmedBooking } from '../bookings/bookings.read.ts';
import * as repo from './availability.repo.ts';
import { dayOf, placeSlot } from './slot-times.ts';

/** Erasing a removed member (decision 21) is each feature's own part, called by admin in one transaction. */
export { eraseMember, openSlotCount } from './availability.repo.ts';

/** For browse, which shows free times on its cards, member pages and list by time. */
export { bookableSlotsPage, firstOpenSlotStartOf, openSlotsFieldsOf } from './availability.repo.ts';
/** For bookings: a slot's lock and its seats (confirmed bookings), which only availability writes. */
export { lockSlot, releaseSeat, takeSeat } from './availability.repo.ts';
/** A slot's instants from its wall-clock time (the seed), its day as text, and a slot that a zone-rule change moved (bookings tells its parties). */
export { dayOf, placeSlot, type MovedSlot } from './slot-times.ts';
/** For the demo members' free times. */
export { insertSlots, type NewSlotRow } from './availability.repo.ts';

type SlotCreate = z.output<typeof SlotCreateBodySchema>;

export const NOT_YOUR_SLOT = 'You can only remove your own slots';
export const SLOT_HAS_DATE = 'This slot has a confirmed date: cancel the date first';

const fieldError = (status: number, field: string, message: string) => new HttpError(status, message, [{ field, message }]);

export function toPublicSlot(row: repo.PublicSlotRow): PublicSlot {
  return {
    _id: row.id,
    date: dayOf(row.date),
    startTime: row.startTime,
    endTime: row.endTime,
    timeZone: row.timeZone,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    utcOffset: row.utcOffset,
    zoneLabel: row.zoneLabel,
    dateType: row.dateType,
    venue: row.venue,
    venueType: row.venueType,
    address: row.address,
    notes: row.notes,
    maxBookings: row.maxBookings,
    isBooked: row.confirmedCount >= row.maxBookings,
  };
}

/** Declines a removed slot's pending requests and tells their guests (bookings' part; passed in: bookings builds on availability). */
export type DeclineRequestsOn = (tx: Tx, slot: repo.SlotRow, now: Date) => Promise<number>;

type BookingOnSlot = Awaited<ReturnType<typeof bookingsOnSlots>>[number];

/** The host's view of a slot, from the bookings on it: who booked, what is pending. */
function toOwnSlot(row: repo.SlotRow, onSlot: BookingOnSlot[]): OwnSlot {
  const booked = onSlot.filter((booking) => booking.status !== 'pending');
  return {
    ...toPublicSlot(row),
    confirmedCount: row.confirmedCount,
    pendingCount: onSlot.length - booked.length,
    bookedBy: booked.map((booking) => ({ _id: booking.guestId, profile: { name: booking.guestName } })),
    timePeriod: row.timePeriod,
    preferredTime: row.preferredTime,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createAvailabilityService(deps: {
  db: Db;
  clock: Clock;
  declineRequestsOn: DeclineRequestsOn;
  /** The signed-in member's row (auth: a write's is the one read with its session): the host's zone. */
  userOf: (member: Member) => Promise<{ timeZone: string }>;
}) {
  const { db, clock, declineRequestsOn } = deps;

  /** The host's view of slots, with the bookings on them. */
  async function ownSlots(rows: repo.SlotRow[]): Promise<OwnSlot[]> {
    const onSlots = await bookingsOnSlots(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toOwnSlot(row, onSlots.filter((booking) => booking.slotId === row.id)));
  }

  async function replay(hostId: string, clientKey: string | undefined) {
    if (!clientKey) return undefined;
    return repo.findSlotByClientKey(db, hostId, clientKey);
  }

  return {
    /**
     * A new free time in the host's zone. The database decides overlaps (two creates at once make
     * one slot); the same clientKey answers the slot it made, never a second one. `transact` runs the
     * write (an idempotent request's transaction, which also records its answer); without one the
     * insert is a statement of its own.
     */
    async create(member: Member, input: SlotCreate, transact: Transact = (work) => work(db)): Promise<{ created: boolean; slot: OwnSlot }> {
      const existing = await replay(member.id, input.clientKey);
      if (existing) return { created: false, slot: (await ownSlots([existing]))[0]! };

      const host = await deps.userOf(member);
      const now = clock.now();
      if (input.date < todayIn(host.timeZone, now)) throw fieldError(400, 'date', SLOT_MESSAGES.dateInPast);
      const placed = placeSlot({ date: input.date, startTime: input.startTime, endTime: input.endTime, timeZone: host.timeZone });
      const { startsAt, endsAt } = placed;
      if (startsAt.getTime() <= now.getTime()) throw fieldError(400, 'startTime', SLOT_MESSAGES.startInPast);
      if (endsAt.getTime() <= startsAt.getTime()) throw fieldError(400, 'endTime', SLOT_MESSAGES.endBeforeStart);

      try {
        return await transact(async (tx) => {
          const row = await repo.insertSlot(tx, {
            hostId: member.id,
            date: input.date,
            startTime: input.startTime,
            endTime: input.endTime,
            timeZone: host.timeZone,
            ...placed,
            dateType: input.dateType,
            venue: input.venue,
            venueType: input.venueType,
            address: input.address,
            notes: input.notes,
            maxBookings: input.maxBookings,
            timePeriod: input.timePeriod ?? null,
            preferredTime: input.preferredTime ?? null,
            clientKey: input.clientKey ?? null,
            createdAt: now,
          });
          // A new slot has no bookings yet.
          return { created: true, slot: toOwnSlot(row, []) };
        });
      } catch (error) {
        const code = pgErrorCode(error);
        if (code !== PG.exclusionViolation && code !== PG.uniqueViolation) throw error;
        // The same request sent twice at once: the first one's slot is the answer.
        const twin = await replay(member.id, input.clientKey);
        if (twin) return { created: false, slot: (await ownSlots([twin]))[0]! };
        if (code === PG.exclusionViolation) throw fieldError(409, 'startTime', SLOT_MESSAGES.overlaps);
        throw error;
      }
    },

    /**
     * Removes a free time of the member's own. Pending requests on it are declined and their guests
     * told, all in one transaction with the slot locked; a confirmed date must be cancelled first.
     */
    async remove(member: Member, slotId: string, reason: string, transact: Transact = (work) => db.transaction(work)): Promise<{ declinedRequests: number }> {
      if (!isUuid(slotId)) throw new HttpError(404, SLOT_MESSAGES.notFound);
      const now = clock.now();
      return transact(async (tx) => {
        const slot = await repo.lockSlot(tx, slotId);
        if (!slot || slot.removedAt) throw new HttpError(404, SLOT_MESSAGES.notFound);
        if (slot.hostId !== member.id) throw new HttpError(403, NOT_YOUR_SLOT);
        if (await hasConfirmedBooking(tx, slotId)) throw new HttpError(409, SLOT_HAS_DATE);
        await repo.markRemoved(tx, slotId, now, reason);
        return { declinedRequests: await declineRequestsOn(tx, slot, now) };
      });
    },

    /** The host's live slots dated in one month, by date, earliest first. */
    async calendar(member: Member, year: number, month: number): Promise<MyCalendar> {
      const from = `${year}-${String(month).padStart(2, '0')}-01`;
      const to = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
      const rows = await repo.liveSlotsOfHost(db, member.id, from, to);
      const calendar: MyCalendar = {};
      for (const slot of await ownSlots(rows)) (calendar[slot.date] ??= []).push(slot);
      return calendar;
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;

/** Each host's bookable slots from `now`: how many, and the first `first` (all when null), earliest first. */
export async function openSlotsOf(db: Tx, hostIds: string[], now: Date, first: number | null): Promise<Map<string, { count: number; slots: PublicSlot[] }>> {
  const byHost = new Map<string, { count: number; slots: PublicSlot[] }>();
  for (const row of await repo.openSlotsOfHosts(db, hostIds, now, first)) {
    const entry = byHost.get(row.hostId) ?? { count: row.total, slots: [] };
    entry.slots.push(toPublicSlot(row));
    byHost.set(row.hostId, entry);
  }
  return byHost;
}
