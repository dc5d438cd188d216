import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilitySlots } from '#server/availability/availability.tables.ts';
import { reconcileSlotTimes } from '#server/availability/slot-times.ts';
import { BOOKING_MAIL_JOB } from '#server/bookings/bookings.mails.ts';
import { bookings } from '#server/bookings/bookings.tables.ts';
import { followMovedSlots } from '#server/bookings/moved-slots.ts';
import { notifications } from '#server/notifications/notifications.tables.ts';
import { jobs } from '#server/platform/jobs/jobs.tables.ts';
import { HOUR_MS } from '#shared/domain/booking.ts';
import { TZDB_VERSION } from '#shared/domain/time-zones.ts';
import { bookableMember, confirmedBooking } from '#tests/support/bookings.ts';
import { createMember, type TestMember } from '#tests/support/members.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';
import { openTestDatabase } from '#tests/support/test-db.ts';

/*
 * A database written while the server had older zone rules (tzdb 2025c: British Columbia still
 * on UTC-8 in winter) meets a server with the rules in force at its next start.
 */

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let t: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
  t = await startTestApp({ database });
});
afterAll(() => t.close());

const slotBody = (date: string, startTime: string, endTime: string) => ({
  date,
  startTime,
  endTime,
  dateType: 'coffee',
  venue: 'Revolver',
  venueType: 'cafe',
  address: '325 Cambie St',
  notes: '',
  maxBookings: 1,
});

