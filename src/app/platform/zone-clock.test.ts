import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ZoneReading } from '#shared/api/geo.ts';
import { instantAt, wallClockAt, zoneClockQuery } from './zone-clock.ts';

const vancouver: ZoneReading = {
  timeZone: 'America/Vancouver',
  tzdb: '2026f',
  at: '2026-11-27T06:03:09Z',
  offsetMinutes: -420,
  utcOffset: '-07:00',
  zoneLabel: 'MST',
  validUntil: null,
};
const toronto: ZoneReading = { ...vancouver, timeZone: 'America/Toronto', offsetMinutes: -300, utcOffset: '-05:00', zoneLabel: 'EST', validUntil: '2027-03-14T07:00:00.000Z' };

describe("a zone's clock from the server's reading", () => {
  it("reads the wall clock at the server's offset, whatever the device's own zone data says", () => {
    expect(wallClockAt(vancouver, new Date('2026-11-27T06:03:09Z'))).toMatchObject({
      date: '2026-11-26',
      time: '23:03',
      weekday: 4,
      hour: 23,
      minute: 3,
      second: 9,
      zoneLabel: 'MST',
    });
  });

  it("places a wall-clock time by the offset in force, with its label only before the zone's next change", () => {
    expect(instantAt(vancouver, '2026-11-28', '10:00')).toEqual({ instant: new Date('2026-11-28T17:00:00Z'), zoneLabel: 'MST' });
    expect(instantAt(toronto, '2026-12-01', '19:00')).toEqual({ instant: new Date('2026-12-02T00:00:00Z'), zoneLabel: 'EST' });
    // After the spring change the server will place it: no label is guessed.
    expect(instantAt(toronto, '2027-04-01', '19:00').zoneLabel).toBe('');
  });

  it('asks again when the zone next changes, never with a timer longer than a timer can hold', () => {
    const options = zoneClockQuery('America/Toronto');
    const client = new QueryClient();
    client.setQueryData(options.queryKey, toronto);
    const query = client.getQueryCache().find({ queryKey: options.queryKey })!;
    const interval = options.refetchInterval as unknown as (q: typeof query) => number | false;
    const staleTime = options.staleTime as unknown as (q: typeof query) => number;
    expect(interval(query)).toBe(2 ** 31 - 1);
    expect(staleTime(query)).toBeGreaterThan(2 ** 31);
    query.setData(vancouver);
    expect(interval(query)).toBe(false);
    expect(staleTime(query)).toBe(Infinity);
  });
});
