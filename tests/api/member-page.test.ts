import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilitySlots } from '#server/availability/availability.tables.ts';
import { bookings } from '#server/bookings/bookings.tables.ts';
import { distanceKm } from '#server/geo/geo.service.ts';
import { createMember, OPEN_PREFERENCES, updateMember, type TestMember } from '#tests/support/members.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
let viewer: TestMember;
let members: Record<string, TestMember>;

beforeAll(async () => {
  t = await startTestApp();
  viewer = await createMember(t, { name: 'Victor', city: 'Vancouver', age: 35, gender: 'male', interests: ['Hiking', 'wine tasting'], preferences: {} });
  members = {
    open: await createMember(t, { name: 'Alice', city: 'Burnaby', age: 28 }),
    withPreferences: await createMember(t, { name: 'Bea', city: 'Victoria', interests: ['HIKING', 'Travel'], preferences: { dateTypes: ['coffee', 'drinks'] } }),
    couple: await createMember(t, { name: 'Dana', city: 'Surrey', couple: { partnerName: 'Eli', partnerAge: 34, partnerGender: 'male' } }),
    unverified: await createMember(t, { name: 'Una', city: 'Vancouver', verified: false }),
    banned: await createMember(t, { name: 'Bo', city: 'Vancouver' }),
    suspended: await createMember(t, { name: 'Sue', city: 'Vancouver' }),
    womenOnly: await createMember(t, { name: 'Wren', city: 'Vancouver', preferences: { genderPreferences: ['female'] } }),
    young: await createMember(t, { name: 'Yara', city: 'Vancouver', preferences: { ageRange: { min: 18, max: 30 } } }),
    couplesOnly: await createMember(t, { name: 'Cleo', city: 'Vancouver', preferences: { accountTypes: ['couple'] } }),
    near: await createMember(t, { name: 'Nell', city: 'Victoria', preferences: { distance: 50 } }),
  };
  await updateMember(t, members.banned!.id, { isBanned: true });
  await updateMember(t, members.suspended!.id, { accountStatus: 'suspended' });
}, 120_000);
afterAll(() => t.close());

const open = (id: string, token = viewer.token) => t.call('GET', `/users/${encodeURIComponent(id)}`, { token });

