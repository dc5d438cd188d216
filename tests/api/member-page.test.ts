import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('needs a session and a verified e-mail', async () => {
    expect((await t.call('GET', `/users/${members.open!.id}`)).status).toBe(401);
    const unverified = await open(members.open!.id, members.unverified!.token);
    expect(unverified.status).toBe(403);
    expect(unverified.body.error).toBe('Please verify your email address first');
  });
});
