import { describe, expect, it } from 'vitest';
import { addDays, instantToZoned, isTimeZone, nextTransition, readZone, todayIn, TZDB_VERSION, zoneLabel, zonedToInstant } from './time-zones.ts';

const iso = (date: Date) => date.toISOString();

describe('the rules in force', () => {
  it('are a tzdb release that has British Columbia on permanent UTC-7 from 2026-11-01', () => {
    expect(TZDB_VERSION >= '2026c', TZDB_VERSION).toBe(true);
    expect(iso(zonedToInstant('2026-11-27', '10:00', 'America/Vancouver'))).toBe('2026-11-27T17:00:00.000Z');
    expect(iso(zonedToInstant('2026-07-01', '10:00', 'America/Vancouver'))).toBe('2026-07-01T17:00:00.000Z');
    expect(iso(zonedToInstant('2027-01-15', '10:00', 'America/Vancouver'))).toBe('2027-01-15T17:00:00.000Z');
    // Before the change, winter in Vancouver was still UTC-8.
    expect(iso(zonedToInstant('2026-01-15', '10:00', 'America/Vancouver'))).toBe('2026-01-15T18:00:00.000Z');
    expect(readZone('America/Vancouver', new Date('2026-11-27T17:00:00Z'))).toEqual({ date: '2026-11-27', time: '10:00', offsetMinutes: -420, utcOffset: '-07:00', zoneLabel: 'MST' });
    expect(nextTransition('America/Vancouver', new Date('2026-11-27T00:00:00Z'))).toBeNull();
  });

  it('still switch zones that keep daylight saving time', () => {
    expect(iso(zonedToInstant('2026-07-01', '10:00', 'America/Toronto'))).toBe('2026-07-01T14:00:00.000Z');
    expect(iso(zonedToInstant('2026-11-27', '10:00', 'America/Toronto'))).toBe('2026-11-27T15:00:00.000Z');
    expect(iso(zonedToInstant('2026-07-01', '10:00', 'Europe/Berlin'))).toBe('2026-07-01T08:00:00.000Z');
    expect(iso(zonedToInstant('2026-11-27', '10:00', 'Europe/Berlin'))).toBe('2026-11-27T09:00:00.000Z');
    expect(zoneLabel('Europe/Berlin', new Date('2026-07-01T08:00:00Z'))).toBe('CEST');
    expect(zoneLabel('Europe/Berlin', new Date('2026-11-27T09:00:00Z'))).toBe('CET');
    expect(iso(nextTransition('America/Toronto', new Date('2026-11-27T00:00:00Z'))!)).toBe('2027-03-14T07:00:00.000Z');
  });

  it('have one outcome for a wall time that does not exist and one for a time that happens twice', () => {
    // Toronto's clocks jump from 02:00 to 03:00 on 2026-03-08: 02:30 is read as 03:30 EDT.
    expect(iso(zonedToInstant('2026-03-08', '02:30', 'America/Toronto'))).toBe('2026-03-08T07:30:00.000Z');
    // They go back from 02:00 EDT to 01:00 EST on 2026-11-01: 01:30 is the first one, in EDT.
    expect(iso(zonedToInstant('2026-11-01', '01:30', 'America/Toronto'))).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('zonedToInstant', () => {
  it('reads a wall clock in the zone, winter and summer', () => {
    expect(iso(zonedToInstant('2026-11-24', '19:00', 'America/Vancouver'))).toBe('2026-11-25T02:00:00.000Z');
    expect(iso(zonedToInstant('2026-11-24', '19:00', 'America/Toronto'))).toBe('2026-11-25T00:00:00.000Z');
    expect(iso(zonedToInstant('2026-07-01', '09:00', 'America/Vancouver'))).toBe('2026-07-01T16:00:00.000Z');
    expect(iso(zonedToInstant('2026-07-01', '09:00', 'America/St_Johns'))).toBe('2026-07-01T11:30:00.000Z');
    expect(iso(zonedToInstant('2026-11-24', '12:00', 'UTC'))).toBe('2026-11-24T12:00:00.000Z');
  });

  it("takes '24:00' as the midnight that ends the day", () => {
    expect(iso(zonedToInstant('2026-11-24', '24:00', 'America/Vancouver'))).toBe('2026-11-25T07:00:00.000Z');
    expect(iso(zonedToInstant('2026-12-31', '24:00', 'America/Toronto'))).toBe('2027-01-01T05:00:00.000Z');
  });

  it('measures a day that is 23 or 25 hours long across a DST change', () => {
    // Clocks go forward on 2026-03-08 and back on 2026-11-01 in Toronto; Vancouver went forward for the last time.
    const length = (date: string, zone: string) => (zonedToInstant(date, '24:00', zone).getTime() - zonedToInstant(date, '00:00', zone).getTime()) / 3_600_000;
    expect(length('2026-03-08', 'America/Toronto')).toBe(23);
    expect(length('2026-11-01', 'America/Toronto')).toBe(25);
    expect(length('2026-03-08', 'America/Vancouver')).toBe(23);
    expect(length('2026-11-01', 'America/Vancouver')).toBe(24);
    // Around the change the offsets differ: 01:00 is PST on the spring day, 03:00 is PDT.
    expect(iso(zonedToInstant('2026-03-08', '01:00', 'America/Vancouver'))).toBe('2026-03-08T09:00:00.000Z');
    expect(iso(zonedToInstant('2026-03-08', '03:00', 'America/Vancouver'))).toBe('2026-03-08T10:00:00.000Z');
  });

  it('moves a time skipped by the spring change forward, and takes the earlier of a time that happens twice', () => {
    expect(iso(zonedToInstant('2026-03-08', '02:30', 'America/Vancouver'))).toBe('2026-03-08T10:30:00.000Z');
    expect(instantToZoned(zonedToInstant('2026-03-08', '02:30', 'America/Vancouver'), 'America/Vancouver')).toEqual({ date: '2026-03-08', time: '03:30' });
    // 01:30 on 2026-11-01 happens once: PDT (UTC-7) became MST (UTC-7) without moving the clock.
    expect(iso(zonedToInstant('2026-11-01', '01:30', 'America/Vancouver'))).toBe('2026-11-01T08:30:00.000Z');
  });
});

describe('instantToZoned and todayIn', () => {
  it('names the wall clock of an instant in a zone, round trip included', () => {
    const instant = new Date('2026-11-23T12:00:00Z');
    expect(instantToZoned(instant, 'America/Vancouver')).toEqual({ date: '2026-11-23', time: '05:00' });
    expect(instantToZoned(instant, 'Asia/Tokyo')).toEqual({ date: '2026-11-23', time: '21:00' });
    for (const zone of ['America/Vancouver', 'America/Toronto', 'America/Halifax', 'Europe/Paris']) {
      expect(instantToZoned(zonedToInstant('2026-11-30', '17:45', zone), zone)).toEqual({ date: '2026-11-30', time: '17:45' });
    }
  });

  it('knows that it can be a different day in different zones at one instant', () => {
    const lateEvening = new Date('2026-11-24T06:30:00Z');
    expect(todayIn('America/Vancouver', lateEvening)).toBe('2026-11-23');
    expect(todayIn('America/Toronto', lateEvening)).toBe('2026-11-24');
  });
});

describe('helpers', () => {
  it('adds calendar days across months and years', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('tells known zones and their labels', () => {
    expect(isTimeZone('America/Toronto')).toBe(true);
    expect(isTimeZone('america/toronto')).toBe(false);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(zoneLabel('America/Vancouver', new Date('2026-11-23T12:00:00Z'))).toBe('MST');
    expect(zoneLabel('America/Vancouver', new Date('2026-07-01T12:00:00Z'))).toBe('PDT');
    expect(zoneLabel('America/Vancouver', new Date('2026-01-15T12:00:00Z'))).toBe('PST');
    expect(zoneLabel('America/St_Johns', new Date('2026-11-23T12:00:00Z'))).toBe('NST');
    // Zones the tzdb gives no abbreviation read as their offset.
    expect(zoneLabel('America/Sao_Paulo', new Date('2026-11-23T12:00:00Z'))).toBe('UTC-3');
    expect(zoneLabel('Asia/Kathmandu', new Date('2026-11-23T12:00:00Z'))).toBe('UTC+5:45');
    expect(readZone('Asia/Kathmandu', new Date('2026-11-23T12:00:00Z')).utcOffset).toBe('+05:45');
    expect(readZone('America/St_Johns', new Date('2026-11-23T12:00:00Z')).utcOffset).toBe('-03:30');
  });
});
