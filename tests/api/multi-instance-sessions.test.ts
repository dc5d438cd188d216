import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '#server/auth/auth.tables.ts';
import { MEMBER_CHANGES_CHANNEL } from '#server/auth/session-cache.ts';
import { rowsOf } from '#server/platform/db/rows.ts';
import { createMember } from '#tests/support/members.ts';
import { startAnotherInstance, startTestApp, type TestApp } from '#tests/support/test-app.ts';

/**
 * Each instance answers the sessions it read lately from memory (decision 91): a change made
 * through another instance, or straight in the database, must still end them on this one, as soon
 * as its NOTIFY arrives (well before the cache's own 30 s).
 */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await startTestApp();
  b = await startAnotherInstance(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const meOn = async (instance: TestApp, token: string) => (await instance.call('GET', '/auth/me', { token })).status;
const soon = { timeout: 5_000, interval: 20 };

describe('sessions kept by an instance end with changes made elsewhere', () => {
  it('signing out on one instance ends the session on the other', async () => {
    const member = await a.register();
    expect(await meOn(b, member.token)).toBe(200);
    expect(await meOn(b, member.token)).toBe(200);
    expect((await a.call('POST', '/auth/logout', { token: member.token })).status).toBe(200);
    await expect.poll(() => meOn(b, member.token), soon).toBe(401);
  });

  it('a ban written straight in the database (a script, an administrator) refuses the member everywhere', async () => {
    const member = await a.register();
    expect(await meOn(a, member.token)).toBe(200);
    expect(await meOn(b, member.token)).toBe(200);
    await a.database.db.update(users).set({ isBanned: true }).where(eq(users.id, member.user._id));
    await expect.poll(() => meOn(a, member.token), soon).toBe(403);
    await expect.poll(() => meOn(b, member.token), soon).toBe(403);
  });

  it('a change made while an instance’s listener is cut off is not missed: what it kept goes when it reconnects', async () => {
    const member = await a.register();
    expect(await meOn(b, member.token)).toBe(200);
    expect(await meOn(b, member.token)).toBe(200);
    const listeners = async (since: Date) =>
      rowsOf<{ n: number }>(
        await a.database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query = ${`LISTEN ${MEMBER_CHANGES_CHANNEL}`}
            and backend_start > ${since.toISOString()}::timestamptz`,
        ),
      )[0]!.n;
    const cut = new Date();
    // Both instances' listeners, in this test's database only (the database would have restarted, or the network dropped).
    await a.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = ${`LISTEN ${MEMBER_CHANGES_CHANNEL}`}`);
    // The sign-out's NOTIFY reaches nobody now.
    await a.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, member.user._id));
    await expect.poll(() => listeners(cut), soon).toBe(2);
    expect(await meOn(b, member.token)).toBe(401);
  });

  it('a move written straight in the database shows in the other instance’s next browse (what browse kept of the viewer goes)', async () => {
    const viewer = await createMember(a, { name: 'Vic', city: 'Halifax' });
    const originOn = async (instance: TestApp) => (await instance.call('GET', '/users/browse?maxDistance=25', { token: viewer.token })).body.origin;
    expect(await originOn(b)).toEqual({ city: 'Halifax', country: 'Canada' });
    expect(await originOn(b)).toEqual({ city: 'Halifax', country: 'Canada' });
    await a.database.db.update(users).set({ city: 'Toronto', longitude: -79.38, latitude: 43.65 }).where(eq(users.id, viewer.id));
    await expect.poll(() => originOn(b), soon).toEqual({ city: 'Toronto', country: 'Canada' });
  });

  it('another member’s change leaves a session kept', async () => {
    const [ann, ben] = [await a.register(), await a.register()];
    expect(await meOn(b, ann.token)).toBe(200);
    await a.call('POST', '/auth/logout', { token: ben.token });
    await expect.poll(() => meOn(b, ben.token), soon).toBe(401);
    expect(await meOn(b, ann.token)).toBe(200);
  });
});
