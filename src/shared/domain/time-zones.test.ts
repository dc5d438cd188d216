import { describe, expect, it } from 'vitest';
import { addDays, hourIn, instantToZoned, isTimeZone, todayIn, zoneAbbreviation, zonedToInstant } from './time-zones.ts';

const iso = (date: Date) => date.toISOString();

describe('zonedToInstant', () => {
  it('reads a wall clock in the zone, winter and summer', () => {
    expect(iso(zonedToInstant('2026-11-24', '19:00', 'America/Vancouver'))).toBe('2026-11-25T03:00:00.000Z');
    expect(iso(zonedToInstant('2026-11-24', '19:00', 'America/Toronto'))).toBe('2026-11-25T00:00:00.000Z');
    expect(iso(zonedToInstant('2026-07-01', '09:00', 'America/Vancouver'))).toBe('2026-07-01T16:00:00.000Z');
    expect(iso(zonedToInstant('2026-07-01', '09:00', 'America/St_Johns'))).toBe('2026-07-01T11:30:00.000Z');
    expect(iso(zonedToInstant('2026-11-24', '12:00', 'UTC'))).toBe('2026-11-24T12:00:00.000Z');
  });

  it("takes '24:00' as the midnight that ends the day", () => {
    expect(iso(zonedToInstant('2026-11-24', '24:00', 'America/Vancouver'))).toBe('2026-11-25T08:00:00.000Z');
    expect(iso(zonedToInstant('2026-12-31', '24:00', 'America/Toronto'))).toBe('2027-01-01T05:00:00.000Z');
  });

  it('measures a day that is 23 or 25 hours long across a DST change', () => {
    // Clocks go forward on 2026-03-08 and back on 2026-11-01 in Vancouver.
    const spring = zonedToInstant('2026-03-08', '24:00', 'America/Vancouver').getTime() - zonedToInstant('2026-03-08', '00:00', 'America/Vancouver').getTime();
    const fall = zonedToInstant('2026-11-01', '24:00', 'America/Vancouver').getTime() - zonedToInstant('2026-11-01', '00:00', 'America/Vancouver').getTime();
    expect(spring / 3_600_000).toBe(23);
    expect(fall / 3_600_000).toBe(25);
    // Around the change the offsets differ: 01:00 is PST on the spring day, 03:00 is PDT.
    expect(iso(zonedToInstant('2026-03-08', '01:00', 'America/Vancouver'))).toBe('2026-03-08T09:00:00.000Z');
    expect(iso(zonedToInstant('2026-03-08', '03:00', 'America/Vancouver'))).toBe('2026-03-08T10:00:00.000Z');
  });

  it('moves a time skipped by the spring change forward, and takes the earlier of a time that happens twice', () => {
    expect(iso(zonedToInstant('2026-03-08', '02:30', 'America/Vancouver'))).toBe('2026-03-08T10:30:00.000Z');
    expect(instantToZoned(zonedToInstant('2026-03-08', '02:30', 'America/Vancouver'), 'America/Vancouver')).toEqual({ date: '2026-03-08', time: '03:30' });
    // 01:30 on 2026-11-01 happens first in PDT (UTC-7), then again in PST (UTC-8).
    expect(iso(zonedToInstant('2026-11-01', '01:30', 'America/Vancouver'))).toBe('2026-11-01T08:30:00.000Z');
  });
});

describe('instantToZoned and todayIn', () => {
  it('names the wall clock of an instant in a zone, round trip included', () => {
    const instant = new Date('2026-11-23T12:00:00Z');
    expect(instantToZoned(instant, 'America/Vancouver')).toEqual({ date: '2026-11-23', time: '04:00' });
    expect(instantToZoned(instant, 'Asia/Tokyo')).toEqual({ date: '2026-11-23', time: '21:00' });
    for (const zone of ['America/Vancouver', 'America/Toronto', 'America/Halifax', 'Europe/Paris']) {
      expect(instantToZoned(zonedToInstant('2026-11-30', '17:45', zone), zone)).toEqual({ date: '2026-11-30', time: '17:45' });
    }
  });

  it('knows that it can be a different day in different zones at one instant', () => {
    const lateEvening = new Date('2026-11-24T06:30:00Z');
    expect(todayIn('America/Vancouver', lateEvening)).toBe('2026-11-23');
    expect(todayIn('America/Toronto', lateEvening)).toBe('2026-11-24');
    expect(hourIn('America/Vancouver', lateEvening)).toBe(22);
    expect(hourIn('America/Toronto', lateEvening)).toBe(1);
  });
});

describe('helpers', () => {
  it('adds calendar days across months and years', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('tells known zones and their short names', () => {
    expect(isTimeZone('America/Toronto')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(zoneAbbreviation('America/Vancouver', new Date('2026-11-23T12:00:00Z'))).toBe('PST');
    expect(zoneAbbreviation('America/Vancouver', new Date('2026-07-01T12:00:00Z'))).toBe('PDT');
  });
});
