import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotWalkLength } from '#server/availability/availability.repo.ts';
import { availabilitySlots } from '#server/availability/availability.tables.ts';
import { placeSlot } from '#server/availability/slot-times.ts';
import { bookings } from '#server/bookings/bookings.tables.ts';
import { notifications } from '#server/notifications/notifications.tables.ts';
import { photos } from '#server/profiles/profiles.tables.ts';
import { addDays } from '#shared/domain/time-zones.ts';
import { createMember, updateMember, type MemberSpec, type TestMember } from '#tests/support/members.ts';
import { START, startTestApp, type TestApp } from '#tests/support/test-app.ts';

// START is 2026-11-23T12:00Z: 04:00 that Monday in Vancouver (UTC-8), 07:00 in Toronto (UTC-5).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;

let named = 0;
/** A verified member; each has their own name so failures say who. */
const member = (spec: Partial<MemberSpec> = {}) => createMember(t, { name: `Member ${++named}`, city: 'Vancouver', ...spec });

const slotBody = (overrides: Record<string, unknown> = {}) => ({
  date: '2026-12-01',
  startTime: '10:00',
  endTime: '12:00',
  dateType: 'coffee',
  venue: 'The Sleepy Owl Café',
  maxBookings: 1,
  notes: '',
  ...overrides,
});

const create = (host: TestMember, overrides: Record<string, unknown> = {}) =>
  t.call('POST', '/availability/create', { token: host.token, body: slotBody(overrides) });