describe('GET /api/users/:id', () => {
  it('shows a member with availability, booking status, date activity, distance and mutual interests', async () => {
    const answer = await open(members.withPreferences!.id);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({
      _id: members.withPreferences!.id,
      accountType: 'individual',
      profile: { name: 'Bea', age: 30, gender: 'female', interests: ['HIKING', 'Travel'], photos: [], location: { city: 'Victoria', country: 'Canada' } },
      coupleInfo: null,
      reliabilityScore: { current: 675, stats: { totalDates: 0, onTimeRate: null, noShows: 0 } },
      preferences: { ...OPEN_PREFERENCES, dateTypes: ['coffee', 'drinks'] },
      bookingStatus: null,
      availability: [],
      recentDateActivity: { thisMonth: 0, lastConfirmedDate: null, feedback: [] },
      mutualInterests: ['HIKING'],
    });
    const expected = distanceKm(viewer.coordinates, members.withPreferences!.coordinates);
    expect(Math.abs(answer.body.user.distance - expected)).toBeLessThanOrEqual(0.1);
    expect(answer.body.user.distance).toBeGreaterThan(85);
    expect(answer.body.user.distance).toBeLessThan(105);
  });

  it('shows preferences as null when the member saved none, and couple information for couples', async () => {
    const alice = await open(members.open!.id);
    expect(alice.status).toBe(200);
    expect(alice.body.user.preferences).toBeNull();
    expect(alice.body.user.mutualInterests).toEqual([]);
    expect(alice.body.user.distance).toBeGreaterThan(8);
    expect(alice.body.user.distance).toBeLessThan(15);
    const dana = await open(members.couple!.id);
    expect(dana.body.user.coupleInfo).toEqual({ partnerName: 'Eli', partnerAge: 34, partnerGender: 'male', relationshipType: 'dating' });
  });

  it('never shows the e-mail, coordinates or settings', async () => {
    const answer = await open(members.withPreferences!.id);
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain(members.withPreferences!.email);
    for (const field of ['email', 'coordinates', 'notificationSettings', 'passwordHash', 'longitude', 'referralCode', 'moderation']) {
      expect(text).not.toContain(`"${field}"`);
    }
  });

  it('a member may open their own page', async () => {
    const answer = await open(viewer.id);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ _id: viewer.id, distance: 0, mutualInterests: ['Hiking', 'wine tasting'] });
    expect(answer.body.user.preferences).toEqual(OPEN_PREFERENCES);
    expect(JSON.stringify(answer.body)).not.toContain(viewer.email);
  });

  it.each([
    ['an unknown id', () => '00000000-0000-4000-8000-000000000000'],
    ['an id that is not a uuid', () => 'not-a-uuid'],
    ['an id made to break a query', () => "1' or '1'='1"],
    ['a banned member', () => members.banned!.id],
    ['an unverified member', () => members.unverified!.id],
    ['a suspended member', () => members.suspended!.id],
    ['a member whose gender preferences leave the viewer out', () => members.womenOnly!.id],
    ['a member whose age range leaves the viewer out', () => members.young!.id],
    ['a member who wants couples only', () => members.couplesOnly!.id],
    ['a member farther away than their distance preference', () => members.near!.id],
  ])('answers 404 Profile not found for %s', async (_label, idOf) => {
    const answer = await open(idOf());
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: 'Profile not found' });
  });

  it('the same pages open for whom the preferences allow', async () => {
    const couple = await createMember(t, { name: 'Cam', city: 'Vancouver', age: 35, gender: 'male', couple: { partnerName: 'Kai', partnerAge: 33, partnerGender: 'female' } });
    expect((await open(members.couplesOnly!.id, couple.token)).status).toBe(200);
    const nonBinary = await createMember(t, { name: 'Nico', city: 'Vancouver', age: 29, gender: 'non-binary' });
    expect((await open(members.womenOnly!.id, nonBinary.token)).status).toBe(200);
    expect((await open(members.young!.id, nonBinary.token)).status).toBe(200);
  });

  it("tells, per available time, how the viewer's requests to the member bear on it", async () => {
    const host = await createMember(t, { name: 'Hana', city: 'Vancouver', age: 31 });
    const slotAt = async (startTime: string, endTime: string, maxBookings = 1) => {
      const answer = await t.call('POST', '/availability/create', {
        token: host.token,
        body: { date: '2027-02-03', startTime, endTime, dateType: 'coffee', venue: 'Revolver', maxBookings, notes: '' },
      });
      expect(answer.status).toBe(201);
      return answer.body.slot._id as string;
    };
    // Two seats: the slot stays an available time once the viewer's request on it is confirmed.
    const agreed = await slotAt('09:00', '10:00', 2);
    const asked = await slotAt('12:00', '13:00');
    const other = await slotAt('15:00', '16:00');
    const request = async (slotId: string, status: 'pending' | 'confirmed') => {
      const [slot] = await t.database.db.select().from(availabilitySlots).where(eq(availabilitySlots.id, slotId));
      await t.database.db.insert(bookings).values({
        slotId,
        hostId: host.id,
        guestId: viewer.id,
        status,
        startsAt: slot!.startsAt,
        endsAt: slot!.endsAt,
        requestMessage: 'Coffee?',
        proposedVenue: { name: slot!.venue, address: '', type: '', priceRange: '$$' },
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      });
      if (status === 'confirmed') await t.database.db.update(availabilitySlots).set({ confirmedCount: 1 }).where(eq(availabilitySlots.id, slotId));
    };
    const states = async (token = viewer.token) =>
      Object.fromEntries((await open(host.id, token)).body.user.availability.map((slot: { _id: string; slotBooking: string | null }) => [slot._id, slot.slotBooking]));

    expect(await states()).toEqual({ [agreed]: null, [asked]: null, [other]: null });
    // A confirmed date: Message on its slot, the member's other times stay bookable.
    await request(agreed, 'confirmed');
    expect(await states()).toEqual({ [agreed]: 'confirmed', [asked]: null, [other]: null });
    // A pending request: Request Sent on its slot and on the others (one pending request per host).
    await request(asked, 'pending');
    expect(await states()).toEqual({ [agreed]: 'confirmed', [asked]: 'requested', [other]: 'pending_with_host' });
    // Someone else's page view knows nothing of them.
    expect(await states(members.open!.token)).toEqual({ [agreed]: null, [asked]: null, [other]: null });
  });

  it('needs a session and a verified e-mail', async () => {
    expect((await t.call('GET', `/users/${members.open!.id}`)).status).toBe(401);
    const unverified = await open(members.open!.id, members.unverified!.token);
    expect(unverified.status).toBe(403);
    expect(unverified.body.error).toBe('Please verify your email address first');
  });
});
