import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '#tests/support/members.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Browse keeps each card between reads (decision 85). Two sessions of a real PostgreSQL: a change
// not yet committed while a page is read and its cards kept.
let t: TestApp;
let viewer: TestMember;
let member: TestMember;
beforeAll(async () => {
  t = await startTestApp();
  viewer = await createMember(t, { name: 'Vera', city: 'Vancouver', preferences: {} });
  member = await createMember(t, { name: 'Mina', city: 'Vancouver', preferences: {} });
});
afterAll(() => t.close());

async function bioOnCard(): Promise<string> {
  const answer = await t.call('GET', '/users/browse?maxDistance=25', { token: viewer.token });
  expect(answer.status).toBe(200);
  return answer.body.users.find((card: { _id: string }) => card._id === member.id).profile.bio;
}

describe('a kept browse card', () => {
  it('never hides a change that committed after the page that kept it was read', async () => {
    const before = await bioOnCard();
    const edit = new pg.Client({ connectionString: t.database.url });
    await edit.connect();
    try {
      await edit.query('begin');
      await edit.query(`update users set bio = 'Written while a page was read.' where id = $1`, [member.id]);
      // The page cannot see the edit: it writes (and keeps) the card as it was.
      await t.database.db.execute(sql`delete from browse_cards`);
      expect(await bioOnCard()).toBe(before);
      const { rows } = await edit.query(`select count(*)::int as n from browse_cards where member_id = $1`, [member.id]);
      expect(rows[0].n).toBe(1);
      await edit.query('commit');
      expect(await bioOnCard()).toBe('Written while a page was read.');
    } finally {
      await edit.end();
    }
  });
});
