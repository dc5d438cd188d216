import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilitySlots } from '#server/availability/availability.tables.ts';
import { users } from '#server/auth/auth.tables.ts';
import { HOUR_MS } from '#shared/domain/booking.ts';
import { readZone, TZDB_VERSION, zonedToInstant } from '#shared/domain/time-zones.ts';
import { bookableMember, confirmedBooking, requestSlot } from '#tests/support/bookings.ts';
import type { TestMember } from '#tests/support/members.ts';
import { PUBLIC_URL, startTestApp, type TestApp } from '#tests/support/test-app.ts';
import { DAY_MS } from '#shared/domain/durations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let names = 0;
/** A member able to book and be booked, with a first and a last name (only the first may travel). */
const member = (first: string) => bookableMember(t, { name: `${first} Surname${++names}x` });

/** A host's slot written in a zone's wall clock, as the availability feature stores one (instants placed by the zone's rules). */
async function slotIn(host: TestMember, spec: { timeZone: string; date: string; startTime: string; endTime: string; endDate?: string; dateType?: 'coffee' | 'dinner' }) {
  const startsAt = zonedToInstant(spec.date, spec.startTime, spec.timeZone);
  const endsAt = zonedToInstant(spec.endDate ?? spec.date, spec.endTime, spec.timeZone);
  const start = readZone(spec.timeZone, startsAt);
  const [row] = await t.database.db
    .insert(availabilitySlots)
    .values({
      hostId: host.id,
      date: spec.date,
      startTime: spec.startTime,
      endTime: spec.endTime,
      timeZone: spec.timeZone,
      startsAt,
      endsAt,
      utcOffset: start.utcOffset,
      zoneLabel: start.zoneLabel,
      tzdbVersion: TZDB_VERSION,
      dateType: spec.dateType ?? 'coffee',
      venue: 'The slot venue',
      createdAt: t.clock.now(),
    })
    .returning({ id: availabilitySlots.id });
  return { id: row!.id, startsAt, endsAt };
}

/** A slot `hours` from the test clock's now, in Toronto. */
async function slotInHours(host: TestMember, hours: number) {
  const at = readZone('America/Toronto', new Date(t.clock.now().getTime() + hours * HOUR_MS));
  const end = readZone('America/Toronto', new Date(t.clock.now().getTime() + (hours + 1) * HOUR_MS));
  return slotIn(host, { timeZone: 'America/Toronto', date: at.date, startTime: at.time, endTime: end.time, endDate: end.date });
}

const fileOf = (who: TestMember, bookingId: string) => t.call('GET', `/bookings/${bookingId}/calendar.ics`, { token: who.token });
const feedFetch = (url: string) => fetch(`${t.url}${new URL(url).pathname}`);

type Parsed = { text: string; events: ICAL.Event[]; vevents: ICAL.Component[] };
function parse(text: string): Parsed {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevents = calendar.getAllSubcomponents('vevent');
  return { text, vevents, events: vevents.map((vevent) => new ICAL.Event(vevent)) };
}

/** RFC 5545's shape of the text itself: CRLF line ends, no line over 75 octets. */
function expectWellFormed(text: string) {
  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
}

