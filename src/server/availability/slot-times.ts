import { asc, eq, isNull, or, sql } from 'drizzle-orm';
import { offsetLabel, offsetText, readZone, TZDB_VERSION, zonedToInstant } from '#shared/domain/time-zones.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { PG, pgErrorCode } from '../platform/db/pg-errors.ts';
import { availabilitySlots as slots } from './availability.tables.ts';

type WallClock = { date: string; startTime: string; endTime: string; timeZone: string };

/** Where a host's wall-clock slot falls under the rules in force: its instants, and the offset and label at its start. */
export function placeSlot(slot: WallClock) {
  const startsAt = zonedToInstant(slot.date, slot.startTime, slot.timeZone);
  const endsAt = zonedToInstant(slot.date, slot.endTime, slot.timeZone);
  const { utcOffset, zoneLabel } = readZone(slot.timeZone, startsAt);
  return { startsAt, endsAt, utcOffset, zoneLabel, tzdbVersion: TZDB_VERSION };
}

/** A future slot whose instants the rules in force moved: the wall clock stays, the moment changes. */
export type MovedSlot = WallClock & { id: string; hostId: string; zoneLabel: string; from: Date; to: Date; endsAt: Date };

/** Slots read per transaction: a large table is worked through in short steps. */
const BATCH = 500;

/** A stored date as 'YYYY-MM-DD' (drivers may hand a date column back as a Date). */
export const dayOf = (value: string | Date) => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

/**
 * Brings every slot placed by older zone rules (another `tzdb_version`, or none) to the rules in
 * force. A future live slot keeps its host's wall clock and gets the instants the rules give it
 * now; `onMoved` hears of those whose instants changed, in the same transaction (their bookings
 * and reminders move with them, their hosts are told). A slot that has begun keeps the instants
 * it happened at, and gets the offset and label that match them. Safe to run on every start, and
 * from several instances at once (rows are taken with SKIP LOCKED).
 */
export async function reconcileSlotTimes(
  db: Db,
  now: Date,
  onMoved: (tx: Tx, moved: MovedSlot[]) => Promise<void>,
  batchSize = BATCH,
): Promise<{ checked: number; moved: number }> {
  let checked = 0;
  let moved = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(slots)
        .where(or(isNull(slots.tzdbVersion), sql`${slots.tzdbVersion} <> ${TZDB_VERSION}`))
        .orderBy(asc(slots.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      const movedHere: MovedSlot[] = [];
      for (const row of rows) {
        const wall = { date: dayOf(row.date), startTime: row.startTime, endTime: row.endTime, timeZone: row.timeZone };
        const placed = placeSlot(wall);
        const future = row.removedAt === null && row.startsAt > now;
        const unmoved = placed.startsAt.getTime() === row.startsAt.getTime() && placed.endsAt.getTime() === row.endsAt.getTime();
        if (future && !unmoved && (await moveSlot(tx, row.id, placed))) {
          movedHere.push({ ...wall, id: row.id, hostId: row.hostId, zoneLabel: placed.zoneLabel, from: row.startsAt, to: placed.startsAt, endsAt: placed.endsAt });
          continue;
        }
        await tx.update(slots).set(unmoved ? placed : labelsOf(wall, row.startsAt)).where(eq(slots.id, row.id));
      }
      if (movedHere.length > 0) await onMoved(tx, movedHere);
      return { rows: rows.length, moved: movedHere.length };
    });
    checked += batch.rows;
    moved += batch.moved;
    if (batch.rows < batchSize) return { checked, moved };
  }
}

/**
 * Moves a slot to its new instants, unless that would overlap another of the host's live slots
 * (possible only for a host who changed zones between two slots): that one stays as it was.
 */
async function moveSlot(tx: Tx, id: string, placed: ReturnType<typeof placeSlot>): Promise<boolean> {
  try {
    await tx.transaction((inner) => inner.update(slots).set(placed).where(eq(slots.id, id)));
    return true;
  } catch (error) {
    if (pgErrorCode(error) === PG.exclusionViolation) return false;
    throw error;
  }
}

/**
 * The offset and label that match instants the slot keeps: the wall clock as written, less the
 * instant, is the offset it was placed with; the label is the zone's when that agrees, else the offset.
 */
function labelsOf(wall: WallClock, startsAt: Date) {
  const [hour, minute] = wall.startTime.split(':').map(Number) as [number, number];
  const offsetMinutes = Math.round((Date.parse(`${wall.date}T00:00:00Z`) + (hour * 60 + minute) * 60_000 - startsAt.getTime()) / 60_000);
  const reading = readZone(wall.timeZone, startsAt);
  const label = reading.offsetMinutes === offsetMinutes ? reading.zoneLabel : offsetLabel(offsetMinutes);
  return { utcOffset: offsetText(offsetMinutes), zoneLabel: label, tzdbVersion: TZDB_VERSION };
}