async function createSlot(host: TestMember, date: string, startTime: string, endTime: string) {
  const answer = await t.call('POST', '/availability/create', { token: host.token, body: slotBody(date, startTime, endTime) });
  if (answer.status !== 201) throw new Error(`create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.slot as { _id: string; startsAt: string };
}

const slotRow = async (id: string) => (await t.database.db.select().from(availabilitySlots).where(eq(availabilitySlots.id, id)))[0]!;
const inboxOf = (member: TestMember) => t.database.db.select().from(notifications).where(eq(notifications.userId, member.id));
const remindersOf = (bookingId: string) =>
  t.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, BOOKING_MAIL_JOB), sql`${jobs.payload}->>'bookingId' = ${bookingId}`, sql`${jobs.payload}->>'kind' = 'bookingReminder'`));

/** What the same rows looked like when an older server wrote them: one hour later, labelled PST, or with no rules recorded at all. */
async function asUnderOldRules(slotId: string, recorded: { tzdbVersion: string | null; utcOffset: string; zoneLabel: string }) {
  const shift = sql`interval '1 hour'`;
  await t.database.db
    .update(availabilitySlots)
    .set({ ...recorded, startsAt: sql`${availabilitySlots.startsAt} + ${shift}`, endsAt: sql`${availabilitySlots.endsAt} + ${shift}` })
    .where(eq(availabilitySlots.id, slotId));
  const moved = await t.database.db
    .update(bookings)
    .set({ startsAt: sql`${bookings.startsAt} + ${shift}`, endsAt: sql`${bookings.endsAt} + ${shift}` })
    .where(eq(bookings.slotId, slotId))
    .returning({ id: bookings.id });
  for (const { id } of moved) {
    await t.database.db.update(jobs).set({ runAt: sql`${jobs.runAt} + ${shift}` }).where(sql`${jobs.payload}->>'bookingId' = ${id}`);
  }
}

/** The server stops and starts again on the same database, as after a deploy that brought new zone rules. */
async function restart() {
  await t.app.close();
  await t.sink.close();
  t = await startTestApp({ database });
}

describe('slots kept from older zone rules', () => {
  it('are placed by the rules in force at the next start: bookings, reminders and labels follow, hosts and guests are told', async () => {
    const host = await bookableMember(t, { name: 'Hana Host', gender: 'female' });
    const guest = await bookableMember(t, { name: 'Gil Guest', gender: 'male' });
    const toronto = await createMember(t, { city: 'Toronto', name: 'Tori' });

    const dated = await createSlot(host, '2026-12-10', '10:00', '11:30');
    const free = await createSlot(host, '2026-12-12', '19:00', '21:00');
    const elsewhere = await createSlot(toronto, '2026-12-10', '10:00', '11:00');
    const bookingId = await confirmedBooking(t, host, guest, dated._id);
    // 10:00 MST is 17:00Z by today's rules.
    expect(dated.startsAt).toBe('2026-12-10T17:00:00.000Z');
    const reminderBefore = (await remindersOf(bookingId)).map((job) => job.runAt.toISOString());
    expect(reminderBefore).toEqual(['2026-12-09T17:00:00.000Z', '2026-12-09T17:00:00.000Z']);

    // One slot written before slots recorded their rules (the migration leaves those empty), one by tzdb 2025c…
    await asUnderOldRules(dated._id, { tzdbVersion: null, utcOffset: '', zoneLabel: '' });
    await asUnderOldRules(free._id, { tzdbVersion: '2025c', utcOffset: '-08:00', zoneLabel: 'PST' });
    // …a Toronto slot those rules placed where today's do, and a Vancouver time that has already happened.
    await t.database.db.update(availabilitySlots).set({ tzdbVersion: '2025c' }).where(eq(availabilitySlots.id, elsewhere._id));
    const [past] = await t.database.db
      .insert(availabilitySlots)
      .values({
        hostId: host.id,
        date: '2026-11-20',
        startTime: '10:00',
        endTime: '11:00',
        timeZone: 'America/Vancouver',
        startsAt: new Date('2026-11-20T18:00:00Z'),
        endsAt: new Date('2026-11-20T19:00:00Z'),
        dateType: 'coffee',
        venue: 'Revolver',
        createdAt: new Date('2026-11-01T00:00:00Z'),
      })
      .returning();
    const inboxBefore = { host: (await inboxOf(host)).length, guest: (await inboxOf(guest)).length, toronto: (await inboxOf(toronto)).length };

    await restart();

    for (const row of [await slotRow(dated._id), await slotRow(free._id), await slotRow(elsewhere._id), await slotRow(past!.id)]) expect(row.tzdbVersion).toBe(TZDB_VERSION);
    expect(await slotRow(dated._id)).toMatchObject({ startsAt: new Date('2026-12-10T17:00:00Z'), endsAt: new Date('2026-12-10T18:30:00Z'), utcOffset: '-07:00', zoneLabel: 'MST' });
    expect(await slotRow(free._id)).toMatchObject({ startsAt: new Date('2026-12-13T02:00:00Z'), utcOffset: '-07:00', zoneLabel: 'MST' });
    expect(await slotRow(elsewhere._id)).toMatchObject({ startsAt: new Date('2026-12-10T15:00:00Z'), utcOffset: '-05:00', zoneLabel: 'EST' });
    // A date that has happened keeps the moment it happened at, labelled by the offset it was placed with.
    expect(await slotRow(past!.id)).toMatchObject({ startsAt: new Date('2026-11-20T18:00:00Z'), utcOffset: '-08:00', zoneLabel: 'UTC-8' });

    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect([booking!.startsAt.toISOString(), booking!.endsAt.toISOString()]).toEqual(['2026-12-10T17:00:00.000Z', '2026-12-10T18:30:00.000Z']);
    expect((await remindersOf(bookingId)).map((job) => job.runAt.toISOString())).toEqual(reminderBefore);

    const told = (rows: (typeof notifications.$inferSelect)[], since: number) => rows.slice(since).map((item) => [item.title, item.message]);
    expect(told(await inboxOf(host), inboxBefore.host).toSorted()).toEqual([
      ['Time zone rules changed', 'New time zone rules for Vancouver: your free time on Sat, Dec 12 is at 19:00–21:00 MST, local time (the old rules had it 1 hour later).'],
      ['Time zone rules changed', 'New time zone rules for Vancouver: your free time on Thu, Dec 10 is at 10:00–11:30 MST, local time (the old rules had it 1 hour later).'],
    ]);
    expect(told(await inboxOf(guest), inboxBefore.guest)).toEqual([
      ['Time zone rules changed', 'New time zone rules for Vancouver: your date on Thu, Dec 10 is at 10:00–11:30 MST, local time (the old rules had it 1 hour later).'],
    ]);
    expect((await inboxOf(toronto)).length).toBe(inboxBefore.toronto);

    // What the guest's screens read.
    const mine = await t.call('GET', '/bookings/my-bookings', { token: guest.token });
    expect(mine.body.bookings[0]).toMatchObject({
      proposedDateTime: '2026-12-10T17:00:00.000Z',
      availability: { date: '2026-12-10', startTime: '10:00', endTime: '11:30', utcOffset: '-07:00', zoneLabel: 'MST' },
    });

    // Nothing is left to place: another start (or another instance) finds nothing and tells nobody again.
    expect(await reconcileSlotTimes(t.database.db, t.clock.now(), (tx, moved) => followMovedSlots(tx, moved, t.clock.now()))).toEqual({ checked: 0, moved: 0 });
    expect((await inboxOf(host)).length).toBe(inboxBefore.host + 2);
  });

  it('works through more slots than one batch', async () => {
    const host = await createMember(t, { city: 'Vancouver', name: 'Busy' });
    const day = (i: number) => new Date(Date.UTC(2027, 0, 1) + i * 24 * HOUR_MS).toISOString().slice(0, 10);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await createSlot(host, day(i), '09:00', '09:30'))._id);
    await t.database.db.update(availabilitySlots).set({ tzdbVersion: null }).where(eq(availabilitySlots.hostId, host.id));
    const result = await reconcileSlotTimes(t.database.db, t.clock.now(), () => Promise.resolve(), 5);
    expect(result).toEqual({ checked: 12, moved: 0 });
    const rows = await t.database.db.select().from(availabilitySlots).where(eq(availabilitySlots.hostId, host.id));
    expect(rows.every((row) => row.tzdbVersion === TZDB_VERSION && row.zoneLabel === 'MST')).toBe(true);
  });
});
