import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDED_SESSIONS_KEPT_MS, pruneAuthRecords } from '#server/auth/auth.jobs.ts';
import { LIMITS } from '#server/auth/auth.service.ts';
import { MEMBER_CHANGES_CHANNEL } from '#server/auth/session-cache.ts';
import { sessions, users } from '#server/auth/auth.tables.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ adminEmails: ['boss@example.com'] });
});
afterAll(() => t.close());

describe('sign-in, sessions and sign-out', () => {
  it('signs in with the right password, whatever the case of the address', async () => {
    const member = await t.register();
    const answer = await t.call('POST', '/auth/login', { body: { email: member.email.toUpperCase(), password: member.password } });
    expect(answer.status).toBe(200);
    expect(answer.body.user._id).toBe(member.user._id);
    expect(answer.body.token).not.toBe(member.token);
  });

  it('refuses a wrong password and an unknown address with the same answer', async () => {
    const member = await t.register();
    const wrong = await t.call('POST', '/auth/login', { body: { email: member.email, password: 'not the password' } });
    const unknown = await t.call('POST', '/auth/login', { body: { email: 'nobody@example.com', password: 'whatever123' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('requires email and password', async () => {
    const answer = await t.call('POST', '/auth/login', { body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['email', 'password']);
  });

  it('rate limits sign-in per address with 429 and Retry-After, and lets it through after the window', async () => {
    const member = await t.register();
    for (let i = 0; i < LIMITS.loginPerEmail.max; i++) {
      const attempt = await t.call('POST', '/auth/login', { body: { email: member.email, password: 'wrong password' } });
      expect(attempt.status).toBe(401);
    }
    const blocked = await t.call('POST', '/auth/login', { body: { email: member.email, password: member.password } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.error).toMatch(/Too many attempts/);

    t.clock.advance(LIMITS.loginPerEmail.windowMs + 1000);
    const later = await t.call('POST', '/auth/login', { body: { email: member.email, password: member.password } });
    expect(later.status).toBe(200);
  });

  it('logout revokes only that session', async () => {
    const member = await t.register();
    const second = await t.call('POST', '/auth/login', { body: { email: member.email, password: member.password } });
    const out = await t.call('POST', '/auth/logout', { token: member.token });
    expect(out.status).toBe(200);
    expect((await t.call('GET', '/auth/me', { token: member.token })).status).toBe(401);
    expect((await t.call('GET', '/auth/me', { token: second.body.token })).status).toBe(200);
  });

  it('a revoked session stops working at once, even for a token in heavy use', async () => {
    const member = await t.register();
    const busy = await Promise.all(Array.from({ length: 20 }, () => t.call('GET', '/auth/me', { token: member.token })));
    expect(busy.every((answer) => answer.status === 200)).toBe(true);
    await t.call('POST', '/auth/logout', { token: member.token });
    const after = await Promise.all(Array.from({ length: 5 }, () => t.call('GET', '/auth/me', { token: member.token })));
    expect(after.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401]);
  });

  it('a session ended or a member banned outside the API (a script, another instance) stops being answered', async () => {
    const me = async (token: string) => (await t.call('GET', '/auth/me', { token })).status;
    const soon = { timeout: 5_000, interval: 20 };
    const ended = await t.register();
    const banned = await t.register();
    for (const member of [ended, banned]) for (let i = 0; i < 2; i++) expect(await me(member.token)).toBe(200);
    await t.database.db.update(sessions).set({ revokedAt: t.clock.now() }).where(eq(sessions.userId, ended.user._id));
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.user._id));
    // A change is checked against the database at once, whatever this instance has kept.
    expect((await t.call('POST', '/auth/logout', { token: ended.token })).status).toBe(401);
    expect((await t.call('POST', '/auth/logout', { token: banned.token })).status).toBe(403);
    // A read, as soon as the change's NOTIFY has reached this instance.
    await expect.poll(() => me(ended.token), soon).toBe(401);
    await expect.poll(() => me(banned.token), soon).toBe(403);
  });

  it('ending a live session tells the instances; the hourly prune of long-ended ones tells none', async () => {
    const heard: string[] = [];
    let sentinelHeard = () => {};
    const sentinel = () => new Promise<void>((resolve) => (sentinelHeard = resolve));
    const stop = await t.database.listen(MEMBER_CHANGES_CHANNEL, (payload) => (payload === 'sentinel' ? sentinelHeard() : heard.push(payload)));
    // Everything sent before the sentinel has been heard once it is (one channel, in commit order).
    const allHeard = async () => {
      const arrived = sentinel();
      await t.database.db.execute(sql`select pg_notify(${MEMBER_CHANGES_CHANNEL}, 'sentinel')`);
      await arrived;
    };
    try {
      const member = await t.register();
      const longAgo = new Date(t.clock.now().getTime() - ENDED_SESSIONS_KEPT_MS - 60_000);
      await t.database.db.update(sessions).set({ revokedAt: longAgo }).where(eq(sessions.userId, member.user._id));
      await allHeard();
      expect(heard).toEqual([member.user._id]);
      heard.length = 0;
      expect((await pruneAuthRecords(t.database.db, t.clock.now())).sessions).toBeGreaterThanOrEqual(1);
      await allHeard();
      expect(heard).toEqual([]);
    } finally {
      await stop();
    }
  });

  it('me answers from the record as it is now: a change shows on the very next call', async () => {
    const member = await t.register({ name: 'Before' });
    expect((await t.call('GET', '/auth/me', { token: member.token })).body.user.profile.name).toBe('Before');
    const profile = member.user.profile;
    const saved = await t.call('PUT', '/users/profile', {
      token: member.token,
      body: { profile: { name: 'After', bio: '', interests: [], location: profile.location, preferences: profile.preferences } },
    });
    expect(saved.status).toBe(200);
    expect((await t.call('GET', '/auth/me', { token: member.token })).body.user.profile.name).toBe('After');
  });

  it('sessions end after 30 days', async () => {
    const member = await t.register();
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await t.call('GET', '/auth/me', { token: member.token })).status).toBe(401);
  });

  it('ADMIN_EMAILS makes those accounts admins', async () => {
    const boss = await t.register({ email: 'Boss@Example.com' });
    expect(boss.user.isAdmin).toBe(true);
    const other = await t.register();
    expect(other.user.isAdmin).toBe(false);
  });
});
