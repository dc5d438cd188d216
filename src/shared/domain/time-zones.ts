/**
 * The one place that knows zone rules (docs/decisions/0066-zone-rules.md). Rules come from the
 * IANA tzdb that `moment-timezone` ships (version `TZDB_VERSION`), never from the runtime's or a
 * device's own data, so every server computes the same instants and labels. A slot is written
 * as its host reads it ("2026-11-24", "19:00", "America/Toronto") and stored as instants, which
 * every time rule compares; the server sends the wall clock, offset and label beside them.
 * Server-side only: the app shows what the server sends (tests/architecture/imports.test.ts).
 */
import moment from 'moment-timezone';
import { DAY_MS, MINUTE_MS } from './durations.ts';

/** The zone of a member whose city gives none (core-journey §9: the reference city is Vancouver). */
export const DEFAULT_TIME_ZONE = 'America/Vancouver';

/** The tzdb release these rules are ("2026f"), recorded on every slot they place. */
export const TZDB_VERSION: string = moment.tz.dataVersion;


function zoneOf(timeZone: string) {
  const zone = moment.tz.zone(timeZone);
  if (!zone || zone.name !== timeZone) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return zone;
}

/** True for a zone name the tzdb knows, spelled as it spells it ("America/Toronto"). */
export function isTimeZone(timeZone: string): boolean {
  return moment.tz.zone(timeZone)?.name === timeZone;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  return -zoneOf(timeZone).utcOffset(instant) * MINUTE_MS;
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
  const wall = new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone));
  return {
    date: dateText(wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate()),
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
  };
}

/** The calendar day it is in a zone at an instant. */
export function todayIn(timeZone: string, now: Date): string {
  return instantToZoned(now, timeZone).date;
}

/** An offset in minutes as ISO 8601 writes it: -420 is "-07:00". */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/**
 * The zone's name at an instant as people read it: the tzdb's abbreviation ("MST", "CEST"), or
 * for a zone that has none (the tzdb writes "-03") the offset, "UTC-3" or "UTC+5:30".
 */
export function zoneLabel(timeZone: string, at: Date): string {
  const abbreviation = zoneOf(timeZone).abbr(at.getTime());
  return /^[+-]\d+$/.test(abbreviation) ? offsetLabel(offsetAt(at.getTime(), timeZone) / MINUTE_MS) : abbreviation;
}

/** An offset in minutes as a label: -180 is "UTC-3", 345 is "UTC+5:45". */
export function offsetLabel(minutes: number): string {
  const rest = Math.abs(minutes) % 60;
  return `UTC${minutes < 0 ? '-' : '+'}${Math.floor(Math.abs(minutes) / 60)}${rest ? `:${pad(rest)}` : ''}`;
}

/** What a zone's clock reads at an instant: wall clock, offset from UTC and label. */
export type ZoneReading = { date: string; time: string; offsetMinutes: number; utcOffset: string; zoneLabel: string };

export function readZone(timeZone: string, at: Date): ZoneReading {
  const offsetMinutes = offsetAt(at.getTime(), timeZone) / MINUTE_MS;
  return { ...instantToZoned(at, timeZone), offsetMinutes, utcOffset: offsetText(offsetMinutes), zoneLabel: zoneLabel(timeZone, at) };
}

/** The first instant after `after` at which the zone's offset or label changes; null if it never does again. */
export function nextTransition(timeZone: string, after: Date): Date | null {
  const until = zoneOf(timeZone).untils.find((instant) => instant > after.getTime());
  return until === undefined || !Number.isFinite(until) ? null : new Date(until);
}
