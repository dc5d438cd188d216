import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, offsetValue, utcText, writeCalendar, type IcsEvent } from './ics.ts';
import { timeZoneFor, zonedDateTime } from './ics-zones.ts';

const octets = (text: string) => new TextEncoder().encode(text).length;

describe('escapeText', () => {
  it('escapes backslash, semicolon and comma, and writes newlines as \\n', () => {
    expect(escapeText('Café; bar, grill\\back')).toBe('Café\\; bar\\, grill\\\\back');
    expect(escapeText('one\r\ntwo\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
    expect(escapeText('plain text')).toBe('plain text');
    expect(escapeText('bell\u0007 and\ttab')).toBe('bell and\ttab');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets alone and folds a longer one, each part at most 75 octets, continuations starting with a space', () => {
    const exact = `SUMMARY:${'x'.repeat(67)}`;
    expect(octets(exact)).toBe(75);
    expect(foldLine(exact)).toBe(exact);
    const long = `DESCRIPTION:${'abcdefghij'.repeat(20)}`;
    const folded = foldLine(long);
    const parts = folded.split('\r\n');
    expect(parts.length).toBe(3);
    expect(octets(parts[0]!)).toBe(75);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    // Unfolding (RFC 5545 §3.1: remove CRLF followed by one space) gives the line back.
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });

  it('never splits a character written in several octets', () => {
    const long = `LOCATION:${'é'.repeat(40)}${'😀'.repeat(20)}`;
    const parts = foldLine(long).split('\r\n');
    for (const part of parts) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      expect(part).not.toContain('\uFFFD');
      // A part cut inside a character would not survive a UTF-8 round trip.
      expect(new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode(part))).toBe(part);
    }
    expect(parts.join('\r\n').replace(/\r\n /g, '')).toBe(long);
  });
});

describe('values', () => {
  it('writes UTC instants and offsets as RFC 5545 does', () => {
    expect(utcText(new Date('2026-12-01T17:05:09Z'))).toBe('20261201T170509Z');
    expect(offsetValue(-420)).toBe('-0700');
    expect(offsetValue(330)).toBe('+0530');
    expect(offsetValue(0)).toBe('+0000');
    expect(offsetValue(-(3 * 60 + 30))).toBe('-0330');
  });

  it('writes a time in its zone, or in UTC when the zone reads that wall time twice and it is the later one', () => {
    // Vancouver keeps UTC-7 all year from November 2026 (the tzdb the slots are placed by).
    expect(zonedDateTime(new Date('2026-12-01T16:00:00Z'), 'America/Vancouver')).toEqual({ timeZone: 'America/Vancouver', local: '20261201T090000' });
    // 01:30 happens twice on 2026-11-01 in Toronto: first at 05:30Z (EDT), then at 06:30Z (EST).
    expect(zonedDateTime(new Date('2026-11-01T05:30:00Z'), 'America/Toronto')).toEqual({ timeZone: 'America/Toronto', local: '20261101T013000' });
    expect(zonedDateTime(new Date('2026-11-01T06:30:00Z'), 'America/Toronto')).toEqual({ utc: new Date('2026-11-01T06:30:00Z') });
  });
});

describe('timeZoneFor', () => {
  it("describes a zone with DST by its changes: forward is DAYLIGHT, back is STANDARD, each onset in the offset before it", () => {
    const zone = timeZoneFor('America/Toronto', new Date('2027-03-14T06:00:00Z'), new Date('2027-03-14T09:00:00Z'));
    const spring = zone.observances.find((part) => part.start === '20270314T020000');
    expect(spring).toEqual({ kind: 'DAYLIGHT', start: '20270314T020000', offsetFrom: -300, offsetTo: -240, name: 'EDT' });
    const fall = zone.observances.find((part) => part.start === '20271107T020000');
    expect(fall).toEqual({ kind: 'STANDARD', start: '20271107T020000', offsetFrom: -240, offsetTo: -300, name: 'EST' });
    // The offset in force a year before the first date (summer: DST began 2026-03-08), then every change up to a year after the last.
    expect(zone.observances[0]).toEqual({ kind: 'DAYLIGHT', start: '20260313T020000', offsetFrom: -240, offsetTo: -240, name: 'EDT' });
    expect(zone.observances.map((part) => `${part.kind} ${part.start}`)).toEqual([
      'DAYLIGHT 20260313T020000',
      'STANDARD 20261101T020000',
      'DAYLIGHT 20270314T020000',
      'STANDARD 20271107T020000',
      'DAYLIGHT 20280312T020000',
    ]);
  });

  it('describes a zone without DST by one part', () => {
    expect(timeZoneFor('Asia/Kolkata', new Date('2026-12-01T00:00:00Z'), new Date('2026-12-01T02:00:00Z')).observances).toEqual([
      { kind: 'STANDARD', start: '20251130T053000', offsetFrom: 330, offsetTo: 330, name: 'IST' },
    ]);
  });
});

describe('writeCalendar', () => {
  const event = (over: Partial<IcsEvent> = {}): IcsEvent => ({
    uid: 'b1@rendezvous.test',
    stamp: new Date('2026-11-23T12:00:00Z'),
    start: zonedDateTime(new Date('2027-03-14T06:00:00Z'), 'America/Toronto'),
    end: zonedDateTime(new Date('2027-03-14T09:00:00Z'), 'America/Toronto'),
    summary: 'Coffee with Ann',
    location: 'Café Artigiano, 763 Hornby St; upstairs',
    description: `Your date on Rendezvous. ${'A long description '.repeat(8)}http://rendezvous.test/bookings`,
    url: 'http://rendezvous.test/bookings',
    sequence: 0,
    status: 'CONFIRMED',
    ...over,
  });
  const text = writeCalendar({
    productId: '-//Rendezvous//Dates//EN',
    timeZones: [timeZoneFor('America/Toronto', new Date('2027-03-14T06:00:00Z'), new Date('2027-03-14T09:00:00Z'))],
    events: [event()],
  });

  it('ends every line with CRLF and keeps each within 75 octets', () => {
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(text).toContain('DTSTART;TZID=America/Toronto:20270314T010000\r\n');
    expect(text).toContain('DTEND;TZID=America/Toronto:20270314T050000\r\n');
  });

  it('is read back by an iCalendar parser: the escaped texts whole, the times across the DST change right', () => {
    const calendar = new ICAL.Component(ICAL.parse(text));
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    const parsed = new ICAL.Event(vevent);
    expect(parsed.location).toBe('Café Artigiano, 763 Hornby St; upstairs');
    expect(parsed.description).toBe(event().description);
    expect(parsed.uid).toBe('b1@rendezvous.test');
    // 01:00 EST to 05:00 EDT is three hours: the clocks skipped 02:00–03:00.
    expect(parsed.startDate.toJSDate().toISOString()).toBe('2027-03-14T06:00:00.000Z');
    expect(parsed.endDate.toJSDate().toISOString()).toBe('2027-03-14T09:00:00.000Z');
    expect(vevent.getFirstPropertyValue('sequence')).toBe(0);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });
});
