/**
 * Wall-clock dates and times in a member's IANA zone, converted to and from instants with Intl
 * alone (README: Time). A slot is written as its host reads it ("2026-11-24", "19:00",
 * "America/Toronto") and stored as instants, which every time rule compares.
 */

/** The zone of a member whose city gives none (core-journey §9: the reference city is Vancouver). */
export const DEFAULT_TIME_ZONE = 'America/Vancouver';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for a zone name Intl knows ("America/Toronto"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallClockAt(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallClockAt(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const pad = (value: number) => String(value).padStart(2, '0');
const dateText = (year: number, month: number, day: number) => `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;

/** 'YYYY-MM-DD' plus whole days (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(year, month - 1, day) + days * DAY_MS);
  return dateText(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/**
 * The instant a wall-clock date and time ("HH:MM"; "24:00" is the midnight ending that day) names
 * in a zone. Like Temporal's 'compatible' choice: a time that happens twice (clocks turned back)
 * is the earlier one; a time skipped by clocks turned forward counts as the moment the same
 * number of minutes after the change (02:30 becomes 03:30).
 */
export function zonedToInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const before = offsetAt(asUtc - DAY_MS, timeZone);
  const after = offsetAt(asUtc + DAY_MS, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => asUtc - offset)
    .filter((instant) => asUtc - offsetAt(instant, timeZone) === instant)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? asUtc - before);
}

/** An instant as a wall-clock date ('YYYY-MM-DD') and time ('HH:MM') in a zone. */
export function instantToZoned(instant: Date, timeZone: string): { date: string; time: string } {
  const wall = wallClockAt(instant.getTime(), timeZone);
  return { date: dateText(wall.year, wall.month, wall.day), time: `${pad(wall.hour)}:${pad(wall.minute)}` };
}

/** The calendar day it is in a zone at an instant. */
export function todayIn(timeZone: string, now: Date): string {
  return instantToZoned(now, timeZone).date;
}

/** The hour (0–23) on the zone's wall clock at an instant. */
export function hourIn(timeZone: string, now: Date): number {
  return wallClockAt(now.getTime(), timeZone).hour;
}

/** A zone's short name at an instant as people read it ("PST", "EDT", or "GMT-3:30" where there is none). */
export function zoneAbbreviation(timeZone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}