async function created(host: TestMember, overrides: Record<string, unknown> = {}) {
  const answer = await create(host, overrides);
  if (answer.status !== 201) throw new Error(`create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.slot as { _id: string; startsAt: string; date: string };
}

const calendar = (host: TestMember, year: number, month: number) =>
  t.call('GET', `/availability/my-calendar?month=${month}&year=${year}&_=${Date.now()}`, { token: host.token });

const remove = (who: TestMember, slotId: string, body?: unknown) => t.call('DELETE', `/availability/${slotId}`, { token: who.token, body });

async function insertBooking(slotId: string, guest: TestMember, status: 'pending' | 'confirmed') {
  const [slot] = await t.database.db.select().from(availabilitySlots).where(eq(availabilitySlots.id, slotId));
  const [row] = await t.database.db
    .insert(bookings)
    .values({
      slotId,
      hostId: slot!.hostId,
      guestId: guest.id,
      status,
      startsAt: slot!.startsAt,
      endsAt: slot!.endsAt,
      requestMessage: 'Coffee?',
      proposedVenue: { name: slot!.venue, address: '', type: '', priceRange: '$$' },
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    })
    .returning();
  if (status === 'confirmed') await t.database.db.update(availabilitySlots).set({ confirmedCount: slot!.confirmedCount + 1 }).where(eq(availabilitySlots.id, slotId));
  return row!;
}

describe('POST /api/availability/create', () => {
  it("stores the slot in the host's zone, with the zone's offset and label the server's rules give: the same wall clock is a different instant in Toronto and Vancouver", async () => {
    const vancouver = await member({ city: 'Vancouver' });
    const toronto = await member({ city: 'Toronto' });
    expect((await t.call('GET', '/auth/me', { token: toronto.token })).body.user.timeZone).toBe('America/Toronto');
    expect((await t.call('GET', '/auth/me', { token: vancouver.token })).body.user.timeZone).toBe('America/Vancouver');
    const inVancouver = await create(vancouver, { date: '2026-11-24', startTime: '19:00', endTime: '21:00' });
    const inToronto = await create(toronto, { date: '2026-11-24', startTime: '19:00', endTime: '21:00' });
    expect(inVancouver.status).toBe(201);
    expect(inVancouver.body.message).toBe('Availability slot created!');
    expect(inVancouver.body.slot).toMatchObject({
      date: '2026-11-24',
      startTime: '19:00',
      endTime: '21:00',
      timeZone: 'America/Vancouver',
      // British Columbia keeps UTC-7 from 2026-11-01 (tzdb 2026c and later): 19:00 MST.
      startsAt: '2026-11-25T02:00:00.000Z',
      endsAt: '2026-11-25T04:00:00.000Z',
      utcOffset: '-07:00',
      zoneLabel: 'MST',
      dateType: 'coffee',
      venue: 'The Sleepy Owl Café',
      maxBookings: 1,
      isBooked: false,
      confirmedCount: 0,
      pendingCount: 0,
      bookedBy: [],
    });
    expect(inToronto.body.slot).toMatchObject({
      timeZone: 'America/Toronto',
      startsAt: '2026-11-25T00:00:00.000Z',
      endsAt: '2026-11-25T02:00:00.000Z',
      utcOffset: '-05:00',
      zoneLabel: 'EST',
    });
    // Everyone else reads the same fields: the member page, and the host's calendar.
    const viewer = await member({ gender: 'male', city: 'Toronto' });
    const page = await t.call('GET', `/users/${vancouver.id}`, { token: viewer.token });
    expect(page.body.user.availability[0]).toMatchObject({ date: '2026-11-24', startTime: '19:00', endTime: '21:00', utcOffset: '-07:00', zoneLabel: 'MST', startsAt: '2026-11-25T02:00:00.000Z' });
    const november = await calendar(vancouver, 2026, 11);
    expect(november.body.calendar['2026-11-24'][0]).toMatchObject({ utcOffset: '-07:00', zoneLabel: 'MST' });
  });

  it("takes '24:00' as the midnight ending the day", async () => {
    const host = await member();
    const answer = await create(host, { date: '2026-12-02', startTime: '21:00', endTime: '24:00', dateType: 'drinks' });
    expect(answer.status).toBe(201);
    expect(answer.body.slot).toMatchObject({ endTime: '24:00', startsAt: '2026-12-03T04:00:00.000Z', endsAt: '2026-12-03T07:00:00.000Z' });
  });

  it('follows the member to a new city: the zone comes from where they live', async () => {
    const mover = await member({ city: 'Vancouver' });
    const moved = await t.call('PUT', '/users/profile', {
      token: mover.token,
      body: {
        profile: {
          name: 'Mover',
          bio: '',
          interests: [],
          location: { city: 'Halifax', country: 'Canada', coordinates: null },
          preferences: { dateTypes: ['coffee'], genderPreferences: ['male'], ageRange: { min: 18, max: 80 }, distance: 50, accountTypes: ['individual'] },
        },
      },
    });
    expect(moved.status).toBe(200);
    const answer = await create(mover, { date: '2026-12-01', startTime: '10:00', endTime: '11:00' });
    expect(answer.body.slot).toMatchObject({ timeZone: 'America/Halifax', startsAt: '2026-12-01T14:00:00.000Z' });
  });

  it('answers field errors for bad input', async () => {
    const host = await member();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ venue: '  ' }, 'venue', 'Venue is required'],
      [{ dateType: 'brunch' }, 'dateType', 'Date type must be coffee, lunch, dinner, drinks or activity'],
      [{ notes: 'x'.repeat(201) }, 'notes', 'Notes must be at most 200 characters'],
      [{ startTime: '25:00' }, 'startTime', 'Start time is required'],
      [{ date: 'tomorrow' }, 'date', 'Date is required'],
      [{ startTime: '12:00', endTime: '11:00' }, 'endTime', 'End time must be after start time'],
      [{ maxBookings: 0 }, 'maxBookings', 'Max bookings must be between 1 and 10'],
    ];
    for (const [overrides, field, message] of cases) {
      const answer = await create(host, overrides);
      expect(answer.status, field).toBe(400);
      expect(answer.body.fields).toContainEqual({ field, message });
    }
    expect((await calendar(host, 2026, 12)).body.calendar).toEqual({});
  });

  it('refuses a date before today in the host zone, and a start that has passed', async () => {
    const host = await member();
    const yesterday = await create(host, { date: '2026-11-22' });
    expect(yesterday.status).toBe(400);
    expect(yesterday.body).toEqual({ error: 'Date cannot be in the past', fields: [{ field: 'date', message: 'Date cannot be in the past' }] });
    // 05:00 MST in Vancouver (UTC-8 by older rules would make it 04:00): 04:30 has passed, 05:30 has not.
    const passed = await create(host, { date: '2026-11-23', startTime: '04:30', endTime: '05:30' });
    expect(passed.status).toBe(400);
    expect(passed.body).toEqual({ error: 'Start time has already passed', fields: [{ field: 'startTime', message: 'Start time has already passed' }] });
    expect((await create(host, { date: '2026-11-23', startTime: '05:30', endTime: '06:00' })).status).toBe(201);
  });

  it('refuses a slot overlapping another live slot of the same host, with 409 on startTime', async () => {
    const host = await member();
    const other = await member();
    await created(host, { date: '2026-12-03', startTime: '10:00', endTime: '12:00' });
    const overlapping = await create(host, { date: '2026-12-03', startTime: '11:00', endTime: '13:00' });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body).toEqual({
      error: 'You already have a slot at this time',
      fields: [{ field: 'startTime', message: 'You already have a slot at this time' }],
    });
    // Back to back is fine, and another host may be free at the same time.
    expect((await create(host, { date: '2026-12-03', startTime: '12:00', endTime: '13:00' })).status).toBe(201);
    expect((await create(other, { date: '2026-12-03', startTime: '11:00', endTime: '13:00' })).status).toBe(201);
  });

  it('two overlapping creates at once make exactly one slot', async () => {
    const host = await member();
    const answers = await Promise.all([
      create(host, { date: '2026-12-04', startTime: '10:00', endTime: '12:00' }),
      create(host, { date: '2026-12-04', startTime: '11:00', endTime: '13:00' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const days = (await calendar(host, 2026, 12)).body.calendar;
    expect(days['2026-12-04']).toHaveLength(1);
  });

  it('a clientKey makes the slot once: 201, then 200 with the same slot, even when sent twice at once', async () => {
    const host = await member();
    const clientKey = crypto.randomUUID();
    const first = await create(host, { date: '2026-12-05', clientKey });
    const again = await create(host, { date: '2026-12-05', clientKey });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.slot._id).toBe(first.body.slot._id);

    const racingKey = crypto.randomUUID();
    const racing = await Promise.all([1, 2, 3].map(() => create(host, { date: '2026-12-06', clientKey: racingKey })));
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(racing.map((answer) => answer.body.slot._id)).size).toBe(1);
    const days = (await calendar(host, 2026, 12)).body.calendar;
    expect(days['2026-12-05']).toHaveLength(1);
    expect(days['2026-12-06']).toHaveLength(1);
  });

  it('needs a session and a verified e-mail', async () => {
    const unverified = await member({ verified: false });
    expect((await t.call('POST', '/availability/create', { body: slotBody() })).status).toBe(401);
    const answer = await create(unverified);
    expect(answer.status).toBe(403);
  });
});

describe('DELETE /api/availability/:id', () => {
  it('only the owner removes a slot; unknown or removed slots are not found', async () => {
    const host = await member();
    const stranger = await member();
    const slot = await created(host, { date: '2026-12-07' });
    const theirs = await remove(stranger, slot._id);
    expect(theirs.status).toBe(403);
    expect(theirs.body.error).toBe('You can only remove your own slots');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-slot']) {
      const unknown = await remove(host, id);
      expect(unknown.status, id).toBe(404);
      expect(unknown.body.error).toBe('Availability slot not found');
    }
    const removed = await remove(host, slot._id, { reason: 'User removed slot' });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Availability slot removed', declinedRequests: 0 });
    expect((await remove(host, slot._id)).status).toBe(404);
    // The reason is kept; the time is free again.
    const [row] = await t.database.db.select().from(availabilitySlots).where(eq(availabilitySlots.id, slot._id));
    expect(row!.removalReason).toBe('User removed slot');
    expect(row!.removedAt).not.toBeNull();
    expect((await create(host, { date: '2026-12-07' })).status).toBe(201);
  });

  it('refuses a slot with a confirmed date', async () => {
    const host = await member();
    const guest = await member({ gender: 'male' });
    const slot = await created(host, { date: '2026-12-08' });
    await insertBooking(slot._id, guest, 'confirmed');
    const answer = await remove(host, slot._id);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe('This slot has a confirmed date: cancel the date first');
    expect((await calendar(host, 2026, 12)).body.calendar['2026-12-08']).toHaveLength(1);
  });

  it('declines every pending request on it, tells each guest, and settles the host request notices', async () => {
    const host = await member({ name: 'Hanna Host' });
    const ann = await member({ gender: 'male' });
    const ben = await member({ gender: 'male' });
    const cai = await member({ gender: 'male' });
    const slot = await created(host, { date: '2026-12-09', maxBookings: 2 });
    const other = await created(host, { date: '2026-12-10' });
    const annBooking = await insertBooking(slot._id, ann, 'pending');
    const benBooking = await insertBooking(slot._id, ben, 'pending');
    const untouched = await insertBooking(other._id, cai, 'pending');
    // The host's inbox holds one request notice per booking (bookings writes them).
    for (const booking of [annBooking, benBooking]) {
      await t.database.db.insert(notifications).values({
        userId: host.id,
        senderId: booking.guestId,
        type: 'booking_request',
        title: 'New booking request',
        message: 'Coffee?',
        data: { bookingId: booking.id },
        createdAt: t.clock.now(),
      });
    }

    const answer = await remove(host, slot._id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: 'Availability slot removed', declinedRequests: 2 });

    for (const [booking, guest] of [
      [annBooking, ann],
      [benBooking, ben],
    ] as const) {
      const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
      expect(row).toMatchObject({ status: 'declined', responseMessage: 'The host removed this time' });
      const inbox = await t.database.db.select().from(notifications).where(eq(notifications.userId, guest.id));
      const told = inbox.filter((item) => item.type === 'booking_update' && item.data.bookingId === booking.id);
      expect(told).toHaveLength(1);
      expect(told[0]!.message).toContain('Hanna Host');
      expect(told[0]!.message).toContain('The host removed this time');
    }
    const hostInbox = await t.database.db.select().from(notifications).where(eq(notifications.userId, host.id));
    expect(hostInbox.filter((item) => item.type === 'booking_request').map((item) => item.status)).toEqual(['declined', 'declined']);
    // A request on another slot stays pending.
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, untouched.id));
    expect(row!.status).toBe('pending');
  });
});

describe('GET /api/availability/my-calendar', () => {
  it("holds the host's live slots dated in the month, by date, earliest first, with bookings counted", async () => {
    const host = await member();
    const guest = await member({ gender: 'male', name: 'Gus Guest' });
    const waiting = await member({ gender: 'male' });
    const late = await created(host, { date: '2026-12-15', startTime: '18:00', endTime: '19:00' });
    const early = await created(host, { date: '2026-12-15', startTime: '09:00', endTime: '10:00', maxBookings: 2 });
    const nextMonth = await created(host, { date: '2027-01-02' });
    const gone = await created(host, { date: '2026-12-16' });
    await remove(host, gone._id);
    await insertBooking(early._id, guest, 'confirmed');
    await insertBooking(early._id, waiting, 'pending');

    const december = await calendar(host, 2026, 12);
    expect(december.status).toBe(200);
    expect(Object.keys(december.body.calendar)).toEqual(['2026-12-15']);
    const day = december.body.calendar['2026-12-15'];
    expect(day.map((slot: { _id: string }) => slot._id)).toEqual([early._id, late._id]);
    expect(day[0]).toMatchObject({ confirmedCount: 1, pendingCount: 1, isBooked: false, bookedBy: [{ _id: guest.id, profile: { name: 'Gus Guest' } }] });
    expect(day[1]).toMatchObject({ confirmedCount: 0, pendingCount: 0, isBooked: false, bookedBy: [] });

    const january = await calendar(host, 2027, 1);
    expect(Object.keys(january.body.calendar)).toEqual(['2027-01-02']);
    expect(january.body.calendar['2027-01-02'][0]._id).toBe(nextMonth._id);
    // Only one's own slots.
    expect((await calendar(guest, 2026, 12)).body.calendar).toEqual({});
  });

  it('refuses a month that is not 1 to 12', async () => {
    const host = await member();
    const answer = await calendar(host, 2026, 13);
    expect(answer.status).toBe(400);
    expect(answer.body.fields[0].field).toBe('month');
  });
});

describe('GET /api/availability/browse', () => {
  // Each test uses its own week of January so the slots of other tests stay out of its lists.
  const browse = (viewer: TestMember, query: Record<string, string | number>) =>
    t.call('GET', `/availability/browse?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, { token: viewer.token });
  const ids = (answer: { body: { slots: { _id: string }[] } }) => answer.body.slots.map((slot) => slot._id);

  it("shows bookable slots of members the viewer may see, never their own, banned, unverified or excluding members'", async () => {
    const viewer = await member({ name: 'Viktor', gender: 'male', age: 40 });
    const visible = await member({ name: 'Vera' });
    const banned = await member();
    const unverified = await member({ verified: false });
    const womenOnly = await member({ preferences: { genderPreferences: ['female'] } });
    const young = await member({ preferences: { ageRange: { min: 18, max: 30 } } });
    const week = { startDate: '2027-01-04', endDate: '2027-01-10' };
    const shown = await created(visible, { date: '2027-01-04', startTime: '10:00', endTime: '11:00', venue: 'Vera’s café' });
    await created(viewer, { date: '2027-01-04' });
    await created(banned, { date: '2027-01-05' });
    await created(womenOnly, { date: '2027-01-05' });
    await created(young, { date: '2027-01-05' });
    // An unverified member cannot create; put one in directly.
    await t.database.db.insert(availabilitySlots).values({
      hostId: unverified.id,
      date: '2027-01-05',
      startTime: '10:00',
      endTime: '11:00',
      timeZone: 'America/Vancouver',
      ...placeSlot({ date: '2027-01-05', startTime: '10:00', endTime: '11:00', timeZone: 'America/Vancouver' }),
      dateType: 'coffee',
      venue: 'x',
      createdAt: t.clock.now(),
    });
    await updateMember(t, banned.id, { isBanned: true });
    const photoIds: string[] = [];
    for (const minutes of [2, 1]) {
      const [photo] = await t.database.db
        .insert(photos)
        .values({ userId: visible.id, storageKey: `${randomUUID()}.webp`, width: 10, height: 10, createdAt: new Date(t.clock.now().getTime() - minutes * 60_000) })
        .returning({ id: photos.id });
      photoIds.push(photo!.id);
    }
    // A full slot and a removed one are not bookable.
    const full = await created(visible, { date: '2027-01-06' });
    await insertBooking(full._id, await member({ gender: 'male' }), 'confirmed');
    const removed = await created(visible, { date: '2027-01-07' });
    await remove(visible, removed._id);

    const answer = await browse(viewer, week);
    expect(answer.status).toBe(200);
    expect(ids(answer)).toEqual([shown._id]);
    expect(answer.body.slots[0]).toMatchObject({
      date: '2027-01-04',
      startTime: '10:00',
      timeZone: 'America/Vancouver',
      venue: 'Vera’s café',
      isBooked: false,
      host: { _id: visible.id, profile: { name: 'Vera' }, reliabilityScore: { current: 675 } },
      bookingStatus: null,
      slotBooking: null,
    });
    expect(answer.body.slots[0].distance).toBeLessThan(1);
    // The host as their own page shows them: photos (oldest first) and reliability.
    const hostPage = (await t.call('GET', `/users/${visible.id}`, { token: viewer.token })).body.user;
    expect(answer.body.slots[0].host.profile.photos).toEqual(hostPage.profile.photos);
    expect(answer.body.slots[0].host.profile.photos.map((photo: { _id: string }) => photo._id)).toEqual(photoIds);
    expect(answer.body.slots[0].host.reliabilityScore).toEqual(hostPage.reliabilityScore);
    expect(JSON.stringify(answer.body)).not.toContain(visible.email);
    expect(answer.body.pagination).toEqual({ page: 1, limit: 20, hasMore: false });
  });

  it('filters by dateType, minScore, accountType, dates and distance', async () => {
    const viewer = await member({ gender: 'male' });
    const low = await member({ name: 'Lowe' });
    const couple = await member({ couple: { partnerName: 'Pat', partnerAge: 33, partnerGender: 'male' } });
    const far = await member({ city: 'Toronto' });
    await updateMember(t, low.id, { score: 500 });
    const coffee = await created(low, { date: '2027-01-11', dateType: 'coffee' });
    const dinner = await created(couple, { date: '2027-01-12', startTime: '19:00', endTime: '22:00', dateType: 'dinner' });
    const distant = await created(far, { date: '2027-01-13', dateType: 'coffee' });
    const week = { startDate: '2027-01-11', endDate: '2027-01-17' };

    expect(ids(await browse(viewer, week))).toEqual([coffee._id, dinner._id, distant._id]);
    expect(ids(await browse(viewer, { ...week, dateType: 'dinner' }))).toEqual([dinner._id]);
    expect(ids(await browse(viewer, { ...week, minScore: 650 }))).toEqual([dinner._id, distant._id]);
    expect(ids(await browse(viewer, { ...week, accountType: 'couple' }))).toEqual([dinner._id]);
    expect(ids(await browse(viewer, { ...week, maxDistance: 25 }))).toEqual([coffee._id, dinner._id]);
    expect(ids(await browse(viewer, { ...week, location: 'Toronto, Canada', maxDistance: 25 }))).toEqual([distant._id]);
    expect(ids(await browse(viewer, { startDate: '2027-01-12', endDate: '2027-01-12' }))).toEqual([dinner._id]);
    // Empty values count as absent, as a form sends them.
    expect(ids(await browse(viewer, { ...week, dateType: '', minScore: '', location: '' }))).toEqual([coffee._id, dinner._id, distant._id]);

    const bad = await browse(viewer, { startDate: '2027-01-12', endDate: '2027-01-11' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('endDate');
    expect((await browse(viewer, { sortBy: 'price' })).status).toBe(400);
  });

  it('sorts by date, score or distance, and pages with hasMore', async () => {
    const viewer = await member({ gender: 'male' });
    const near = await member({ city: 'Vancouver' });
    const mid = await member({ city: 'Victoria' });
    const farther = await member({ city: 'Calgary' });
    await updateMember(t, near.id, { score: 600 });
    await updateMember(t, mid.id, { score: 800 });
    await updateMember(t, farther.id, { score: 700 });
    const first = await created(farther, { date: '2027-01-18' });
    const second = await created(mid, { date: '2027-01-19' });
    const third = await created(near, { date: '2027-01-20' });
    const week = { startDate: '2027-01-18', endDate: '2027-01-24' };

    expect(ids(await browse(viewer, { ...week, sortBy: 'date' }))).toEqual([first._id, second._id, third._id]);
    expect(ids(await browse(viewer, { ...week, sortBy: 'score' }))).toEqual([second._id, first._id, third._id]);
    expect(ids(await browse(viewer, { ...week, sortBy: 'distance' }))).toEqual([third._id, second._id, first._id]);

    const page1 = await browse(viewer, { ...week, limit: 2, page: 1 });
    const page2 = await browse(viewer, { ...week, limit: 2, page: 2 });
    expect(ids(page1)).toEqual([first._id, second._id]);
    expect(page1.body.pagination).toEqual({ page: 1, limit: 2, hasMore: true });
    expect(ids(page2)).toEqual([third._id]);
    expect(page2.body.pagination.hasMore).toBe(false);
  });

  it("within a distance, a host's free times move with their home", async () => {
    const west = await member({ gender: 'male', city: 'Vancouver' });
    const east = await member({ gender: 'male', city: 'Toronto' });
    const host = await member({ city: 'Vancouver' });
    const torontonian = await member({ city: 'Toronto' });
    const sooner = await created(torontonian, { date: '2027-03-01' });
    const near = await created(host, { date: '2027-03-02' });
    const moveTo = (city: string) =>
      t.call('PUT', '/users/profile', {
        token: host.token,
        body: {
          profile: {
            name: 'Host',
            bio: '',
            interests: [],
            location: { city, country: 'Canada', coordinates: null },
            preferences: { dateTypes: ['coffee'], genderPreferences: ['male'], ageRange: { min: 18, max: 80 }, distance: 100, accountTypes: ['individual'] },
          },
        },
      });
    const nearby = { startDate: '2027-03-01', endDate: '2027-03-31', maxDistance: 25 };
    // One slot asked for: the page is filled from the soonest slots, the Toronto one passed by.
    expect(ids(await browse(west, { ...nearby, limit: 1 }))).toEqual([near._id]);
    expect(ids(await browse(east, nearby))).toEqual([sooner._id]);

    expect((await moveTo('Toronto')).status).toBe(200);
    const later = await created(host, { date: '2027-03-03' });
    const last = await created(torontonian, { date: '2027-03-04' });
    expect(ids(await browse(west, nearby))).toEqual([]);
    expect(ids(await browse(east, nearby))).toEqual([sooner._id, near._id, later._id, last._id]);
    // Filled from the soonest slots, where the moved one is now in the box.
    expect(ids(await browse(east, { ...nearby, limit: 1, page: 2 }))).toEqual([near._id]);

    expect((await moveTo('Vancouver')).status).toBe(200);
    expect(ids(await browse(west, { ...nearby, limit: 1 }))).toEqual([near._id]);
    expect(ids(await browse(east, nearby))).toEqual([sooner._id, last._id]);
  });

  it('by date, finds the page behind more slots than its walk reads that the viewer may not see', async () => {
    const viewer = await member({ gender: 'male' });
    const hidden = await member({ preferences: { genderPreferences: ['female'] } });
    const visible = await member();
    // A year after the other tests' slots.
    const day = '2028-02-01';
    // Ten-minute slots from midnight, 100 more than the walk looks at, before any slot the viewer may see.
    const rows = Array.from({ length: slotWalkLength(21) + 100 }, (_, i) => {
      const minutes = (n: number) => `${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`;
      const date = addDays(day, Math.floor(i / 140));
      const times = { date, startTime: minutes((i % 140) * 10), endTime: minutes((i % 140) * 10 + 10), timeZone: 'America/Vancouver' };
      return { hostId: hidden.id, ...times, ...placeSlot(times), dateType: 'coffee' as const, venue: 'x', createdAt: t.clock.now() };
    });
    for (let i = 0; i < rows.length; i += 1000) await t.database.db.insert(availabilitySlots).values(rows.slice(i, i + 1000));
    const later = addDays(rows.at(-1)!.date, 1);
    const shown = [await created(visible, { date: later, startTime: '09:00', endTime: '10:00' }), await created(visible, { date: later, startTime: '11:00', endTime: '12:00' })];
    const span = { startDate: day, endDate: later };

    expect(ids(await browse(viewer, span))).toEqual(shown.map((slot) => slot._id));
    // A member the hidden host accepts sees the hidden slots first, the page filled from the walk.
    const woman = await member({ gender: 'female' });
    const page = await browse(woman, { ...span, limit: 3 });
    expect(page.body.slots.map((slot: { startsAt: string }) => slot.startsAt)).toEqual(rows.slice(0, 3).map((row) => row.startsAt.toISOString()));
    expect(page.body.pagination.hasMore).toBe(true);
    const last = await browse(woman, { ...span, limit: 50, page: rows.length / 50 + 1 });
    expect(ids(last)).toEqual(shown.map((slot) => slot._id));
  });

  it("tells, per slot, how the viewer's requests to the host bear on it; and the latest booking with the host beside it", async () => {
    const viewer = await member({ gender: 'male' });
    const host = await member();
    // Two seats, so the slot stays listed once the viewer's request on it is confirmed.
    const agreed = await created(host, { date: '2027-01-25', startTime: '09:00', endTime: '10:00', maxBookings: 2 });
    const asked = await created(host, { date: '2027-01-25', startTime: '12:00', endTime: '13:00' });
    const other = await created(host, { date: '2027-01-25', startTime: '15:00', endTime: '16:00' });
    const day = { startDate: '2027-01-25', endDate: '2027-01-25' };
    const states = async (who: TestMember) =>
      Object.fromEntries((await browse(who, day)).body.slots.map((slot: { _id: string; slotBooking: string | null }) => [slot._id, slot.slotBooking]));

    expect(await states(viewer)).toEqual({ [agreed._id]: null, [asked._id]: null, [other._id]: null });
    // A confirmed date with the host: that slot offers Message, the host's other slots stay bookable.
    await insertBooking(agreed._id, viewer, 'confirmed');
    expect(await states(viewer)).toEqual({ [agreed._id]: 'confirmed', [asked._id]: null, [other._id]: null });
    // A pending request: its slot reads Request Sent, and so do the host's others (one pending request per host).
    await insertBooking(asked._id, viewer, 'pending');
    expect(await states(viewer)).toEqual({ [agreed._id]: 'confirmed', [asked._id]: 'requested', [other._id]: 'pending_with_host' });
    // The member-level status (the latest booking with the host) stays beside it, unchanged.
    for (const slot of (await browse(viewer, day)).body.slots) expect(slot.bookingStatus).toMatchObject({ isInitiator: true });
    // Another member's requests are not theirs.
    const stranger = await member({ gender: 'male' });
    expect(await states(stranger)).toEqual({ [agreed._id]: null, [asked._id]: null, [other._id]: null });

    // The host sees the booking from the other side when browsing the guest's slots: member-level, and no request of theirs on them.
    const guestSlot = await created(viewer, { date: '2027-01-26' });
    const hostView = await browse(host, { startDate: '2027-01-26', endDate: '2027-01-26' });
    expect(hostView.body.slots.find((slot: { _id: string }) => slot._id === guestSlot._id)).toMatchObject({
      bookingStatus: { isInitiator: false },
      slotBooking: null,
    });
  });
});

describe('availability on browse cards and member pages', () => {
  it('a card carries the count and the next 3 bookable times; the member page all of them, earliest first', async () => {
    const tag = `tag${Math.random().toString(36).slice(2, 8)}`;
    const viewer = await member({ gender: 'male', interests: [tag], preferences: {} });
    const host = await member({ name: 'Carda', interests: [tag], preferences: {} });
    const idle = await member({ name: 'Idle', interests: [tag], preferences: {} });
    const fourth = await created(host, { date: '2027-02-04' });
    const first = await created(host, { date: '2027-02-01' });
    const third = await created(host, { date: '2027-02-03' });
    const second = await created(host, { date: '2027-02-02' });
    const full = await created(host, { date: '2027-01-31' });
    await insertBooking(full._id, await member({ gender: 'male' }), 'confirmed');

    const cards = await t.call('GET', `/users/browse?interests=${tag}`, { token: viewer.token });
    expect(cards.status).toBe(200);
    const card = cards.body.users.find((user: { _id: string }) => user._id === host.id);
    expect(card.availabilityCount).toBe(4);
    expect(card.availability.map((slot: { _id: string }) => slot._id)).toEqual([first._id, second._id, third._id]);
    const idleCard = cards.body.users.find((user: { _id: string }) => user._id === idle.id);
    expect(idleCard).toMatchObject({ availabilityCount: 0, availability: [] });

    const page = await t.call('GET', `/users/${host.id}`, { token: viewer.token });
    expect(page.body.user.availability.map((slot: { _id: string }) => slot._id)).toEqual([first._id, second._id, third._id, fourth._id]);
    expect(page.body.user.availability[0]).toMatchObject({ date: '2027-02-01', startTime: '10:00', timeZone: 'America/Vancouver', isBooked: false });
    // The card reads its times with the page (a json column), the member page on their own: the same bytes
    // (the page adds how each time stands for the viewer).
    const pageTimes = page.body.user.availability.map(({ slotBooking, ...slot }: { slotBooking: unknown }) => {
      expect(slotBooking).toBeNull();
      return slot;
    });
    expect(JSON.stringify(card.availability)).toBe(JSON.stringify(pageTimes.slice(0, 3)));
  });
});

// These move the clock: they come last.
describe('time passing', () => {
  it("a day is 'today' in the host's own zone", async () => {
    const vancouver = await member({ city: 'Vancouver' });
    const toronto = await member({ city: 'Toronto' });
    // 2026-11-24T05:30Z: 22:30 on the 23rd in Vancouver, already 00:30 on the 24th in Toronto.
    t.clock.advance(new Date('2026-11-24T05:30:00Z').getTime() - t.clock.now().getTime());
    expect((await create(vancouver, { date: '2026-11-23', startTime: '23:00', endTime: '24:00' })).status).toBe(201);
    const torontoAnswer = await create(toronto, { date: '2026-11-23', startTime: '23:00', endTime: '24:00' });
    expect(torontoAnswer.status).toBe(400);
    expect(torontoAnswer.body.fields).toEqual([{ field: 'date', message: 'Date cannot be in the past' }]);
  });

  it('a slot that has started is no longer bookable anywhere', async () => {
    const viewer = await member({ gender: 'male' });
    const host = await member();
    const soon = await created(host, { date: '2026-11-24', startTime: '08:00', endTime: '09:00' });
    const later = await created(host, { date: '2026-11-24', startTime: '12:00', endTime: '13:00' });
    const day = { startDate: '2026-11-24', endDate: '2026-11-24' };
    const before = await t.call('GET', `/availability/browse?startDate=${day.startDate}&endDate=${day.endDate}`, { token: viewer.token });
    expect(before.body.slots.map((slot: { _id: string }) => slot._id)).toContain(soon._id);
    // 08:30 in Vancouver.
    t.clock.advance(new Date('2026-11-24T15:30:00Z').getTime() - t.clock.now().getTime());
    const after = await t.call('GET', `/availability/browse?startDate=${day.startDate}&endDate=${day.endDate}`, { token: viewer.token });
    const shown = after.body.slots.map((slot: { _id: string }) => slot._id);
    expect(shown).not.toContain(soon._id);
    expect(shown).toContain(later._id);
    const page = await t.call('GET', `/users/${host.id}`, { token: viewer.token });
    expect(page.body.user.availability.map((slot: { _id: string }) => slot._id)).toEqual([later._id]);
    const passed = await create(host, { date: '2026-11-24', startTime: '08:15', endTime: '08:45' });
    expect(passed.status).toBe(400);
    expect(passed.body.error).toBe('Start time has already passed');
    expect(START.getTime()).toBeLessThan(t.clock.now().getTime() - HOUR);
  });
});
