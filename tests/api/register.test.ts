import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field).sort();

describe('POST /api/auth/register', () => {
  it('creates an individual account, signs it in and asks for e-mail verification', async () => {
    const payload = t.registration({ email: 'Ann.Smith@Example.COM' });
    const answer = await t.call('POST', '/auth/register', { body: payload });
    expect(answer.status).toBe(201);
    expect(answer.body.verificationRequired).toBe(true);
    expect(answer.body.token).toMatch(/^[\w-]{40,}$/);
    expect(answer.body.user).toMatchObject({
      email: 'ann.smith@example.com',
      isEmailVerified: false,
      isAdmin: false,
      accountType: 'individual',
      accountStatus: 'active',
      reliabilityScore: { current: 650 },
      profile: { name: payload.name, age: 30, gender: 'female', location: { city: 'Vancouver', country: 'Canada' } },
    });
    const me = await t.call('GET', '/auth/me', { token: answer.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user._id).toBe(answer.body.user._id);
  });

  it('resolves a typed city through the gazetteer to city, country and coordinates', async () => {
    const { user } = await t.register({ location: { city: 'toronto', country: 'canada', coordinates: null } });
    expect(user.profile.location.city).toBe('Toronto');
    expect(user.profile.location.country).toBe('Canada');
    const [lon, lat] = user.profile.location.coordinates;
    expect(lat).toBeCloseTo(43.7, 0);
    expect(lon).toBeCloseTo(-79.4, 0);
  });

  it('resolves device coordinates to the nearest city and keeps them to about a kilometre', async () => {
    const { user } = await t.register({ location: { city: 'somewhere', country: '', coordinates: [-123.1207, 49.2827] } });
    expect(user.profile.location.city).toBe('Vancouver');
    expect(user.profile.location.coordinates).toEqual([-123.12, 49.28]);
  });

  it('refuses a city the gazetteer does not know, on location.city', async () => {
    const answer = await t.call('POST', '/auth/register', { body: t.registration({ location: { city: 'Qwxzyville', country: 'Canada' } }) });
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer.body)).toEqual(['location.city']);
  });

  it('asks for a location with the spec text', async () => {
    const answer = await t.call('POST', '/auth/register', { body: t.registration({ location: { city: '   ' } }) });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toContainEqual({ field: 'location.city', message: 'Please set your location to continue' });
  });

  it.each([
    ['age under 18', { age: 17 }, 'age'],
    ['age over 100', { age: 101 }, 'age'],
    ['short password', { password: 'seven77' }, 'password'],
    ['bad email', { email: 'not-an-email' }, 'email'],
    ['blank name', { name: '  ' }, 'name'],
    ['unknown gender', { gender: 'robot' }, 'gender'],
  ])('refuses %s with the field at fault', async (_label, override, field) => {
    const answer = await t.call('POST', '/auth/register', { body: t.registration(override) });
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer.body)).toEqual([field]);
  });

  it('requires the partner fields for couples', async () => {
    const answer = await t.call('POST', '/auth/register', { body: t.registration({ accountType: 'couple' }) });
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer.body)).toEqual(['partnerAge', 'partnerGender', 'partnerName', 'relationshipType']);

    const young = await t.call('POST', '/auth/register', {
      body: t.registration({ accountType: 'couple', partnerName: 'Sam', partnerAge: 16, partnerGender: 'male', relationshipType: 'married' }),
    });
    expect(fieldsOf(young.body)).toEqual(['partnerAge']);
  });

  it('creates a couple account with its partner', async () => {
    const { user } = await t.register({ accountType: 'couple', partnerName: 'Sam', partnerAge: 34, partnerGender: 'male', relationshipType: 'engaged' });
    expect(user.accountType).toBe('couple');
    expect(user.coupleInfo).toEqual({ partnerName: 'Sam', partnerAge: 34, partnerGender: 'male', relationshipType: 'engaged' });
  });

  it('refuses a second account for the same address, whatever its case', async () => {
    const first = await t.register();
    const again = await t.call('POST', '/auth/register', { body: t.registration({ email: first.email.toUpperCase() }) });
    expect(again.status).toBe(409);
    expect(again.body.fields).toEqual([{ field: 'email', message: 'An account with this email already exists' }]);
  });

  it('creates exactly one account when the same address registers twice at once', async () => {
    const payload = t.registration();
    const answers = await Promise.all([1, 2, 3].map(() => t.call('POST', '/auth/register', { body: payload })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });

  it('records the referrer from a referral code', async () => {
    const referrer = await t.register();
    const answer = await t.call('POST', '/auth/register', { body: t.registration({ referralCode: referrer.user.referralCode }) });
    expect(answer.status).toBe(201);
  });

  it('never sends a password or its hash back', async () => {
    const payload = t.registration();
    const answer = await t.call('POST', '/auth/register', { body: payload });
    const login = await t.call('POST', '/auth/login', { body: { email: payload.email, password: payload.password } });
    const me = await t.call('GET', '/auth/me', { token: answer.body.token });
    for (const body of [answer.body, login.body, me.body]) {
      const text = JSON.stringify(body);
      expect(text).not.toContain(payload.password);
      expect(text).not.toMatch(/scrypt\$|passwordHash|password_hash/);
    }
  });

  it('mails a verification link built on PUBLIC_URL', async () => {
    const member = await t.register();
    const mail = await t.sink.waitFor((m) => m.to.includes(member.email));
    expect(mail.subject).toBe('Confirm your e-mail for Rendezvous');
    expect(mail.text).toMatch(/http:\/\/rendezvous\.test\/verify-email\?token=[\w-]+/);
    expect(mail.text).toContain(`Hi ${member.user.profile.name},`);
  });
});
