/**
 * The "Email me when" switches (decision 59): each mail is queued in the transaction of the
 * change that causes it, sent by the jobs queue over real SMTP (the sink), once, to the right
 * member, as their switch and their account are when it is sent.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_MAIL_JOB, type BookingMailJob } from '#server/bookings/bookings.mails.ts';
import { NUDGE_MAIL_JOB } from '#server/nudges/nudges.mails.ts';
import { jobs } from '#server/platform/jobs/jobs.tables.ts';
import { adminPaths } from '#shared/api/admin.ts';
import { HOUR_MS } from '#shared/domain/booking.ts';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '#shared/domain/profile.ts';
import { bookableMember, confirmedBooking, requestBody, requestSlot } from '#tests/support/bookings.ts';
import { updateMember, type TestMember } from '#tests/support/members.ts';
import { linkIn } from '#tests/support/smtp-sink.ts';
import { createSlot } from '#tests/support/slots.ts';
import { PUBLIC_URL, startTestApp, type TestApp } from '#tests/support/test-app.ts';

const ADMIN_EMAIL = 'mail-boss@rendezvous.test';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ adminEmails: [ADMIN_EMAIL] });
});
afterAll(() => t.close());

let named = 0;
const member = (name: string) => bookableMember(t, { name: `${name} ${(named += 1)}` });

/** What a member was mailed, their sign-up's verification mail aside. */
const mailsTo = (who: TestMember) =>
  t.sink.messages.filter((mail) => mail.to.includes(who.email.toLowerCase()) && !mail.subject.startsWith('Confirm your e-mail'));
const subjectsTo = (who: TestMember) => mailsTo(who).map((mail) => mail.subject);

async function switchOff(who: TestMember, setting: keyof NotificationSettings['email']) {
  const body = { ...DEFAULT_NOTIFICATION_SETTINGS, email: { ...DEFAULT_NOTIFICATION_SETTINGS.email, [setting]: false } };
  expect((await t.call('PUT', '/users/notification-settings', { token: who.token, body })).status).toBe(200);
}

const request = (guest: TestMember, slotId: string) => t.call('POST', '/bookings/request', { token: guest.token, body: requestBody(slotId) });
const respond = (host: TestMember, id: string) => t.call('POST', `/bookings/${id}/respond`, { token: host.token, body: { action: 'confirm' } });
const cancel = (who: TestMember, id: string) =>
  t.call('POST', `/bookings/${id}/cancel`, { token: who.token, body: { reason: 'other', customReason: 'My sister is visiting' } });
const nudge = (sender: TestMember, recipient: TestMember) => t.call('POST', `/users/${recipient.id}/nudge`, { token: sender.token });

/** The booking mail jobs of one booking. */
const mailJobsOf = (bookingId: string) =>
  t.database.db.select().from(jobs).where(and(eq(jobs.kind, BOOKING_MAIL_JOB), sql`${jobs.payload} ->> 'bookingId' = ${bookingId}`));
const allMailJobs = async () => (await t.database.db.select({ id: jobs.id }).from(jobs).where(sql`${jobs.kind} in (${BOOKING_MAIL_JOB}, ${NUDGE_MAIL_JOB})`)).length;

const runJobs = () => t.app.jobs.runDue();