describe('GET /bookings/:id/calendar.ics', () => {
  it("a confirmed date: one event in the slot's zone across a DST change, the venue, the other's first name, a link back to the booking, a stable UID", async () => {
    const host = await member('Hana');
    const guest = await member('Gil');
    // Toronto turns its clocks forward at 02:00 on 2027-03-14: 01:00 EST to 05:00 EDT is three hours.
    const slot = await slotIn(host, { timeZone: 'America/Toronto', date: '2027-03-14', startTime: '01:00', endTime: '05:00' });
    expect(slot.endsAt.getTime() - slot.startsAt.getTime()).toBe(3 * HOUR_MS);
    const id = await confirmedBooking(t, host, guest, slot.id);

    const answer = await fileOf(guest, id);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="rendezvous-2027-03-14.ics"');
    const text = answer.body as string;
    expectWellFormed(text);
    expect(text).toContain('DTSTART;TZID=America/Toronto:20270314T010000\r\n');
    expect(text).toContain('DTEND;TZID=America/Toronto:20270314T050000\r\n');
    expect(text).toMatch(/BEGIN:VTIMEZONE\r\nTZID:America\/Toronto\r\n/);

    const { events, vevents } = parse(text);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.startDate.zone?.tzid).toBe('America/Toronto');
    expect(event!.startDate.toString()).toBe('2027-03-14T01:00:00');
    expect(event!.endDate.toString()).toBe('2027-03-14T05:00:00');
    expect(event!.startDate.toJSDate().toISOString()).toBe(slot.startsAt.toISOString());
    expect(event!.endDate.toJSDate().toISOString()).toBe(slot.endsAt.toISOString());
    expect(event!.summary).toBe('Coffee with Hana');
    expect(event!.location).toBe('Café Artigiano, 763 Hornby St');
    expect(event!.uid).toBe(`${id}@rendezvous.test`);
    // The link opens My Bookings on this booking.
    expect(event!.description).toContain(`${PUBLIC_URL}/bookings?booking=${id}`);
    expect(vevents[0]!.getFirstPropertyValue('url')).toBe(`${PUBLIC_URL}/bookings?booking=${id}`);
    expect(vevents[0]!.getFirstPropertyValue('sequence')).toBe(0);
    expect(vevents[0]!.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect((vevents[0]!.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString()).toBe(t.clock.now().toISOString());
    // Nothing of the other member's but the first name.
    expect(text).not.toContain('Surname');
    expect(text).not.toContain(host.email);

    // The host's file: the same event (same UID), named after the guest.
    const hosts = parse((await fileOf(host, id)).body);
    expect(hosts.events[0]!.uid).toBe(`${id}@rendezvous.test`);
    expect(hosts.events[0]!.summary).toBe('Coffee with Gil');
    expect(hosts.events[0]!.startDate.toJSDate().toISOString()).toBe(slot.startsAt.toISOString());
  });

  it('writes each zone by its own rules: Vancouver (UTC-7 all year from November 2026), Paris in summer, Kolkata (no DST)', async () => {
    const guest = await member('Gia');
    const cases = [
      { timeZone: 'America/Vancouver', date: '2026-12-01', startTime: '09:00', endTime: '10:30', utc: ['2026-12-01T16:00:00.000Z', '2026-12-01T17:30:00.000Z'] },
      { timeZone: 'Europe/Paris', date: '2027-07-10', startTime: '19:00', endTime: '22:00', utc: ['2027-07-10T17:00:00.000Z', '2027-07-10T20:00:00.000Z'] },
      { timeZone: 'Asia/Kolkata', date: '2027-01-15', startTime: '12:30', endTime: '14:00', utc: ['2027-01-15T07:00:00.000Z', '2027-01-15T08:30:00.000Z'] },
    ];
    for (const spec of cases) {
      const host = await member('Hal');
      const slot = await slotIn(host, { ...spec, dateType: 'dinner' });
      const id = await confirmedBooking(t, host, guest, slot.id);
      const answer = await fileOf(guest, id);
      expect(answer.status, spec.timeZone).toBe(200);
      const local = `${spec.date.replaceAll('-', '')}T${spec.startTime.replace(':', '')}00`;
      expect(answer.body, spec.timeZone).toContain(`DTSTART;TZID=${spec.timeZone}:${local}\r\n`);
      const [event] = parse(answer.body).events;
      expect([event!.startDate.toJSDate().toISOString(), event!.endDate.toJSDate().toISOString()], spec.timeZone).toEqual(spec.utc);
      expect(event!.summary).toBe('Dinner with Hal');
    }
  });

  it('answers only the two parties: anyone else, an unknown id and a malformed one get 404; no session 401', async () => {
    const host = await member('Hope');
    const guest = await member('Gus');
    const stranger = await member('Sam');
    const id = await confirmedBooking(t, host, guest, (await slotInHours(host, 48)).id);
    for (const [who, bookingId] of [
      [stranger, id],
      [guest, '00000000-0000-4000-8000-000000000000'],
      [guest, 'not-a-booking'],
    ] as const) {
      const answer = await fileOf(who, bookingId);
      expect(answer.status, bookingId).toBe(404);
      expect(answer.body).toEqual({ error: 'Booking not found' });
    }
    expect((await t.call('GET', `/bookings/${id}/calendar.ics`)).status).toBe(401);
  });

  it('a request not (yet) confirmed has no file: 409 with why', async () => {
    const host = await member('Hedy');
    const guest = await member('Gabe');
    const pending = await requestSlot(t, guest, (await slotInHours(host, 30)).id);
    const answer = await fileOf(guest, pending);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: 'Only a confirmed or cancelled date has a calendar file' });
    await t.call('POST', `/bookings/${pending}/respond`, { token: host.token, body: { action: 'decline', responseMessage: 'Sorry' } });
    expect((await fileOf(host, pending)).status).toBe(409);
  });

  it('after a cancellation: the same UID with SEQUENCE 1 and STATUS:CANCELLED', async () => {
    const host = await member('Hilda');
    const guest = await member('Gene');
    const id = await confirmedBooking(t, host, guest, (await slotInHours(host, 72)).id);
    const before = parse((await fileOf(guest, id)).body).vevents[0]!;
    const cancelled = await t.call('POST', `/bookings/${id}/cancel`, { token: host.token, body: { reason: 'other', customReason: 'Something came up' } });
    expect(cancelled.status).toBe(200);
    for (const who of [guest, host]) {
      const answer = await fileOf(who, id);
      expect(answer.status).toBe(200);
      const after = parse(answer.body).vevents[0]!;
      expect(after.getFirstPropertyValue('uid')).toBe(before.getFirstPropertyValue('uid'));
      expect(after.getFirstPropertyValue('sequence')).toBe(1);
      expect(after.getFirstPropertyValue('status')).toBe('CANCELLED');
    }
  });
});

