import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserById } from '#server/auth/auth.service.ts';
import { pageQuery } from '#server/browse/browse.repo.ts';
import { viewerOf } from '#server/browse/browse.service.ts';
import { distanceKm } from '#server/geo/geo.service.ts';
import { createMember, updateMember, type MemberSpec, type TestMember } from '#tests/support/members.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
const m: Record<string, TestMember> = {};

/** Registered a minute apart, in this order, so "newest" has an order to show. */
const cast: Record<string, MemberSpec> = {
  victor: { name: 'Victor', city: 'Vancouver', age: 35, gender: 'male', interests: ['Hiking', 'coffee'], preferences: {} },
  alice: { name: 'Alice', city: 'Vancouver', age: 28 },
  bea: { name: 'Bea', city: 'Burnaby', age: 40, interests: ['hiking', 'Travel'], preferences: {} },
  cora: { name: 'Cora', city: 'Victoria', age: 30, interests: ['COFFEE'], preferences: { distance: 100 } },
  dana: { name: 'Dana', city: 'Surrey', age: 33, couple: { partnerName: 'Eli', partnerAge: 34, partnerGender: 'male' } },
  ed: { name: 'Ed', city: 'Toronto', age: 45, gender: 'male' },
  fin: { name: 'Fin', city: 'Montréal', age: 26, gender: 'non-binary' },
  gia: { name: 'Gia', city: 'Calgary', age: 52 },
  rhea: { name: 'Rhea', city: 'Richmond', age: 24, interests: ['Cooking', 'travel'], preferences: {} },
  nico: { name: 'Nico', city: 'Vancouver', age: 29, gender: 'non-binary' },
  cam: { name: 'Cam', city: 'Vancouver', age: 35, gender: 'male', couple: { partnerName: 'Kai', partnerAge: 33, partnerGender: 'female' } },
  noa: { name: 'Noa', city: 'Vancouver', age: 31 },
  // Never shown to Victor:
  una: { name: 'Una', city: 'Vancouver', verified: false },
  bo: { name: 'Bo', city: 'Vancouver' },
  sue: { name: 'Sue', city: 'Vancouver' },
  womenOnly: { name: 'Wren', city: 'Vancouver', preferences: { genderPreferences: ['female'] } },
  young: { name: 'Yara', city: 'Vancouver', preferences: { ageRange: { min: 18, max: 30 } } },
  couplesOnly: { name: 'Cleo', city: 'Vancouver', preferences: { accountTypes: ['couple'] } },
  near: { name: 'Nell', city: 'Victoria', preferences: { distance: 50 } },
  // Around Whitehorse, where a degree of longitude is half a degree of latitude; their 100 km keeps them out of the rest.
  walt: { name: 'Walt', city: 'Whitehorse', coordinates: [-135.06, 60.72], gender: 'male', preferences: {} },
  pat: { name: 'Pat', city: 'Whitehorse', coordinates: [-134.86, 60.72], preferences: {} }, // 0.2° east: about 10.9 km
  quinn: { name: 'Quinn', city: 'Whitehorse', coordinates: [-135.06, 60.84], preferences: {} }, // 0.12° north: about 13.3 km
};
/** Everyone Victor may see, nearest first (ties by id, so Vancouver's three are checked as a set). */
const VICTOR_SEES = ['alice', 'nico', 'cam', 'rhea', 'bea', 'dana', 'cora', 'gia', 'ed', 'fin', 'noa'];

beforeAll(async () => {
  t = await startTestApp();
  for (const [key, spec] of Object.entries(cast)) {
    m[key] = await createMember(t, spec);
    t.clock.advance(60_000);
  }
  await updateMember(t, m.bo!.id, { isBanned: true });
  await updateMember(t, m.sue!.id, { accountStatus: 'suspended' });
  await updateMember(t, m.gia!.id, { score: 800 });
  await updateMember(t, m.ed!.id, { score: 720 });
  await updateMember(t, m.noa!.id, { longitude: null, latitude: null });
}, 120_000);
afterAll(() => t.close());

const keyOf = (id: string) => Object.keys(m).find((key) => m[key]!.id === id) ?? id;