describe('newBooking: the host, when a request arrives', () => {
  it('mails the host once, with the request and the link to answer it; the guest gets nothing', async () => {
    const host = await member('Hazel');
    const guest = await member('Gil');
    const slot = await createSlot(t, host, { startsInHours: 30 });
    const bookingId = await requestSlot(t, guest, slot);
    expect(mailsTo(host)).toEqual([]);
    expect((await mailJobsOf(bookingId)).map((job) => job.payload)).toEqual([{ bookingId, kind: 'newBooking', to: 'host' } satisfies BookingMailJob]);

    await runJobs();
    const mails = mailsTo(host);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`New booking request from ${guest.name}`);
    expect(mails[0]!.text).toContain(`Hi ${host.name},`);
    expect(mails[0]!.text).toContain(`${guest.name} would like to meet you on`);
    expect(mails[0]!.text).toContain('Venue: Café Artigiano, 763 Hornby St');
    expect(mails[0]!.text).toContain('Their message: "Would love to meet you for a coffee!"');
    expect(linkIn(mails[0]!)).toBe(`${PUBLIC_URL}/notifications`);
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/profile`);
    expect(mailsTo(guest)).toEqual([]);

    await runJobs();
    expect(mailsTo(host)).toHaveLength(1);
  });

  it('a refused request queues and mails nothing', async () => {
    const host = await member('Hana');
    const guest = await member('Glen');
    const before = await allMailJobs();
    const past = await createSlot(t, host, { startsInHours: -1 });
    const own = await createSlot(t, guest, { startsInHours: 20 });
    expect((await request(guest, past)).status).toBe(400);
    expect((await request(guest, own)).status).toBe(400);
    expect(await allMailJobs()).toBe(before);
    await runJobs();
    expect([...mailsTo(host), ...mailsTo(guest)]).toEqual([]);
  });

  it('a request sent again, or twice at once, is one booking and one mail', async () => {
    const host = await member('Heidi');
    const guest = await member('Gus');
    const slot = await createSlot(t, host, { startsInHours: 26 });
    const racing = await Promise.all([request(guest, slot), request(guest, slot)]);
    expect(racing.map((answer) => answer.status).toSorted()).toEqual([201, 409]);
    expect((await request(guest, slot)).status).toBe(409);
    await runJobs();
    expect(subjectsTo(host)).toEqual([`New booking request from ${guest.name}`]);
  });

  it('none for a host who turned it off, is banned, or whose address is not verified when it is sent', async () => {
    const [quiet, banned, unverified] = [await member('Quinn'), await member('Bram'), await member('Uma')];
    const guest = await member('Gwen');
    await switchOff(quiet, 'newBooking');
    const ids: string[] = [];
    for (const host of [quiet, banned, unverified]) ids.push(await requestSlot(t, guest, await createSlot(t, host, { startsInHours: 40 })));
    await updateMember(t, banned.id, { isBanned: true });
    await updateMember(t, unverified.id, { emailVerifiedAt: null });
    await runJobs();
    expect([...mailsTo(quiet), ...mailsTo(banned), ...mailsTo(unverified)]).toEqual([]);
    // Each job ran and chose to send nothing.
    for (const id of ids) expect((await mailJobsOf(id)).map((job) => job.doneAt !== null)).toEqual([true]);
  });

  it('none when the host has answered before the mail is sent', async () => {
    const host = await member('Holly');
    const guest = await member('Gary');
    await confirmedBooking(t, host, guest, await createSlot(t, host, { startsInHours: 50 }));
    await runJobs();
    expect(mailsTo(host)).toEqual([]);
  });
});

describe('bookingConfirmed: the guest, when the host confirms', () => {
  it('mails the guest once, even when the host confirms twice at once', async () => {
    const host = await member('Hugo');
    const guest = await member('Grace');
    const bookingId = await requestSlot(t, guest, await createSlot(t, host, { startsInHours: 50 }));
    await runJobs();
    const answers = await Promise.all([respond(host, bookingId), respond(host, bookingId)]);
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([200, 409]);
    await runJobs();
    const mails = mailsTo(guest);
    expect(mails.map((mail) => mail.subject)).toEqual([`Your date with ${host.name} is confirmed!`]);
    expect(mails[0]!.text).toContain(`${host.name} accepted your booking request: you are meeting on`);
    expect(linkIn(mails[0]!)).toBe(`${PUBLIC_URL}/bookings?booking=${bookingId}`);
    expect(subjectsTo(host)).toEqual([`New booking request from ${guest.name}`]);
  });

  it('none for a guest who turned it off', async () => {
    const host = await member('Harriet');
    const guest = await member('Giles');
    await switchOff(guest, 'bookingConfirmed');
    await confirmedBooking(t, host, guest, await createSlot(t, host, { startsInHours: 50 }));
    await runJobs();
    expect(mailsTo(guest)).toEqual([]);
  });
});

describe('bookingCancelled: the other party, when a party cancels a confirmed date', () => {
  it('mails the other party once, with the reason; the one who cancelled gets nothing', async () => {
    const host = await member('Hector');
    const guest = await member('Gemma');
    await switchOff(host, 'newBooking');
    await switchOff(guest, 'bookingConfirmed');
    const bookingId = await confirmedBooking(t, host, guest, await createSlot(t, host, { startsInHours: 60 }));
    const answers = await Promise.all([cancel(guest, bookingId), cancel(guest, bookingId)]);
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([200, 409]);
    await runJobs();
    const mails = mailsTo(host);
    expect(mails.map((mail) => mail.subject)).toEqual([`Your date with ${guest.name} was cancelled`]);
    expect(mails[0]!.text).toContain(`${guest.name} cancelled your date on`);
    expect(mails[0]!.text).toContain('Their reason: "My sister is visiting"');
    expect(mails[0]!.text).toContain('If you added this date to your calendar, open the attached .ics file to remove it.');
    expect(linkIn(mails[0]!)).toBe(`${PUBLIC_URL}/bookings?booking=${bookingId}`);
    expect(mailsTo(guest)).toEqual([]);
  });

  it('none for a member who turned it off', async () => {
    const host = await member('Henry');
    const guest = await member('Gina');
    await switchOff(guest, 'bookingConfirmed');
    await switchOff(guest, 'bookingCancelled');
    const bookingId = await confirmedBooking(t, host, guest, await createSlot(t, host, { startsInHours: 60 }));
    expect((await cancel(host, bookingId)).status).toBe(200);
    await runJobs();
    expect(mailsTo(guest)).toEqual([]);
  });

  it('an admin’s removal of a member mails the other party of a confirmed date, without the removed member’s name', async () => {
    const registered = await t.verifiedMember({ email: ADMIN_EMAIL, name: 'Ada Admin' });
    const host = await member('Hilda');
    const guest = await member('Gordon');
    await switchOff(guest, 'bookingConfirmed');
    await confirmedBooking(t, host, guest, await createSlot(t, host, { startsInHours: 70 }));
    await runJobs();
    expect((await t.call('DELETE', adminPaths.user(host.id), { token: registered.token })).status).toBe(200);
    await runJobs();
    const mails = mailsTo(guest);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your date was cancelled']);
    expect(mails[0]!.text).toContain('is no longer on Rendezvous, so this date is cancelled.');
    expect(mails[0]!.text).not.toContain(host.name);
  });
});

describe('bookingReminder: both parties, before a confirmed date', () => {
  it('goes 24 hours before the date, once to each party', async () => {
    const host = await member('Hope');
    const guest = await member('Gideon');
    const bookingId = await confirmedBooking(t, host, guest, await createSlot(t, host, { startsInHours: 48 }));
    await runJobs();
    const reminder = (who: TestMember) => mailsTo(who).filter((mail) => mail.subject.startsWith('Reminder:'));
    expect([...reminder(host), ...reminder(guest)]).toEqual([]);

    t.clock.advance(24 * HOUR_MS - 60_000);
    await runJobs();
    expect([...reminder(host), ...reminder(guest)]).toEqual([]);

    t.clock.advance(60_000);
    await runJobs();
    expect(reminder(host).map((mail) => mail.subject)).toEqual([expect.stringMatching(new RegExp(`^Reminder: your date with ${guest.name} on [A-Z][a-z]{2}, [A-Z][a-z]{2} \\d{1,2} at \\d{2}:\\d{2} MST$`))]);
    expect(reminder(guest).map((mail) => mail.subject)).toEqual([expect.stringContaining(`Reminder: your date with ${host.name} on `)]);
    expect(linkIn(reminder(guest)[0]!)).toBe(`${PUBLIC_URL}/bookings?booking=${bookingId}`);
    expect(reminder(guest)[0]!.text).toContain('If you can no longer come, cancel there while the date is more than 4 hours away.');

    t.clock.advance(HOUR_MS);
    await runJobs();
    expect([...reminder(host), ...reminder(guest)]).toHaveLength(2);
    expect((await mailJobsOf(bookingId)).map((job) => (job.payload as BookingMailJob).kind).toSorted()).toEqual([
      'bookingConfirmed',
      'bookingReminder',
      'bookingReminder',
      'newBooking',
    ]);
  });

  it('is not sent for a date cancelled before it is due', async () => {
    const host = await member('Hattie');
    const guest = await member('Graham');
    const bookingId = await confirmedBooking(t, host, guest, await createSlot(t, host, { startsInHours: 30 }));
    await runJobs();
    expect((await cancel(host, bookingId)).status).toBe(200);
    t.clock.advance(7 * HOUR_MS);
    await runJobs();
    // The host confirmed before the request's mail was sent: it was not (the guest's confirmation was).
    expect(subjectsTo(host)).toEqual([]);
    expect(subjectsTo(guest)).toEqual([`Your date with ${host.name} is confirmed!`, `Your date with ${host.name} was cancelled`]);
    // The reminders ran at their time and sent nothing.
    const reminders = (await mailJobsOf(bookingId)).filter((job) => (job.payload as BookingMailJob).kind === 'bookingReminder');
    expect(reminders.map((job) => job.doneAt !== null)).toEqual([true, true]);
  });

  it('goes at confirmation for a date less than 24 hours away, none for one within 2 hours, and not to a member who turned it off', async () => {
    const host = await member('Harper');
    const soonGuest = await member('Greta');
    const nearGuest = await member('Gavin');
    await switchOff(host, 'bookingReminder');
    await confirmedBooking(t, host, soonGuest, await createSlot(t, host, { startsInHours: 5 }));
    const near = await confirmedBooking(t, host, nearGuest, await createSlot(t, host, { startsInHours: 1.5 }));
    await runJobs();
    // Both due at once: in either order.
    expect(subjectsTo(soonGuest).toSorted()).toEqual([expect.stringContaining(`Reminder: your date with ${host.name}`), `Your date with ${host.name} is confirmed!`]);
    expect(subjectsTo(nearGuest)).toEqual([`Your date with ${host.name} is confirmed!`]);
    expect((await mailJobsOf(near)).map((job) => (job.payload as BookingMailJob).kind).toSorted()).toEqual(['bookingConfirmed', 'newBooking']);
    expect(subjectsTo(host).filter((subject) => subject.startsWith('Reminder:'))).toEqual([]);
  });
});

describe('nudgeReceived: the member nudged', () => {
  it('mails the nudged member once a day, with the way to add a time', async () => {
    const sender = await member('Sasha');
    const recipient = await member('Robin');
    expect((await nudge(sender, recipient)).status).toBe(200);
    expect((await nudge(sender, recipient)).status).toBe(429);
    await runJobs();
    const mails = mailsTo(recipient);
    expect(mails.map((mail) => mail.subject)).toEqual([`${sender.name} nudged you`]);
    expect(mails[0]!.text).toContain(`${sender.name} would like to meet you. Add a time you are free so they can book it:`);
    expect(linkIn(mails[0]!)).toBe(`${PUBLIC_URL}/availability`);
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/user/${sender.id}`);
    expect(mailsTo(sender)).toEqual([]);
  });

  it('none for a member who turned it off', async () => {
    const sender = await member('Sol');
    const recipient = await member('Rae');
    await switchOff(recipient, 'nudgeReceived');
    expect((await nudge(sender, recipient)).status).toBe(200);
    await runJobs();
    expect(mailsTo(recipient)).toEqual([]);
  });
});
