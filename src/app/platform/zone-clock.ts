import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TimeZoneResponseSchema, ZoneReading } from '#shared/api/geo.ts';
import { geoPaths } from '#shared/api/geo.paths.ts';
import { http, type AnswerOf } from './http.ts';

/*
 * A zone's clock on screen: the device's clock plus the offset the server's zone rules give
 * (GET /geo/time-zone), never the device's own zone data, which may be older or newer than the
 * server's (docs/time-zones.md). The reading is kept with the other queries, so it works offline,
 * and asked for again when the zone next changes.
 */

/** The zone of a member the session does not name one for (the server's default). */
export const FALLBACK_TIME_ZONE = 'America/Vancouver';

const MAX_TIMER_MS = 2 ** 31 - 1;
const msUntil = (reading: ZoneReading | undefined) => (reading?.validUntil ? Math.max(0, Date.parse(reading.validUntil) - Date.now()) : undefined);

export const zoneClockQuery = (timeZone: string) =>
  queryOptions({
    queryKey: ['zone-clock', timeZone] as const,
    queryFn: () => http.get<AnswerOf<typeof TimeZoneResponseSchema>>(geoPaths.timeZone, { searchParams: { zone: timeZone } }),
    staleTime: (query) => msUntil(query.state.data) ?? Infinity,
    // Timers hold at most 2^31 - 1 ms (about 24.8 days): a later change is looked at again then.
    refetchInterval: (query) => {
      const wait = msUntil(query.state.data);
      return wait === undefined ? false : Math.min(wait + 1000, MAX_TIMER_MS);
    },
  });

const pad = (value: number) => String(value).padStart(2, '0');

/** What the zone's wall clock reads at `now`, by the server's offset. */
export type WallClock = { instant: Date; date: string; time: string; weekday: number; hour: number; minute: number; second: number; zoneLabel: string };

export function wallClockAt(reading: ZoneReading, now: Date): WallClock {
  const wall = new Date(now.getTime() + reading.offsetMinutes * 60_000);
  return {
    instant: now,
    date: `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
    weekday: wall.getUTCDay(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    zoneLabel: reading.zoneLabel,
  };
}

/**
 * The instant a wall-clock date and time of the zone names, by the offset in force now, with that
 * offset's label; the label is left out for a time past the zone's next change (the server places it).
 */
export function instantAt(reading: ZoneReading, date: string, time: string): { instant: Date; zoneLabel: string } {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const instant = new Date(Date.parse(`${date}T00:00:00Z`) + ((hour * 60 + minute - reading.offsetMinutes) * 60_000));
  const sameRules = reading.validUntil === null || instant.getTime() < Date.parse(reading.validUntil);
  return { instant, zoneLabel: sameRules ? reading.zoneLabel : '' };
}

/** The zone's reading from the server (undefined until the first answer). */
export const useZoneReading = (timeZone: string): ZoneReading | undefined => useQuery(zoneClockQuery(timeZone)).data;

/** The zone's wall clock, moving every `everyMs`; undefined until the server's reading is there. */
export function useZoneClock(timeZone: string, everyMs: number): WallClock | undefined {
  const reading = useZoneReading(timeZone);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return reading && wallClockAt(reading, now);
}
