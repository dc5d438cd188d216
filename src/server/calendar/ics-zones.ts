import { instantToZoned, nextTransition, readZone, zonedToInstant } from '#shared/domain/time-zones.ts';
import type { IcsDateTime, IcsObservance, IcsTimeZone } from './ics.ts';
import { DAY_MS, MINUTE_MS } from '#shared/domain/durations.ts';

/** How far before the first date and after the last one a VTIMEZONE describes the zone: a year shows both its parts. */
const ZONE_MARGIN_MS = 366 * DAY_MS;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The wall clock `offsetMinutes` ahead of UTC reads at an instant, as a DATE-TIME value "20270314T020000". */
function wallText(instant: number, offsetMinutes: number): string {
  const wall = new Date(instant + offsetMinutes * MINUTE_MS);
  return `${pad(wall.getUTCFullYear(), 4)}${pad(wall.getUTCMonth() + 1)}${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}${pad(wall.getUTCMinutes())}${pad(wall.getUTCSeconds())}`;
}

/**
 * An instant as a DATE-TIME in the slot's zone. A wall time the zone reads twice (clocks turned
 * back) names the earlier instant in RFC 5545; the later one is written in UTC instead, so no
 * reader places it an hour early.
 */
export function zonedDateTime(instant: Date, timeZone: string): IcsDateTime {
  const { date, time } = instantToZoned(instant, timeZone);
  if (zonedToInstant(date, time, timeZone).getTime() !== instant.getTime() - (instant.getTime() % MINUTE_MS)) return { utc: instant };
  return { timeZone, local: wallText(instant.getTime(), readZone(timeZone, instant).offsetMinutes) };
}

/**
 * A zone's VTIMEZONE for the dates between `from` and `to`, from the rules the slots were placed by
 * (time-zones.ts): the offset in force a year before `from`, then each change up to a year after
 * `to`, one observance each. A change that moves the clock forward is DAYLIGHT, one that moves it
 * back STANDARD; the first part is DAYLIGHT when the next change moves the clock back.
 */
export function timeZoneFor(timeZone: string, from: Date, to: Date): IcsTimeZone {
  const windowStart = new Date(from.getTime() - ZONE_MARGIN_MS);
  const windowEnd = to.getTime() + ZONE_MARGIN_MS;
  const changes: IcsObservance[] = [];
  for (let at = nextTransition(timeZone, windowStart); at && at.getTime() <= windowEnd; at = nextTransition(timeZone, at)) {
    const before = readZone(timeZone, new Date(at.getTime() - 1));
    const after = readZone(timeZone, at);
    changes.push({
      kind: after.offsetMinutes > before.offsetMinutes ? 'DAYLIGHT' : 'STANDARD',
      start: wallText(at.getTime(), before.offsetMinutes),
      offsetFrom: before.offsetMinutes,
      offsetTo: after.offsetMinutes,
      name: after.zoneLabel,
    });
  }
  const first = readZone(timeZone, windowStart);
  const base: IcsObservance = {
    kind: changes[0] && changes[0].offsetTo < first.offsetMinutes ? 'DAYLIGHT' : 'STANDARD',
    start: wallText(windowStart.getTime(), first.offsetMinutes),
    offsetFrom: first.offsetMinutes,
    offsetTo: first.offsetMinutes,
    name: first.zoneLabel,
  };
  return { id: timeZone, observances: [base, ...changes] };
}
