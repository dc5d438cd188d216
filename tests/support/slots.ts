import { availabilitySlots } from '#server/availability/availability.tables.ts';
import type { Clock } from '#server/platform/clock.ts';
import { HOUR_MS } from '#shared/domain/booking.ts';
import type { TestApp } from './test-app.ts';

const TIME_ZONE = 'America/Vancouver';

/** The wall-clock date and time of an instant in the slot's zone. */
function wallClock(at: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

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
  const start = wallClock(startsAt);
  const [row] = await t.database.db
    .insert(availabilitySlots)
    .values({
      hostId: host.id,
      date: start.date,
      startTime: start.time,
      endTime: wallClock(endsAt).time,
      timeZone: TIME_ZONE,
      startsAt,
      endsAt,
      dateType: 'coffee',
      venue: spec.venue ?? 'Café Artigiano',
      maxBookings: spec.maxBookings ?? 1,
      createdAt: t.clock.now(),
    })
    .returning({ id: availabilitySlots.id });
  return row!.id;
}
