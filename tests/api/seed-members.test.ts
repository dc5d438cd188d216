import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/auth/auth.tables.ts';
import { SEED_CITIES, SEED_EMAIL_DOMAIN, seedMembers } from '#server/demo/seed-members.ts';
import { distanceKm, resolveLocation, timeZoneAt } from '#server/geo/geo.service.ts';
import { isDiscoverable } from '#server/auth/auth.read.ts';
import { SCORE_MAX, SCORE_MIN, SCORE_START } from '#shared/domain/score.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

const COUNT = 1500;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // Small batches, so the test also crosses batch boundaries with two in flight.
  await seedMembers(t.database.db, { count: COUNT, batchSize: 400, now: t.clock.now() });
});
afterAll(() => t.close());

const all = () => t.database.db.select().from(users);

describe('seeding members in bulk', () => {
  it('adds exactly the members asked for, each with a unique e-mail and referral code', async () => {
    const rows = await all();
    expect(rows.length).toBe(COUNT);
    expect(new Set(rows.map((row) => row.email)).size).toBe(COUNT);
    expect(new Set(rows.map((row) => row.referralCode)).size).toBe(COUNT);
    expect(rows.every((row) => row.email.endsWith(`@${SEED_EMAIL_DOMAIN}`))).toBe(true);
  });

  it('makes every member discoverable and nobody able to sign in as one', async () => {
    const rows = await all();
    expect(rows.filter((row) => !isDiscoverable(row))).toEqual([]);
    const login = await t.call('POST', '/auth/login', { body: { email: rows[0]!.email, password: 'correct horse battery' } });
    expect(login.status).toBe(401);
  });

  it('spreads members over Canadian cities by size, each close to its city', async () => {
    const rows = await all();
    const perCity = new Map<string, number>();
    for (const row of rows) perCity.set(row.city, (perCity.get(row.city) ?? 0) + 1);
    expect(perCity.size).toBeGreaterThanOrEqual(20);
    expect(Math.max(...perCity.values())).toBe(perCity.get('Toronto'));
    expect(perCity.get('Toronto')!).toBeGreaterThan(3 * (perCity.get('Halifax') ?? 0));

    const centres = new Map(SEED_CITIES.map(([city]) => {
      const place = resolveLocation({ city, country: 'Canada', coordinates: null });
      return [place.city, place.coordinates] as const;
    }));
    for (const row of rows) {
      expect(row.country).toBe('Canada');
      const centre = centres.get(row.city)!;
      expect(distanceKm(centre, [row.longitude!, row.latitude!]), row.city).toBeLessThan(10);
    }
  });

  it("puts each member in their city's time zone, so their free times read in it", async () => {
    const rows = await all();
    const zoneOf = new Map(SEED_CITIES.map(([city]) => {
      const place = resolveLocation({ city, country: 'Canada', coordinates: null });
      return [place.city, timeZoneAt(place.coordinates)] as const;
    }));
    for (const row of rows) expect(row.timeZone, row.city).toBe(zoneOf.get(row.city));
    expect(zoneOf.get('Toronto')).toBe('America/Toronto');
    expect(zoneOf.get('Halifax')).toBe('America/Halifax');
    expect(new Set(rows.map((row) => row.timeZone)).size).toBeGreaterThanOrEqual(5);
  });

  it('mixes genders, account types, ages and interests, with preferences saved by a minority', async () => {
    const rows = await all();
    const share = (test: (row: (typeof rows)[number]) => boolean) => rows.filter(test).length / rows.length;
    expect(share((row) => row.gender === 'female')).toBeGreaterThan(0.35);
    expect(share((row) => row.gender === 'male')).toBeGreaterThan(0.35);
    expect(share((row) => row.gender === 'non-binary' || row.gender === 'other')).toBeGreaterThan(0.02);
    const couples = rows.filter((row) => row.accountType === 'couple');
    expect(couples.length / rows.length).toBeGreaterThan(0.05);
    expect(couples.every((row) => row.partnerName && row.partnerAge && row.partnerGender && row.relationshipType)).toBe(true);
    const ages = rows.map((row) => row.age);
    expect(Math.min(...ages)).toBe(18);
    expect(Math.max(...ages)).toBeGreaterThan(60);
    expect(new Set(rows.flatMap((row) => row.interests)).size).toBeGreaterThan(15);
    expect(share((row) => row.prefGenders !== null)).toBeGreaterThan(0.1);
    expect(share((row) => row.prefGenders !== null)).toBeLessThan(0.4);
  });

  it('sets every score from the member’s ledger, and the scores vary', async () => {
    const [mismatch] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(
        sql`${users.score} <> least(${SCORE_MAX}::int, greatest(${SCORE_MIN}::int, ${SCORE_START}::int + coalesce((select sum(points) from score_events where score_events.user_id = ${users.id}), 0)::int))`,
      );
    expect(mismatch!.count).toBe(0);
    const [spread] = await t.database.db.select({ min: sql<number>`min(score)`, max: sql<number>`max(score)` }).from(users);
    expect(spread!.min).toBeLessThan(SCORE_START);
    expect(spread!.max).toBeGreaterThanOrEqual(750);
  });

  it('adds more members when run again, with no collision', async () => {
    await seedMembers(t.database.db, { count: 50, now: t.clock.now() });
    expect((await all()).length).toBe(COUNT + 50);
  });
});
