import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkLength } from '#server/browse/distance-search.ts';
import { createMember, type TestMember } from '#tests/support/members.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// A crowd living where the viewer lives, nearer than anyone else: more of them than a nearest-first
// walk looks at (decision 90: the walk reads only the members within the page's age and score bounds).
let t: TestApp;
let viewer: TestMember;
const HOME: [number, number] = [-63.5752, 44.6488];
const CROWD = walkLength(21) + 100;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  viewer = await createMember(t, { name: 'Vera', city: 'Halifax', coordinates: HOME, age: 40, preferences: {} });
  const crowd = await createMember(t, { name: 'Crowd', city: 'Halifax', coordinates: HOME, age: 70 });
  // About 1.1, 2.2 and 3.3 km north of the viewer.
  for (const [name, age, north] of [['Ana', 30, 0.01], ['Bo', 45, 0.02], ['Cy', 66, 0.03]] as const) {
    ids[(await createMember(t, { name, city: 'Halifax', coordinates: [HOME[0], HOME[1] + north], age, preferences: {} })).id] = name;
  }
  // Copies of the crowd's member (no preferences saved), each with its own id, e-mail and referral code.
  await t.database.db.execute(sql`insert into users
    select (jsonb_populate_record(null::users, to_jsonb(u) || jsonb_build_object(
      'id', gen_random_uuid(), 'email', 'crowd-' || n || '@walk.test', 'referral_code', 'WALK' || n))).*
    from users u, generate_series(1, ${CROWD}) n where u.id = ${crowd.id}`);
}, 60_000);
afterAll(() => t.close());

async function names(query: string): Promise<string[]> {
  const answer = await t.call('GET', `/users/browse?${query}`, { token: viewer.token });
  expect(answer.status).toBe(200);
  return answer.body.users.map((user: { _id: string; profile: { name: string } }) => ids[user._id] ?? user.profile.name);
}

describe('a nearest-first page behind a crowd nearer than its members', () => {
  it('members outside the age bounds are passed over, however many live nearer', async () => {
    expect(await names('minAge=25&maxAge=50')).toEqual(['Ana', 'Bo']);
    expect(await names('minAge=25&maxAge=50&maxDistance=25')).toEqual(['Ana', 'Bo']);
    expect(await names('minAge=25&maxAge=50&limit=1&page=2')).toEqual(['Bo']);
    expect(await names('minAge=60&limit=3')).toEqual(['Crowd', 'Crowd', 'Crowd']);
  });

  it('when more members within the bounds than the walk reads are hidden from the viewer, the page is read from the whole circle', async () => {
    // The crowd's age now falls within the bounds, but its saved age range leaves the viewer (40) out.
    await t.database.db.execute(sql`update users set age = 35, pref_age_min = 18, pref_age_max = 30 where name = 'Crowd'`);
    expect(await names('minAge=25&maxAge=50')).toEqual(['Ana', 'Bo']);
    expect(await names('minAge=25&maxAge=50&maxDistance=25')).toEqual(['Ana', 'Bo']);
    expect(await names('minAge=25&maxAge=50&limit=1&page=2')).toEqual(['Bo']);
    expect(await names('maxDistance=25')).toEqual(['Ana', 'Bo', 'Cy']);
  });
});
