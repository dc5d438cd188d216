import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreEvents } from '#server/score/score.tables.ts';
import { DEFAULT_NOTIFICATION_SETTINGS, DEFAULT_PREFERENCES } from '#shared/domain/profile.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const preferences = {
  dateTypes: ['coffee', 'drinks'],
  genderPreferences: ['male', 'couple'],
  ageRange: { min: 25, max: 45 },
  distance: 40,
  accountTypes: ['individual', 'couple'],
};

function update(overrides: Record<string, unknown> = {}) {
  return {
    profile: {
      name: 'Robin Park',
      bio: 'Coffee first, then a long walk.',
      interests: ['Hiking', ' coffee ', 'hiking'],
      location: { city: 'Victoria', country: 'Canada', coordinates: null },
      preferences,
      ...overrides,
    },
  };
}

const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field);

describe('PUT /api/users/profile', () => {
  it('saves name, bio, interests, location (through the gazetteer) and preferences, and /auth/me shows them', async () => {
    const member = await t.verifiedMember({ gender: 'female', age: 33 });
    const answer = await t.call('PUT', '/users/profile', { token: member.token, body: update() });
    expect(answer.status).toBe(200);
    expect(answer.body.profile).toMatchObject({
      name: 'Robin Park',
      bio: 'Coffee first, then a long walk.',
      interests: ['Hiking', 'coffee'],
      location: { city: 'Victoria', country: 'Canada' },
      preferences,
      age: 33,
      gender: 'female',
    });
    const [lon, lat] = answer.body.profile.location.coordinates;
    expect(lat).toBeCloseTo(48.4, 0);
    expect(lon).toBeCloseTo(-123.4, 0);
    const me = await t.call('GET', '/auth/me', { token: member.token });
    expect(me.body.user.profile).toEqual(answer.body.profile);
  });

  it('shows the spec defaults while a member has saved no preferences', async () => {
    const member = await t.register();
    const me = await t.call('GET', '/auth/me', { token: member.token });
    expect(me.body.user.profile.preferences).toEqual(DEFAULT_PREFERENCES);
    expect(me.body.user.notificationSettings).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it('works before the e-mail is verified (the profile screen is open to unverified members)', async () => {
    const member = await t.register();
    expect((await t.call('PUT', '/users/profile', { token: member.token, body: update() })).status).toBe(200);
  });

  it.each([
    ['a name over 100 characters', { name: 'x'.repeat(101) }, 'profile.name'],
    ['a blank name', { name: '   ' }, 'profile.name'],
    ['a bio over 500 characters', { bio: 'x'.repeat(501) }, 'profile.bio'],
    ['an unknown city', { location: { city: 'Qwxzyville', country: 'Canada', coordinates: null } }, 'profile.location.city'],
    ['an age range upside down', { preferences: { ...preferences, ageRange: { min: 50, max: 30 } } }, 'profile.preferences.ageRange.max'],
    ['a distance off the slider', { preferences: { ...preferences, distance: 500 } }, 'profile.preferences.distance'],
    ['an unknown date type', { preferences: { ...preferences, dateTypes: ['brunch'] } }, 'profile.preferences.dateTypes.0'],
    ['a blank interest', { interests: ['  '] }, 'profile.interests.0'],
  ])('refuses %s with the field at fault, changing nothing', async (_label, override, field) => {
    const member = await t.verifiedMember({ name: 'Unchanged' });
    const answer = await t.call('PUT', '/users/profile', { token: member.token, body: update(override) });
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer.body)).toContain(field);
    const me = await t.call('GET', '/auth/me', { token: member.token });
    expect(me.body.user.profile.name).toBe('Unchanged');
  });

  it.each([
    ['age', { age: 21 }, 'profile.age', 'Age cannot be changed'],
    ['gender', { gender: 'male' }, 'profile.gender', 'Gender cannot be changed'],
  ])('never changes %s', async (_label, override, field, message) => {
    const member = await t.verifiedMember({ age: 40, gender: 'female' });
    const answer = await t.call('PUT', '/users/profile', { token: member.token, body: update(override) });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toContainEqual({ field, message });
    const me = await t.call('GET', '/auth/me', { token: member.token });
    expect(me.body.user.profile).toMatchObject({ age: 40, gender: 'female' });
  });

  it('never changes the account type', async () => {
    const member = await t.verifiedMember();
    const answer = await t.call('PUT', '/users/profile', { token: member.token, body: { ...update(), accountType: 'couple' } });
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer.body)).toContain('accountType');
  });

  it('needs a session', async () => {
    expect((await t.call('PUT', '/users/profile', { body: update() })).status).toBe(401);
  });
});

describe('PUT /api/users/notification-settings', () => {
  it('keeps the settings on the server', async () => {
    const member = await t.verifiedMember();
    const settings = {
      email: { ...DEFAULT_NOTIFICATION_SETTINGS.email, nudgeReceived: false, profileViewed: true },
      push: { ...DEFAULT_NOTIFICATION_SETTINGS.push, messages: false },
    };
    const answer = await t.call('PUT', '/users/notification-settings', { token: member.token, body: settings });
    expect(answer.status).toBe(200);
    expect(answer.body.notificationSettings).toEqual(settings);
    expect((await t.call('GET', '/auth/me', { token: member.token })).body.user.notificationSettings).toEqual(settings);
  });

  it('refuses a partial or malformed set', async () => {
    const member = await t.verifiedMember();
    const answer = await t.call('PUT', '/users/notification-settings', {
      token: member.token,
      body: { email: { ...DEFAULT_NOTIFICATION_SETTINGS.email, newBooking: 'yes' }, push: DEFAULT_NOTIFICATION_SETTINGS.push },
    });
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer.body)).toContain('email.newBooking');
  });
});

describe('the score ledger', () => {
  it('grants +25 for verifying the e-mail, once, and the score is derived from the ledger', async () => {
    const member = await t.register();
    expect(member.user.reliabilityScore.current).toBe(650);
    const token = await t.mailedToken(member.email, 'Confirm');
    const verified = await t.call('POST', '/auth/verify-email', { body: { token } });
    expect(verified.status).toBe(200);
    expect((await t.call('GET', '/auth/me', { token: member.token })).body.user.reliabilityScore.current).toBe(675);

    const entries = await t.database.db.select().from(scoreEvents).where(eq(scoreEvents.userId, member.user._id));
    expect(entries).toEqual([
      expect.objectContaining({ category: 'Profile Enhancement', points: 25, description: 'Email verified', onceKey: 'email-verification' }),
    ]);
  });
});
