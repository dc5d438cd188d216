import { availabilitySlots } from '#server/availability/availability.tables.ts';
import type { Clock } from '#server/platform/clock.ts';
import { HOUR_MS } from '#shared/domain/booking.ts';
import { instantToZoned, readZone, TZDB_VERSION } from '#shared/domain/time-zones.ts';
import type { TestApp } from './test-app.ts';

const TIME_ZONE = 'America/Vancouver';

/**
 * A host's slot, inserted directly (the availability API is built elsewhere; the lead swaps this
 * body for it). Starts `startsInHours` after the test clock's now (START until a test advances it).
 */
export async function createSlot(
  t: { clock: Pick<Clock, 'now'>; database: Pick<TestApp['database'], 'db'> },
  host: { id: string },
  spec: { startsInHours: number; durationHours?: number; maxBookings?: number; venue?: string },
): Promise<string> {
  const startsAt = new Date(t.clock.now().getTime() + spec.startsInHours * HOUR_MS);
  const endsAt = new Date(startsAt.getTime() + (spec.durationHours ?? 1.5) * HOUR_MS);
  const start = readZone(TIME_ZONE, startsAt);
  const [row] = await t.database.db
    .insert(availabilitySlots)
    .values({
      hostId: host.id,
      date: start.date,
      startTime: start.time,
      endTime: instantToZoned(endsAt, TIME_ZONE).time,
      timeZone: TIME_ZONE,
      startsAt,
      endsAt,
      utcOffset: start.utcOffset,
      zoneLabel: start.zoneLabel,
      tzdbVersion: TZDB_VERSION,
      dateType: 'coffee',
      venue: spec.venue ?? 'Café Artigiano',
      maxBookings: spec.maxBookings ?? 1,
      createdAt: t.clock.now(),
    })
    .returning({ id: availabilitySlots.id });
  return row!.id;
}