describe('the booking-confirmed mail', () => {
  it('carries the date\'s .ics, the same event as "Add to calendar" gives', async () => {
    const host = await member('Holly');
    const guest = await member('Glen');
    const bookingId = await confirmedBooking(t, host, guest, (await slotInHours(host, 40)).id);
    await t.app.jobs.runDue();
    const mail = await t.sink.waitFor((m) => m.to.includes(guest.email.toLowerCase()) && m.subject.includes('is confirmed!'));
    expect(mail.text).toContain('Add to calendar: open the attached .ics file, or subscribe to your private calendar feed from your profile.');
    expect(mail.attachments).toHaveLength(1);
    const [attached] = mail.attachments;
    expect(attached!.filename).toMatch(/^rendezvous-\d{4}-\d{2}-\d{2}\.ics$/);
    expect(attached!.contentType).toBe('text/calendar');
    const [mailed] = parse(attached!.content).vevents;
    const [fromApp] = parse((await fileOf(guest, bookingId)).body).vevents;
    for (const property of ['uid', 'dtstart', 'dtend', 'summary', 'location', 'status']) {
      expect(String(mailed!.getFirstPropertyValue(property)), property).toBe(String(fromApp!.getFirstPropertyValue(property)));
    }
  });
});

describe('the cancellation mail of a confirmed date', () => {
  it('carries the CANCELLED version of the .ics: the same UID, a higher SEQUENCE, STATUS:CANCELLED', async () => {
    const host = await member('Hester');
    const guest = await member('Gord');
    const bookingId = await confirmedBooking(t, host, guest, (await slotInHours(host, 60)).id);
    await t.app.jobs.runDue();
    const confirmation = await t.sink.waitFor((m) => m.to.includes(guest.email.toLowerCase()) && m.subject.includes('is confirmed!'));
    const [imported] = parse(confirmation.attachments[0]!.content).vevents;

    const cancelled = await t.call('POST', `/bookings/${bookingId}/cancel`, { token: host.token, body: { reason: 'other', customReason: 'Something came up' } });
    expect(cancelled.status).toBe(200);
    await t.app.jobs.runDue();
    const mail = await t.sink.waitFor((m) => m.to.includes(guest.email.toLowerCase()) && m.subject.includes('was cancelled'));
    expect(mail.attachments).toHaveLength(1);
    const [attached] = mail.attachments;
    expect(attached!.filename).toMatch(/^rendezvous-\d{4}-\d{2}-\d{2}\.ics$/);
    expect(attached!.contentType).toBe('text/calendar');
    const { vevents } = parse(attached!.content);
    expect(vevents).toHaveLength(1);
    const [update] = vevents;
    expect(update!.getFirstPropertyValue('uid')).toBe(imported!.getFirstPropertyValue('uid'));
    expect(update!.getFirstPropertyValue('uid')).toBe(`${bookingId}@rendezvous.test`);
    expect(Number(update!.getFirstPropertyValue('sequence'))).toBeGreaterThan(Number(imported!.getFirstPropertyValue('sequence')));
    expect(update!.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(String(update!.getFirstPropertyValue('dtstart'))).toBe(String(imported!.getFirstPropertyValue('dtstart')));
  });
});

describe('the calendar feed', () => {
  it('GET /users/calendar-feed gives a private address under /calendar, the same each time', async () => {
    const owner = await member('Fay');
    const first = await t.call('GET', '/users/calendar-feed', { token: owner.token });
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(new RegExp(`^${PUBLIC_URL}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect((await t.call('GET', '/users/calendar-feed', { token: owner.token })).body).toEqual(first.body);
    const other = await member('Otto');
    expect((await t.call('GET', '/users/calendar-feed', { token: other.token })).body.url).not.toBe(first.body.url);
    expect((await t.call('GET', '/users/calendar-feed')).status).toBe(401);
  });

  it("lists, without a token, only the member's confirmed upcoming dates (and recently cancelled ones as CANCELLED)", async () => {
    const owner = await member('Flo');
    const guest = await member('Gwen');
    const host = await member('Hugo');
    const stranger = await member('Stan');
    const hosting = await confirmedBooking(t, owner, guest, (await slotInHours(owner, 30)).id);
    const attending = await confirmedBooking(t, host, owner, (await slotInHours(host, 50)).id);
    const soonOver = await confirmedBooking(t, host, owner, (await slotInHours(host, 3)).id);
    const cancelled = await confirmedBooking(t, owner, guest, (await slotInHours(owner, 60 * 24)).id);
    await t.call('POST', `/bookings/${cancelled}/cancel`, { token: guest.token, body: { reason: 'other', customReason: 'Ill' } });
    const pending = await requestSlot(t, owner, (await slotInHours(stranger, 90)).id);
    const notMine = await confirmedBooking(t, host, stranger, (await slotInHours(host, 110)).id);
    const { url } = (await t.call('GET', '/users/calendar-feed', { token: owner.token })).body;

    const answer = await feedFetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('private, max-age=300');
    const text = await answer.text();
    expectWellFormed(text);
    const { events, vevents } = parse(text);
    const uid = (id: string) => `${id}@rendezvous.test`;
    expect(events.map((e) => e.uid)).toEqual([uid(soonOver), uid(hosting), uid(attending), uid(cancelled)]);
    expect(events.map((e) => e.uid)).not.toContain(uid(pending));
    expect(events.map((e) => e.uid)).not.toContain(uid(notMine));
    expect(vevents.map((v) => v.getFirstPropertyValue('status'))).toEqual(['CONFIRMED', 'CONFIRMED', 'CONFIRMED', 'CANCELLED']);
    expect(vevents.map((v) => v.getFirstPropertyValue('sequence'))).toEqual([0, 0, 0, 1]);
    expect(vevents.map((v) => v.getFirstPropertyValue('url'))).toEqual([soonOver, hosting, attending, cancelled].map((id) => `${PUBLIC_URL}/bookings?booking=${id}`));

    // It carries no other member data: no name (not even the first), no id, no e-mail address.
    expect(events.map((e) => e.summary)).toEqual(['Coffee date', 'Coffee date', 'Coffee date', 'Coffee date']);
    expect(events.map((e) => e.location)).toEqual(Array(4).fill('Café Artigiano, 763 Hornby St'));
    const unfolded = text.replace(/\r\n[ \t]/g, '');
    for (const other of [guest, host, stranger]) {
      for (const datum of [other.name.split(' ')[0]!, other.id, other.email]) expect(unfolded, datum).not.toContain(datum);
    }

    // Once a date has ended it leaves the feed.
    t.clock.advance(5 * HOUR_MS);
    const later = parse(await (await feedFetch(url)).text());
    expect(later.events.map((e) => e.uid)).toEqual([uid(hosting), uid(attending), uid(cancelled)]);
    // A cancellation a month old has had time to reach every subscribed calendar, though its date is still ahead.
    t.clock.advance(31 * DAY_MS);
    expect(parse(await (await feedFetch(url)).text()).events).toEqual([]);
  });

  it('the feed of a date in a zone with DST carries its VTIMEZONE, and a reader places it right', async () => {
    const owner = await member('Fern');
    const host = await member('Hank');
    const slot = await slotIn(host, { timeZone: 'America/Toronto', date: '2027-11-07', startTime: '00:30', endTime: '03:00' });
    await confirmedBooking(t, host, owner, slot.id);
    const { url } = (await t.call('GET', '/users/calendar-feed', { token: owner.token })).body;
    const [event] = parse(await (await feedFetch(url)).text()).events.filter((e) => e.startDate.toJSDate().getTime() === slot.startsAt.getTime());
    // 00:30 EDT to 03:00 EST: the clocks went back at 02:00, so three and a half hours.
    expect(event!.startDate.toString()).toBe('2027-11-07T00:30:00');
    expect(event!.endDate.toJSDate().toISOString()).toBe(slot.endsAt.toISOString());
    expect(slot.endsAt.getTime() - slot.startsAt.getTime()).toBe(3.5 * HOUR_MS);
  });

  it('POST /users/calendar-feed/reset: a new address; the old one answers 404 from then on', async () => {
    const owner = await member('Finn');
    const { url: old } = (await t.call('GET', '/users/calendar-feed', { token: owner.token })).body;
    expect((await feedFetch(old)).status).toBe(200);
    const reset = await t.call('POST', '/users/calendar-feed/reset', { token: owner.token });
    expect(reset.status).toBe(200);
    expect(reset.body.url).not.toBe(old);
    expect(reset.body.url).toMatch(new RegExp(`^${PUBLIC_URL}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    const gone = await feedFetch(old);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: 'Calendar feed not found' });
    expect((await feedFetch(reset.body.url)).status).toBe(200);
    expect((await t.call('GET', '/users/calendar-feed', { token: owner.token })).body.url).toBe(reset.body.url);
    // Reset before ever asking makes the feed too.
    const fresh = await member('Faye');
    const made = await t.call('POST', '/users/calendar-feed/reset', { token: fresh.token });
    expect((await feedFetch(made.body.url)).status).toBe(200);
  });

  it('an unknown or malformed secret, and the feed of a banned member, answer 404', async () => {
    for (const path of [`/calendar/${'A'.repeat(43)}.ics`, '/calendar/short.ics', `/calendar/${'A'.repeat(43)}`, '/calendar/%2e%2e.ics']) {
      const answer = await fetch(`${t.url}${path}`);
      expect(answer.status, path).toBe(404);
    }
    const owner = await member('Fritz');
    const { url } = (await t.call('GET', '/users/calendar-feed', { token: owner.token })).body;
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, owner.id));
    expect((await feedFetch(url)).status).toBe(404);
  });
});
