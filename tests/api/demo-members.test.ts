import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/auth/auth.tables.ts';
import { availabilitySlots } from '#server/availability/availability.tables.ts';
import { addDemoMembers, DEMO_EMAIL_DOMAIN, hasNoMembers, UNUSABLE_PASSWORD_HASH } from '#server/demo/demo-members.ts';
import { folderStorage, type FileStorage } from '#server/platform/storage.ts';
import { isDiscoverable } from '#server/auth/auth.read.ts';
import { listPhotos } from '#server/profiles/photos.repo.ts';
import { photos } from '#server/profiles/profiles.tables.ts';
import { scoreEvents } from '#server/score/score.tables.ts';
import { INTEREST_OPTIONS } from '#shared/domain/profile.ts';
import { SCORE_MAX, SCORE_MIN, SCORE_START } from '#shared/domain/score.ts';
import { instantToZoned } from '#shared/domain/time-zones.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

describe('demo members on a new database', () => {
  let t: TestApp;
  let storage: FileStorage;
  let added: number;
  beforeAll(async () => {
    t = await startTestApp();
    storage = folderStorage(t.photoDir);
    expect(await hasNoMembers(t.database.db)).toBe(true);
    added = await addDemoMembers({ db: t.database.db, photoStorage: storage, clock: t.clock });
  });
  afterAll(() => t.close());

  const members = () => t.database.db.select().from(users).orderBy(asc(users.createdAt));

  it('adds a few dozen fictional members, plainly marked as demo', async () => {
    const rows = await members();
    expect(added).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.length).toBeLessThanOrEqual(45);
    for (const row of rows) {
      expect(row.isDemo).toBe(true);
      expect(row.email.endsWith(`@${DEMO_EMAIL_DOMAIN}`)).toBe(true);
      expect(row.bio).toMatch(/^Demo member: a fictional (person|couple)/);
    }
    expect(new Set(rows.map((row) => row.email)).size).toBe(rows.length);
  });

  it('makes them all discoverable: verified, active, not banned, with a known position', async () => {
    for (const row of await members()) {
      expect(isDiscoverable(row), row.name).toBe(true);
      expect(row.longitude).not.toBeNull();
      expect(row.latitude).not.toBeNull();
    }
  });

  it('mixes women, men and others, individuals and couples, across Canadian cities', async () => {
    const rows = await members();
    expect(new Set(rows.map((row) => row.gender))).toEqual(new Set(['female', 'male', 'non-binary', 'other']));
    const couples = rows.filter((row) => row.accountType === 'couple');
    expect(couples.length).toBeGreaterThanOrEqual(3);
    for (const couple of couples) expect(couple.partnerName && couple.partnerAge && couple.partnerGender && couple.relationshipType).toBeTruthy();
    expect(rows.every((row) => row.country === 'Canada')).toBe(true);
    const cities = new Set(rows.map((row) => row.city));
    expect(cities.size).toBeGreaterThanOrEqual(6);
    expect(cities).toContain('Vancouver');
    const vancouver = rows.find((row) => row.city === 'Vancouver')!;
    expect(vancouver.latitude).toBeCloseTo(49.25, 0);
    expect(vancouver.longitude).toBeCloseTo(-123.1, 0);
  });

  it('gives them interests from the suggestions and mostly no saved preferences', async () => {
    const rows = await members();
    for (const row of rows) {
      expect(row.interests.length).toBeGreaterThanOrEqual(3);
      for (const interest of row.interests) expect(INTEREST_OPTIONS).toContain(interest);
    }
    const saved = rows.filter((row) => row.prefGenders !== null);
    expect(saved.length).toBeGreaterThan(0);
    expect(saved.length).toBeLessThan(rows.length / 3);
  });

  it('stores one or two readable 600×600 WebP photos for each', async () => {
    for (const row of await members()) {
      const own = await t.database.db.select().from(photos).where(eq(photos.userId, row.id)).orderBy(asc(photos.createdAt));
      expect(own.length, row.name).toBeGreaterThanOrEqual(1);
      expect(own.length, row.name).toBeLessThanOrEqual(2);
      expect((await listPhotos(t.database.db, row.id)).map((photo) => photo.url)).toEqual(own.map((photo) => `/api/photos/${photo.storageKey}`));
      for (const photo of own) {
        expect(photo.storageKey).toMatch(/^[0-9a-f-]{36}\.webp$/);
        const bytes = await storage.get(photo.storageKey);
        expect(bytes, photo.storageKey).not.toBeNull();
        const meta = await sharp(bytes!).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', photo.width, photo.height]);
        expect(photo.width).toBe(600);
      }
    }
  });

  it('derives every score from the member’s ledger, and the scores vary', async () => {
    const totals = await t.database.db
      .select({ userId: scoreEvents.userId, total: sql<number>`sum(${scoreEvents.points})::int` })
      .from(scoreEvents)
      .groupBy(scoreEvents.userId);
    const byMember = new Map(totals.map((row) => [row.userId, row.total]));
    const rows = await members();
    for (const row of rows) {
      const expected = Math.min(SCORE_MAX, Math.max(SCORE_MIN, SCORE_START + (byMember.get(row.id) ?? 0)));
      expect(row.score, row.name).toBe(expected);
    }
    const scores = rows.map((row) => row.score);
    expect(Math.min(...scores)).toBeLessThan(SCORE_START);
    expect(Math.max(...scores)).toBeGreaterThanOrEqual(750);
    const verified = await t.database.db.select().from(scoreEvents).where(eq(scoreEvents.onceKey, 'email-verification'));
    expect(verified.length).toBe(rows.length);
  });

  it('gives each one to three open slots in the next 7 days, at sensible hours in their own zone', async () => {
    const rows = await members();
    const slots = await t.database.db.select().from(availabilitySlots);
    const now = t.clock.now().getTime();
    const zones = new Map(rows.map((row) => [row.id, row.timeZone]));
    expect(new Set(rows.filter((row) => row.city === 'Toronto').map((row) => row.timeZone))).toEqual(new Set(['America/Toronto']));
    expect(new Set(rows.filter((row) => row.city === 'Halifax').map((row) => row.timeZone))).toEqual(new Set(['America/Halifax']));
    for (const row of rows) {
      const own = slots.filter((slot) => slot.hostId === row.id);
      expect(own.length, row.name).toBeGreaterThanOrEqual(1);
      expect(own.length, row.name).toBeLessThanOrEqual(3);
    }
    for (const slot of slots) {
      expect(slot.timeZone).toBe(zones.get(slot.hostId));
      expect(slot.startsAt.getTime()).toBeGreaterThan(now);
      expect(slot.startsAt.getTime()).toBeLessThanOrEqual(now + 7 * 24 * 60 * 60 * 1000);
      expect(slot.removedAt).toBeNull();
      // What the host reads on their own clock matches the instant, between 09:00 and 23:00.
      expect(instantToZoned(slot.startsAt, slot.timeZone)).toEqual({ date: String(slot.date).slice(0, 10), time: slot.startTime });
      const hour = Number(slot.startTime.slice(0, 2));
      expect(hour).toBeGreaterThanOrEqual(9);
      expect(hour).toBeLessThanOrEqual(21);
    }
    expect(new Set(slots.map((slot) => slot.dateType)).size).toBe(5);
  });

  it('lets nobody sign in as a demo member', async () => {
    const [row] = await members();
    for (const password of ['password', 'correct horse battery', UNUSABLE_PASSWORD_HASH]) {
      const answer = await t.call('POST', '/auth/login', { body: { email: row!.email, password } });
      expect(answer.status).toBe(401);
    }
  });

  it('adds nothing a second time: the database is no longer empty', async () => {
    const before = (await members()).length;
    expect(await hasNoMembers(t.database.db)).toBe(false);
    expect(await addDemoMembers({ db: t.database.db, photoStorage: storage, clock: t.clock })).toBe(0);
    expect((await members()).length).toBe(before);
  });
});

describe('demo members on a database that already has a member', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('adds none, and the real member stays alone', async () => {
    const real = await t.register();
    expect(await hasNoMembers(t.database.db)).toBe(false);
    const storage = folderStorage(t.photoDir);
    expect(await addDemoMembers({ db: t.database.db, photoStorage: storage, clock: t.clock })).toBe(0);
    expect(await storage.get('nothing.webp')).toBeNull();
    const rows = await t.database.db.select({ id: users.id }).from(users);
    expect(rows).toEqual([{ id: real.user._id }]);
  });
});