async function browse(viewer: TestMember, query = '') {
  const answer = await t.call('GET', `/users/browse${query ? `?${query}` : ''}`, { token: viewer.token });
  if (answer.status !== 200) throw new Error(`browse ${query}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { users: any[]; pagination: { page: number; limit: number; hasMore: boolean }; origin: unknown };
}
const keys = async (viewer: TestMember, query = '') => (await browse(viewer, query)).users.map((user) => keyOf(user._id));
const sorted = (list: string[]) => [...list].sort();

describe('GET /api/users/browse: who is shown', () => {
  it('needs a session and a verified e-mail', async () => {
    expect((await t.call('GET', '/users/browse')).status).toBe(401);
    const unverified = await t.call('GET', '/users/browse', { token: m.una!.token });
    expect(unverified.status).toBe(403);
    expect(unverified.body.error).toBe('Please verify your email address first');
  });

  it('shows every visible member, never the viewer, banned, unverified or suspended members', async () => {
    expect(sorted(await keys(m.victor!))).toEqual(sorted(VICTOR_SEES));
  });

  it('leaves out members whose saved preferences exclude the viewer: gender, age, account type, distance', async () => {
    const seen = await keys(m.victor!);
    for (const hidden of ['womenOnly', 'young', 'couplesOnly', 'near']) expect(seen).not.toContain(hidden);
    // Cora's 100 km reaches Victor in Vancouver (about 92 km away); Nell's 50 km does not.
    expect(seen).toContain('cora');
  });

  it('a non-binary member is not left out by gender preferences, which cannot name them', async () => {
    const seen = await keys(m.nico!);
    expect(seen).toContain('womenOnly');
    expect(seen).toContain('young'); // Nico is 29: inside 18–30
    expect(seen).not.toContain('couplesOnly');
  });

  it('a couple is judged as a couple: by "couple" in genderPreferences and by account type', async () => {
    const seen = await keys(m.cam!);
    expect(seen).toContain('couplesOnly');
    expect(seen).not.toContain('womenOnly');
    expect(seen).not.toContain('young'); // Cam is 35
    expect(seen).toContain('victor');
  });

  it('members who never saved preferences exclude no one', async () => {
    for (const viewer of ['victor', 'nico', 'cam', 'bea']) {
      const seen = await keys(m[viewer]!);
      for (const open of ['alice', 'dana', 'ed', 'fin', 'gia']) expect(seen).toContain(open);
    }
  });

  it('a distance preference that cannot be checked (no home coordinates) keeps the member out', async () => {
    const seen = await keys(m.noa!);
    expect(seen).toContain('alice');
    for (const withDistance of ['bea', 'cora', 'rhea', 'victor']) expect(seen).not.toContain(withDistance);
  });
});

describe('GET /api/users/browse: cards', () => {
  it('carry the member summary and what the browse screen reads, never e-mail, coordinates or settings', async () => {
    const answer = await t.call('GET', '/users/browse', { token: m.victor!.token });
    const bea = answer.body.users.find((user: any) => user._id === m.bea!.id);
    expect(bea).toMatchObject({
      accountType: 'individual',
      profile: { name: 'Bea', age: 40, gender: 'female', interests: ['hiking', 'Travel'], photos: [], location: { city: 'Burnaby', country: 'Canada' } },
      reliabilityScore: { current: 675 },
      bookingStatus: null,
      availabilityCount: 0,
      availability: [],
      mutualInterests: ['hiking'],
      recentDateActivity: { thisMonth: 0, lastConfirmedDate: null, feedback: [] },
    });
    const dana = answer.body.users.find((user: any) => user._id === m.dana!.id);
    expect(dana.coupleInfo).toEqual({ partnerName: 'Eli', partnerAge: 34, partnerGender: 'male', relationshipType: 'dating' });
    expect(answer.body.origin).toEqual({ city: 'Vancouver', country: 'Canada' });

    const text = JSON.stringify(answer.body);
    for (const member of Object.values(m)) expect(text).not.toContain(member.email);
    for (const field of ['email', 'coordinates', 'notificationSettings', 'passwordHash', 'password_hash', 'longitude', 'referralCode', 'moderation']) {
      expect(text).not.toContain(`"${field}"`);
    }
  });

  it('mutual interests compare without case and keep the candidate’s spelling', async () => {
    const { users } = await browse(m.victor!);
    const mutual = Object.fromEntries(users.map((user) => [keyOf(user._id), user.mutualInterests]));
    expect(mutual.cora).toEqual(['COFFEE']);
    expect(mutual.rhea).toEqual([]);
    expect(mutual.alice).toEqual([]);
  });

  it('mutual interests are read right when a name, bio or interest holds the texts around them in a card', async () => {
    // The service compares the interests PostgreSQL sends beside the card's text (browse.repo FoundCard).
    await updateMember(t, m.bea!.id, {
      name: 'Bea ,"interests":["coffee"],"photos":',
      bio: 'Likes ,"interests":["coffee"] and ],"photos":[] in her bio',
      interests: ['Hiking', 'x],"photos":["coffee', ',"interests":["coffee"]'],
    });
    try {
      const bea = (await browse(m.victor!)).users.find((user) => user._id === m.bea!.id);
      expect(bea.profile.interests).toEqual(['Hiking', 'x],"photos":["coffee', ',"interests":["coffee"]']);
      expect(bea.mutualInterests).toEqual(['Hiking']);
    } finally {
      await updateMember(t, m.bea!.id, { name: 'Bea', bio: '', interests: ['hiking', 'Travel'] });
    }
  });

  it('distances are real kilometres between the two cities, to one decimal', async () => {
    const { users } = await browse(m.victor!);
    const distance = Object.fromEntries(users.map((user) => [keyOf(user._id), user.distance]));
    expect(distance.alice).toBe(0);
    expect(distance.bea).toBeGreaterThan(8);
    expect(distance.bea).toBeLessThan(15);
    expect(distance.cora).toBeGreaterThan(85);
    expect(distance.cora).toBeLessThan(105);
    expect(distance.ed).toBeGreaterThan(3300);
    expect(distance.ed).toBeLessThan(3400);
    for (const key of ['bea', 'cora', 'dana', 'gia', 'ed', 'fin', 'rhea']) {
      const expected = distanceKm(m.victor!.coordinates, m[key]!.coordinates);
      expect(Math.abs(distance[key] - expected), key).toBeLessThanOrEqual(0.1);
      expect(Number.isInteger(distance[key] * 10), key).toBe(true);
    }
    // Noa's place is unknown: no distance, last in line.
    expect(distance.noa).toBeNull();
  });
});

describe('GET /api/users/browse: distance and origin', () => {
  it('maxDistance keeps members within that many km of the viewer', async () => {
    expect(sorted(await keys(m.victor!, 'maxDistance=25'))).toEqual(sorted(['alice', 'nico', 'cam', 'rhea', 'bea']));
    // Surrey is about 27 km away, Victoria about 92.
    expect(sorted(await keys(m.victor!, 'maxDistance=30'))).toEqual(sorted(['alice', 'nico', 'cam', 'rhea', 'bea', 'dana']));
    expect(sorted(await keys(m.victor!, 'maxDistance=100'))).toEqual(sorted(['alice', 'nico', 'cam', 'rhea', 'bea', 'dana', 'cora']));
  });

  it('measures from a typed city when location is given', async () => {
    const answer = await browse(m.victor!, 'location=Toronto');
    expect(answer.origin).toEqual({ city: 'Toronto', country: 'Canada' });
    expect(keyOf(answer.users[0]._id)).toBe('ed');
    expect(answer.users[0].distance).toBe(0);
    expect(keyOf(answer.users[1]._id)).toBe('fin'); // Montréal, about 500 km
    expect(answer.users[1].distance).toBeGreaterThan(450);
    expect(answer.users[1].distance).toBeLessThan(550);
    expect(await keys(m.victor!, `location=${encodeURIComponent('Montréal, Canada')}&maxDistance=25`)).toEqual(['fin']);
  });

  it('whose preferences exclude the viewer stays a question of the two homes, not of the typed city', async () => {
    // Nell (Victoria, 50 km) does not want Victor (Vancouver) even when he browses from Victoria.
    const seen = await keys(m.victor!, 'location=Victoria&maxDistance=10');
    expect(seen).toEqual(['cora']);
  });

  it('refuses a city the gazetteer does not know, on location', async () => {
    const answer = await t.call('GET', '/users/browse?location=Qwxzyville', { token: m.victor!.token });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: "We couldn't find that city. Check the spelling or pick a nearby larger city.",
      fields: [{ field: 'location', message: "We couldn't find that city. Check the spelling or pick a nearby larger city." }],
    });
  });

  it('a viewer without coordinates gets no distances, and must type a city to filter by distance', async () => {
    const answer = await browse(m.noa!);
    expect(answer.origin).toBeNull();
    expect(answer.users.every((user) => user.distance === null)).toBe(true);
    const refused = await t.call('GET', '/users/browse?maxDistance=25', { token: m.noa!.token });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([{ field: 'location', message: 'Set a location to filter by distance' }]);
    expect(sorted(await keys(m.noa!, 'location=Vancouver&maxDistance=25'))).toEqual(sorted(['alice', 'nico', 'cam']));
  });
});

describe('GET /api/users/browse: filters', () => {
  it('minScore', async () => {
    expect(await keys(m.victor!, 'minScore=750')).toEqual(['gia']);
    expect(sorted(await keys(m.victor!, 'minScore=700'))).toEqual(['ed', 'gia']);
    expect(sorted(await keys(m.victor!, 'minScore=300'))).toEqual(sorted(VICTOR_SEES));
  });

  it('accountType', async () => {
    expect(await keys(m.victor!, 'accountType=couple')).toEqual(['cam', 'dana']);
    expect(sorted(await keys(m.victor!, 'accountType=individual'))).toEqual(sorted(VICTOR_SEES.filter((key) => key !== 'cam' && key !== 'dana')));
    expect(sorted(await keys(m.victor!, 'accountType=all'))).toEqual(sorted(VICTOR_SEES));
  });

  it('minAge and maxAge, inclusive', async () => {
    expect(sorted(await keys(m.victor!, 'minAge=30&maxAge=45'))).toEqual(sorted(['cora', 'dana', 'bea', 'ed', 'noa', 'cam']));
    expect(sorted(await keys(m.victor!, 'minAge=50'))).toEqual(['gia']);
    expect(sorted(await keys(m.victor!, 'maxAge=26'))).toEqual(['fin', 'rhea']);
  });

  it('interests: a member matches when they share at least one, without case', async () => {
    expect(sorted(await keys(m.victor!, 'interests=TRAVEL'))).toEqual(['bea', 'rhea']);
    expect(sorted(await keys(m.victor!, `interests=${encodeURIComponent(' coffee , cooking,,')}`))).toEqual(['cora', 'rhea']);
    expect(await keys(m.victor!, 'interests=knitting')).toEqual([]);
  });

  it('gender', async () => {
    expect(await keys(m.victor!, 'gender=non-binary')).toEqual(['nico', 'fin']);
    expect(sorted(await keys(m.victor!, 'gender=male'))).toEqual(['cam', 'ed']);
    expect(sorted(await keys(m.victor!, 'gender=female'))).toEqual(sorted(['alice', 'bea', 'cora', 'dana', 'gia', 'rhea', 'noa']));
  });

  it('filters combine', async () => {
    expect(sorted(await keys(m.victor!, 'gender=female&maxDistance=25&minAge=25'))).toEqual(['alice', 'bea']);
  });

  it('empty values count as absent, as a form sends them', async () => {
    expect(sorted(await keys(m.victor!, 'minScore=&gender=&maxDistance=&location=&interests='))).toEqual(sorted(VICTOR_SEES));
  });
});

describe('GET /api/users/browse: order and pages', () => {
  it('distance (the default): nearest first, ties by id, unknown places last', async () => {
    const { users } = await browse(m.victor!);
    const order = users.map((user) => keyOf(user._id));
    expect(order.slice(3)).toEqual(VICTOR_SEES.slice(3));
    const vancouver = ['alice', 'nico', 'cam'].sort((a, b) => (m[a]!.id < m[b]!.id ? -1 : 1));
    expect(order.slice(0, 3)).toEqual(vancouver);
    expect(await keys(m.victor!, 'sortBy=distance')).toEqual(order);
  });

  it('score: highest first, ties by id', async () => {
    const { users } = await browse(m.victor!, 'sortBy=score');
    expect(users.slice(0, 2).map((user) => keyOf(user._id))).toEqual(['gia', 'ed']);
    const rest = users.slice(2);
    expect(rest.every((user) => user.reliabilityScore.current === 675)).toBe(true);
    expect(rest.map((user) => user._id)).toEqual(rest.map((user) => user._id).sort());
  });

  it('newest: most recently joined first', async () => {
    const order = await keys(m.victor!, 'sortBy=newest');
    expect(order).toEqual(Object.keys(cast).filter((key) => VICTOR_SEES.includes(key)).reverse());
  });

  it('age: youngest first', async () => {
    const { users } = await browse(m.victor!, 'sortBy=age');
    const ages = users.map((user) => user.profile.age);
    expect(ages).toEqual([...ages].sort((a, b) => a - b));
    expect(keyOf(users[0]._id)).toBe('rhea');
  });

  it('pages of any size add up to the whole list, in the same order, with hasMore', async () => {
    for (const sortBy of ['distance', 'score', 'newest', 'age']) {
      const whole = await keys(m.victor!, `sortBy=${sortBy}`);
      const paged: string[] = [];
      for (let page = 1; ; page++) {
        const answer = await browse(m.victor!, `sortBy=${sortBy}&limit=3&page=${page}`);
        expect(answer.pagination).toEqual({ page, limit: 3, hasMore: page * 3 < whole.length });
        paged.push(...answer.users.map((user) => keyOf(user._id)));
        if (!answer.pagination.hasMore) break;
      }
      expect(paged, sortBy).toEqual(whole);
    }
    const beyond = await browse(m.victor!, 'page=9');
    expect(beyond.users).toEqual([]);
    expect(beyond.pagination.hasMore).toBe(false);
  });

  it('nearest first means real kilometres, not degrees, on every page', async () => {
    const first = await browse(m.walt!, 'limit=1');
    const second = await browse(m.walt!, 'limit=1&page=2');
    expect([keyOf(first.users[0]._id), keyOf(second.users[0]._id)]).toEqual(['pat', 'quinn']);
    expect(first.users[0].distance).toBeCloseTo(10.9, 0);
    expect(second.users[0].distance).toBeCloseTo(13.3, 0);
    expect(await keys(m.walt!, 'maxDistance=15')).toEqual(['pat', 'quinn']);
  });

  it('nearest first within age and score bounds: members outside them are passed over, and pages add up', async () => {
    const ageOf = (key: string) => cast[key]!.age;
    const nearestFirst = await keys(m.victor!);
    const within = nearestFirst.filter((key) => ageOf(key)! >= 28 && ageOf(key)! <= 40);
    // Rhea (24) lives nearer than Bea, Dana and Cora; Noa (31) has no place and comes last.
    expect(within).toEqual(expect.arrayContaining(['bea', 'dana', 'cora', 'noa']));
    expect(await keys(m.victor!, 'minAge=28&maxAge=40')).toEqual(within);
    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push(...(await keys(m.victor!, `minAge=28&maxAge=40&limit=2&page=${page}`)));
    expect(pages).toEqual(within);
    const distances = new Map((await browse(m.victor!)).users.map((user) => [keyOf(user._id), user.distance as number | null]));
    const close = within.filter((key) => distances.get(key) !== null && distances.get(key)! <= 25);
    expect(close).toContain('bea');
    expect(await keys(m.victor!, 'minAge=28&maxAge=40&maxDistance=25')).toEqual(close);
    expect(await keys(m.victor!, 'minScore=700&maxAge=50')).toEqual(['ed']);
  });

  it('nearest-first pages stay exact within a distance limit', async () => {
    const whole = await keys(m.victor!, 'maxDistance=100');
    const first = await browse(m.victor!, 'maxDistance=100&limit=4');
    const second = await browse(m.victor!, 'maxDistance=100&limit=4&page=2');
    expect([...first.users, ...second.users].map((user) => keyOf(user._id))).toEqual(whole);
    expect(second.pagination.hasMore).toBe(false);
  });
});

describe('GET /api/users/browse: bad queries answer 400 with the field, never 500', () => {
  it.each([
    ['minScore=abc', 'minScore'],
    ['minScore=200', 'minScore'],
    ['minScore=900', 'minScore'],
    ['minScore=650.5', 'minScore'],
    ['minScore=Infinity', 'minScore'],
    ['minScore=1&minScore=2', 'minScore'],
    ['accountType=robot', 'accountType'],
    ['minAge=17', 'minAge'],
    ['maxAge=101', 'maxAge'],
    ['minAge=40&maxAge=30', 'maxAge'],
    ['interests=' + 'x'.repeat(501), 'interests'],
    ['gender=robot', 'gender'],
    ['maxDistance=4', 'maxDistance'],
    ['maxDistance=1e9', 'maxDistance'],
    ['maxDistance=-5', 'maxDistance'],
    ['sortBy=distance;drop', 'sortBy'],
    ['page=0', 'page'],
    ['page=x', 'page'],
    ['limit=51', 'limit'],
    ['limit=0', 'limit'],
    ['location=' + 'x'.repeat(201), 'location'],
    ['location=%2C%2C', 'location'],
  ])('%s', async (query, field) => {
    const answer = await t.call('GET', `/users/browse?${query}`, { token: m.victor!.token });
    expect(answer.status).toBe(400);
    expect(answer.body.fields.map((f: { field: string }) => f.field)).toEqual([field]);
    expect(typeof answer.body.error).toBe('string');
  });
});

describe('the database does the distance work through the GiST index', () => {
  async function plan(query: Parameters<typeof pageQuery>[1], options: { sorting?: boolean } = {}) {
    return t.database.db.transaction(async (tx) => {
      // A handful of rows would be read straight through; this asks what the planner does with a table too big for that.
      await tx.execute(sql`set local enable_seqscan = off`);
      // Likewise a few rows are cheaper to sort than to walk in order once the table has been
      // analysed (the autovacuum may do that at any time): the question is whether an index walk exists.
      if (options.sorting === false) await tx.execute(sql`set local enable_sort = off`);
      const result = (await tx.execute(sql`explain ${pageQuery(tx, query).getSQL()}`)) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    });
  }

  it('maxDistance is decided in the database through an index (the box on users_position_idx, or the score walk), then the exact distance', async () => {
    const viewer = viewerOf((await findUserById(t.database.db, m.victor!.id))!);
    const text = await plan({
      viewer,
      origin: viewer.home,
      filters: { accountType: 'all', gender: 'all', maxDistance: 25 },
      sortBy: 'score',
      offset: 0,
      limit: 21,
    });
    expect(text).toMatch(/Index Cond: \(point\(longitude, latitude\) <@|Index Scan using users_browse_score_idx/);
    expect(text).toMatch(/asin/);
    expect(text).not.toMatch(/Seq Scan on users/);
  });

  it('nearest first walks the index in distance order, then searches the box of the page', async () => {
    const viewer = viewerOf((await findUserById(t.database.db, m.victor!.id))!);
    const text = await plan({ viewer, origin: viewer.home, filters: { accountType: 'all', gender: 'all' }, sortBy: 'distance', offset: 0, limit: 21 });
    expect(text).toMatch(/Index Scan using users_position_idx[\s\S]*Order By: \(point\(longitude, latitude\) <-> /);
    expect(text).toMatch(/Index Cond: \(point\(longitude, latitude\) <@/);
    expect(text).not.toMatch(/Seq Scan on users/);
  });

  it('nearest first within age and score bounds, the position index holds them: the walk and the box read only the members within', async () => {
    const viewer = viewerOf((await findUserById(t.database.db, m.victor!.id))!);
    const filters = { accountType: 'all', gender: 'all', minScore: 300, minAge: 25, maxAge: 40, maxDistance: 25 } as const;
    const text = await plan({ viewer, origin: viewer.home, filters, sortBy: 'distance', offset: 0, limit: 21 });
    expect(text).toMatch(/Index Scan using users_position_idx[^\n]*\n\s*Index Cond: \(\(age >= 25\) AND \(age <= 40\) AND \(score >= 300\)\)\s*Order By: \(point\(longitude, latitude\) <-> /);
    expect(text).toMatch(/Index Cond: \(\(point\(longitude, latitude\) <@ [^\n]*\(age >= 25\) AND \(age <= 40\)/);
    expect(text).not.toMatch(/Seq Scan on users/);
  });

  it.each([
    ['score', 'users_browse_score_idx'],
    ['newest', 'users_browse_newest_idx'],
    ['age', 'users_browse_age_idx'],
  ] as const)('sorted by %s without a distance limit, the page walks %s instead of sorting everyone', async (sortBy, index) => {
    const viewer = viewerOf((await findUserById(t.database.db, m.victor!.id))!);
    const text = await plan({ viewer, origin: viewer.home, filters: { accountType: 'all', gender: 'all' }, sortBy, offset: 0, limit: 21 }, { sorting: false });
    expect(text).toContain(index);
    // Only each card's few photos, bookings and reviews are sorted, never the members.
    expect(text).not.toMatch(/Sort Key: [^\n]*users/);
  });
});
