import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowseCardSchema } from '#shared/api/browse.ts';
import { createMember, OPEN_PREFERENCES, updateMember, type TestMember } from '#tests/support/members.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Every browse is read fresh: a change shows in the very next one, and one viewer's exclusions never reach another.
let t: TestApp;
let viewer: TestMember;
let other: TestMember;
let ines: TestMember;

beforeAll(async () => {
  t = await startTestApp();
  viewer = await createMember(t, { name: 'Vera', city: 'Halifax', gender: 'female', age: 40, preferences: {} });
  other = await createMember(t, { name: 'Omar', city: 'Halifax', gender: 'male', age: 25, preferences: {} });
  ines = await createMember(t, { name: 'Ines', city: 'Halifax', preferences: {} });
}, 60_000);
afterAll(() => t.close());

async function names(member: TestMember, query = 'maxDistance=25'): Promise<string[]> {
  const answer = await t.call('GET', `/users/browse?${query}`, { token: member.token });
  expect(answer.status).toBe(200);
  return answer.body.users.map((user: { profile: { name: string } }) => user.profile.name).sort();
}

async function savePreferences(member: TestMember, name: string, preferences: Partial<typeof OPEN_PREFERENCES>) {
  const location = { city: 'Halifax', country: 'Canada', coordinates: null };
  const saved = await t.call('PUT', '/users/profile', {
    token: member.token,
    body: { profile: { name, bio: '', interests: [], location, preferences: { ...OPEN_PREFERENCES, ...preferences } } },
  });
  expect(saved.status).toBe(200);
}

describe('browse shows every change at once', () => {
  it('a preference saved that leaves the viewer out shows in the next browse, and so does taking it back', async () => {
    expect(await names(viewer)).toContain('Ines');
    await savePreferences(ines, 'Ines', { ageRange: { min: 18, max: 30 } });
    expect(await names(viewer)).not.toContain('Ines');
    await savePreferences(ines, 'Ines', {});
    expect(await names(viewer)).toContain('Ines');
  });

  it('one viewer never gets the exclusions of another asking the same question', async () => {
    await savePreferences(ines, 'Ines', { ageRange: { min: 18, max: 30 } });
    for (let round = 0; round < 3; round += 1) {
      const [forVera, forOmar] = await Promise.all([names(viewer), names(other)]);
      expect(forVera).not.toContain('Ines');
      expect(forOmar).toContain('Ines');
    }
    await savePreferences(ines, 'Ines', {});
  });

  it('a card carries exactly the card fields: nothing else about a member leaves the server', async () => {
    const again = await t.call('GET', '/users/browse?maxDistance=25', { token: viewer.token });
    expect(again.body.users.length).toBeGreaterThan(0);
    const cardFields = Object.keys(BrowseCardSchema.shape).sort();
    for (const card of again.body.users) expect(Object.keys(card).sort()).toEqual(cardFields);
    const text = JSON.stringify(again.body);
    for (const member of [other, ines]) expect(text).not.toContain(member.email);
    for (const field of ['email', 'passwordHash', 'password_hash', 'longitude', 'notificationSettings']) expect(text).not.toContain(`"${field}"`);
  });

  it('a card carries its own member\'s photos, oldest first, and a new photo shows in the next browse', async () => {
    const jpeg = async (name: string, background: string) => ({
      name,
      bytes: await sharp({ create: { width: 320, height: 240, channels: 3, background } }).jpeg().toBuffer(),
      type: 'image/jpeg',
    });
    const cards = async () => (await t.call('GET', '/users/browse?maxDistance=25', { token: viewer.token })).body.users;
    const ownPhotos = async (member: TestMember) => (await t.call('GET', '/auth/me', { token: member.token })).body.user.profile.photos;
    expect((await cards()).every((card: { profile: { photos: unknown[] } }) => card.profile.photos.length === 0)).toBe(true);
    expect((await t.upload(ines.token, [await jpeg('a.jpg', '#c0392b'), await jpeg('b.jpg', '#2980b9')])).status).toBe(201);
    expect((await t.upload(other.token, [await jpeg('c.jpg', '#27ae60')])).status).toBe(201);
    const shown = await cards();
    const photosOf = (member: TestMember) => shown.find((card: { _id: string }) => card._id === member.id).profile.photos;
    expect(photosOf(ines)).toHaveLength(2);
    expect(photosOf(ines)).toEqual(await ownPhotos(ines));
    expect(photosOf(other)).toHaveLength(1);
    expect(photosOf(other)).toEqual(await ownPhotos(other));
  });

  it('a new member shows in the next browse once verified', async () => {
    expect(await names(viewer)).not.toContain('Nina');
    await createMember(t, { name: 'Nina', city: 'Halifax' });
    expect(await names(viewer)).toContain('Nina');
  });

  it('the viewer’s own move and new interests show in their very next browse: the origin, who is near, what they share', async () => {
    const mover = await createMember(t, { name: 'Mara', city: 'Halifax', interests: ['Sailing'], preferences: {} });
    await createMember(t, { name: 'Sami', city: 'Halifax', interests: ['Chess', 'sailing'], preferences: {} });
    const browseAs = async () => {
      const answer = await t.call('GET', '/users/browse?maxDistance=25', { token: mover.token });
      expect(answer.status).toBe(200);
      const sami = answer.body.users.find((user: { profile: { name: string } }) => user.profile.name === 'Sami');
      return { origin: answer.body.origin, shared: sami?.mutualInterests ?? null };
    };
    const move = async (city: string, interests: string[]) => {
      const location = { city, country: 'Canada', coordinates: null };
      const saved = await t.call('PUT', '/users/profile', {
        token: mover.token,
        body: { profile: { name: 'Mara', bio: '', interests, location, preferences: OPEN_PREFERENCES } },
      });
      expect(saved.status).toBe(200);
    };
    expect(await browseAs()).toEqual({ origin: { city: 'Halifax', country: 'Canada' }, shared: ['sailing'] });
    expect(await browseAs()).toEqual({ origin: { city: 'Halifax', country: 'Canada' }, shared: ['sailing'] });
    await move('Toronto', ['chess']);
    expect(await browseAs()).toEqual({ origin: { city: 'Toronto', country: 'Canada' }, shared: null });
    await move('Halifax', ['chess']);
    expect(await browseAs()).toEqual({ origin: { city: 'Halifax', country: 'Canada' }, shared: ['Chess'] });
  });

  it('a ban or a lost verification made outside this server (the database directly) shows in the next browse', async () => {
    expect(await names(viewer)).toContain('Ines');
    expect(await names(viewer)).toContain('Omar');
    await updateMember(t, ines.id, { isBanned: true });
    await updateMember(t, other.id, { emailVerifiedAt: null });
    const seen = await names(viewer);
    expect(seen).not.toContain('Ines');
    expect(seen).not.toContain('Omar');
  });
});
