import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AvailabilityBrowseQuerySchema, AvailabilityBrowseResponse, MyCalendar, OwnSlot, SlotCreateBodySchema } from '#shared/api/availability.ts';
import { SLOT_MESSAGES } from '#shared/api/availability.ts';
import type { PublicSlot } from '#shared/api/profiles.ts';
import { DATE_TYPE_LABELS } from '#shared/domain/profile.ts';
import { slotStart } from '#shared/domain/slot-when.ts';
import { todayIn } from '#shared/domain/time-zones.ts';
import { HttpError } from '#shared/http-error.ts';
import { roundKm, type BrowseService } from '../browse/browse.service.ts';
import { createNotification, setBookingRequestStatus } from '../notifications/notifications.service.ts';
import type { Member } from '../platform/auth.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { PG, pgErrorCode } from '../platform/db/pg-errors.ts';
import type { Transact } from '../platform/idempotency/idempotency.ts';
import { isUuid } from '../platform/ids.ts';
import { announceEach } from '../platform/realtime/announce.ts';
import { memberSummaries } from '../profiles/profiles.service.ts';
import * as repo from './availability.repo.ts';
import { dayOf, placeSlot } from './slot-times.ts';

type SlotCreate = z.output<typeof SlotCreateBodySchema>;
type BrowseQuery = z.output<typeof AvailabilityBrowseQuerySchema>;

export const NOT_YOUR_SLOT = 'You can only remove your own slots';
export const SLOT_HAS_DATE = 'This slot has a confirmed date: cancel the date first';
/** What a guest whose request was pending reads when the host removes the time. */
export const HOST_REMOVED_TIME = 'The host removed this time';

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

export function createAvailabilityService(deps: { db: Db; clock: Clock; browse: BrowseService }) {
  const { db, clock, browse } = deps;

  /** The host's view of slots: who booked, what is pending (`from`: a transaction, when inside one). */
  async function ownSlots(rows: repo.SlotRow[], from: Tx = db): Promise<OwnSlot[]> {
    const onSlots = await repo.bookingsOnSlots(
      from,
      rows.map((row) => row.id),
    );
    return rows.map((row) => {
      const mine = onSlots.filter((booking) => booking.slotId === row.id);
      const booked = mine.filter((booking) => booking.status !== 'pending');
      return {
        ...toPublicSlot(row),
        confirmedCount: row.confirmedCount,
        pendingCount: mine.length - booked.length,
        bookedBy: booked.map((booking) => ({ _id: booking.guestId, profile: { name: booking.guestName } })),
        timePeriod: row.timePeriod,
        preferredTime: row.preferredTime,
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  async function replay(hostId: string, clientKey: string | undefined) {
    if (!clientKey) return undefined;
    return repo.findSlotByClientKey(db, hostId, clientKey);
  }

  return {
    /**
     * A new free time in the host's zone. The database decides overlaps (two creates at once make
     * one slot); the same clientKey answers the slot it made, never a second one. `transact` runs the
     * write (an idempotent request's transaction, which also records its answer).
     */
    async create(member: Member, input: SlotCreate, transact: Transact = (work) => db.transaction(work)): Promise<{ created: boolean; slot: OwnSlot }> {
      const existing = await replay(member.id, input.clientKey);
      if (existing) return { created: false, slot: (await ownSlots([existing]))[0]! };

      const host = await repo.hostOf(db, member.id);
      if (!host) throw new HttpError(404, 'Profile not found');
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
          return { created: true, slot: (await ownSlots([row], tx))[0]! };
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
        if (await repo.hasConfirmedBooking(tx, slotId)) throw new HttpError(409, SLOT_HAS_DATE);
        await repo.markRemoved(tx, slotId, now, reason);
        const declined = await repo.declinePending(tx, slotId, HOST_REMOVED_TIME, now);
        if (declined.length > 0) {
          const host = await repo.hostOf(tx, member.id);
          const what = `${DATE_TYPE_LABELS[slot.dateType]} on ${slotStart({ ...slot, date: dayOf(slot.date) })}`;
          for (const booking of declined) {
            await createNotification(tx, {
              userId: booking.guestId,
              senderId: member.id,
              type: 'booking_update',
              title: 'Booking request declined',
              message: `${host?.name ?? 'The host'} removed the time you asked for (${what}). ${HOST_REMOVED_TIME}.`,
              data: { profileId: member.id, bookingId: booking.id, date: dayOf(slot.date), venue: slot.venue },
              createdAt: now,
            });
          }
          await setBookingRequestStatus(
            tx,
            declined.map((booking) => ({ id: booking.id, hostId: member.id })),
            'declined',
          );
          await announceEach(
            tx,
            declined.map((booking) => ({ to: [member.id, booking.guestId], event: { type: 'bookingChanged' as const, bookingId: booking.id, status: 'declined' } })),
          );
        }
        return { declinedRequests: declined.length };
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

    /** Bookable slots of members the viewer may see in browse, with each host and the viewer's booking with them. */
    async browse(member: Member, query: BrowseQuery): Promise<AvailabilityBrowseResponse> {
      const hosts = await browse.hostsFor(member, query);
      const rows = await repo.bookableSlotsPage(db, {
        hosts,
        now: clock.now(),
        dateType: query.dateType,
        startDate: query.startDate,
        endDate: query.endDate,
        sortBy: query.sortBy,
        offset: (query.page - 1) * query.limit,
        limit: query.limit + 1,
      });
      const shown = rows.slice(0, query.limit);
      const hostRows = [...new Map(shown.map((row) => [row.host.id, row.host])).values()];
      const [summaries, bookingsWith] = await Promise.all([
        memberSummaries(db, hostRows),
        repo.latestBookingsWith(
          db,
          member.id,
          hostRows.map((host) => host.id),
        ),
      ]);
      const summaryOf = new Map(summaries.map((summary) => [summary._id, summary]));
      return {
        slots: shown.map((row) => ({
          ...toPublicSlot(row.slot),
          host: summaryOf.get(row.host.id)!,
          distance: roundKm(row.distance),
          bookingStatus: bookingsWith.get(row.host.id) ?? null,
        })),
        pagination: { page: query.page, limit: query.limit, hasMore: rows.length > query.limit },
      };
    },

    /** A browse card's next `first` free times and their count, as JSON fields of browse's page statement. */
    cardSlotsFields: (hostId: SQL, now: SQL, first: number, keys: { count: string; slots: string }) => repo.openSlotsFieldsOf(hostId, now, first, keys),

    /** Each host's bookable future slots (for member pages). */
    async openSlotsOf(hostIds: string[], first: number | null) {
      const rows = await repo.openSlotsOfHosts(db, hostIds, clock.now(), first);
      const byHost = new Map<string, { count: number; slots: PublicSlot[] }>();
      for (const row of rows) {
        const entry = byHost.get(row.hostId) ?? { count: row.total, slots: [] };
        entry.slots.push(toPublicSlot(row));
        byHost.set(row.hostId, entry);
      }
      return byHost;
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
