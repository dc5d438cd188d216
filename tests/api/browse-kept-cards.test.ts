import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cardColumns } from '#server/browse/browse-card.ts';
import { browseCardChanges, browseCards } from '#server/browse/browse.tables.ts';
import { keepEveryCard } from '#server/browse/browse.service.ts';
import { pruneCardChanges } from '#server/browse/card-cache.ts';
import { availabilitySlots } from '#server/availability/availability.tables.ts';
import { rowsOf } from '#server/platform/db/rows.ts';
import { HOUR_MS } from '#shared/domain/booking.ts';
import { bookableMember, confirmedBooking, requestSlot } from '#tests/support/bookings.ts';
import { createMember, OPEN_PREFERENCES, updateMember, type TestMember } from '#tests/support/members.ts';
import { createSlot } from '#tests/support/slots.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Browse keeps each member's card between reads (decision 85). Whatever a member changes, and
// whatever time does to a card, shows in the very next browse all the same.
let t: TestApp;
let viewer: TestMember;
let second: TestMember;
let host: TestMember;
let guest: TestMember;

beforeAll(async () => {
  t = await startTestApp();
  viewer = await bookableMember(t, { name: 'Vera', preferences: {} });
  second = await createMember(t, { name: 'Sam', city: 'Vancouver', preferences: {} });
  host = await bookableMember(t, { name: 'Hana', preferences: {} });
  guest = await bookableMember(t, { name: 'Gus', preferences: {} });
}, 60_000);
afterAll(() => t.close());

type Card = {
  _id: string;
  profile: { name: string; bio: string; photos: unknown[] };
  reliabilityScore: { current: number; stats: { totalDates: number } };
  bookingStatus: { status: string } | null;
  availabilityCount: number;
  availability: { _id: string }[];
  recentDateActivity: { thisMonth: number; lastConfirmedDate: string | null; feedback: { comment: string }[] };
};

async function cardOf(member: TestMember, as: TestMember = viewer): Promise<Card> {
  const answer = await t.call('GET', '/users/browse?maxDistance=25&limit=50', { token: as.token });
  expect(answer.status).toBe(200);
  const card = answer.body.users.find((user: Card) => user._id === member.id);
  expect(card, `${member.name} on the page`).toBeDefined();
  return card;
}

const kept = async (member: TestMember) => (await t.database.db.select().from(browseCards).where(eq(browseCards.memberId, member.id)))[0];

/** Whether the member's kept card holds: no change since (in the database's terms; the clock is the test's to check). */
async function keptCardHolds(member: TestMember): Promise<boolean> {
  const [row] = rowsOf<{ holds: boolean }>(
    await t.database.db.execute(sql`select not exists (select 1 from browse_card_changes x where x.member_id = c.member_id and x.xid >= c.snapshot_xmin) as holds
      from browse_cards c where c.member_id = ${member.id}`),
  );
  return row?.holds ?? false;
}

/**
 * A card read until it is kept and holds. On a PostgreSQL server that other suites share, a
 * transaction of theirs running when the member last changed makes a page write the card again
 * (it cannot tell that its snapshot saw the change) until that transaction ends.
 */
async function keptCardOf(member: TestMember): Promise<Card> {
  const card = await cardOf(member);
  await expect.poll(async () => (await cardOf(member), keptCardHolds(member)), { interval: 20 }).toBe(true);
  expect(await cardOf(member)).toEqual(card);
  return card;
}

describe('kept browse cards', () => {
  beforeEach(async () => {
    await t.database.db.delete(browseCards);
  });

  it('are read instead of written again, and only when the same template wrote them', async () => {
    const card = await keptCardOf(host);
    // What is kept is what the next read answers…
    await t.database.db.execute(sql`update browse_cards set parts[1] = replace(parts[1], 'Hana', 'Kept Hana') where member_id = ${host.id}`);
    expect((await cardOf(host)).profile.name).toBe('Kept Hana');
    // …unless another template or setting wrote it.
    await t.database.db.update(browseCards).set({ format: 'another template' }).where(eq(browseCards.memberId, host.id));
    expect(await cardOf(host)).toEqual(card);
  });

  it("are what a member's page shows: the same card, kept by either, with the page's full list of free times", async () => {
    const mira = await bookableMember(t, { name: 'Mira', preferences: {} });
    await createSlot(t, mira, { startsInHours: 48 });
    const card = await cardOf(mira);
    const page = await t.call('GET', `/users/${mira.id}`, { token: viewer.token });
    expect(page.status).toBe(200);
    const { availabilityCount: _count, availability: _firstFew, ...shared } = card as Card & Record<string, unknown>;
    expect(page.body.user).toMatchObject(shared);
    expect(page.body.user.availability.map((slot: { _id: string }) => slot._id)).toEqual(card.availability.map((slot) => slot._id));

    // A page keeps the card it wrote, and reads the one browse kept.
    await t.database.db.delete(browseCards);
    const memberPage = () => t.call('GET', `/users/${mira.id}`, { token: viewer.token });
    await expect.poll(async () => (await memberPage(), keptCardHolds(mira)), { interval: 20 }).toBe(true);
    await t.database.db.execute(sql`update browse_cards set parts[1] = replace(parts[1], 'Mira', 'Kept Mira') where member_id = ${mira.id}`);
    expect((await memberPage()).body.user.profile.name).toBe('Kept Mira');
    expect((await cardOf(mira)).profile.name).toBe('Kept Mira');
  });

  it("hold for every viewer: each sees their own booking with the member", async () => {
    const slot = await createSlot(t, host, { startsInHours: 48 });
    await keptCardOf(host);
    await requestSlot(t, viewer, slot);
    expect((await cardOf(host, viewer)).bookingStatus).toMatchObject({ status: 'pending' });
    expect((await cardOf(host, second)).bookingStatus).toBeNull();
  });

  it('show a profile edit, a new score and a new or removed photo in the next browse', async () => {
    await keptCardOf(host);
    const location = { city: 'Vancouver', country: 'Canada', coordinates: null };
    const saved = await t.call('PUT', '/users/profile', {
      token: host.token,
      body: { profile: { name: 'Hana', bio: 'Tea, not coffee.', interests: ['Tea'], location, preferences: OPEN_PREFERENCES } },
    });
    expect(saved.status).toBe(200);
    expect((await cardOf(host)).profile.bio).toBe('Tea, not coffee.');

    await keptCardOf(host);
    await updateMember(t, host.id, { score: 712 });
    expect((await cardOf(host)).reliabilityScore.current).toBe(712);

    const before = (await keptCardOf(host)).profile.photos.length;
    const bytes = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2980b9' } }).jpeg().toBuffer();
    expect((await t.upload(host.token, [{ name: 'new.jpg', bytes, type: 'image/jpeg' }])).status).toBe(201);
    const withPhoto = await cardOf(host);
    expect(withPhoto.profile.photos).toHaveLength(before + 1);
    await keptCardOf(host);
    const photoId = (withPhoto.profile.photos.at(-1) as { _id: string })._id;
    expect((await t.call('DELETE', `/users/photos/${photoId}`, { token: host.token })).status).toBe(200);
    expect((await cardOf(host)).profile.photos).toHaveLength(before);
  });

  it('show a new or removed free time, and drop one once it starts', async () => {
    const count = (await keptCardOf(host)).availabilityCount;
    const soon = await createSlot(t, host, { startsInHours: 2 });
    const later = await createSlot(t, host, { startsInHours: 30 });
    expect((await cardOf(host)).availability.map((slot) => slot._id)).toEqual(expect.arrayContaining([soon, later]));
    expect((await keptCardOf(host)).availabilityCount).toBe(count + 2);

    t.clock.advance(2 * HOUR_MS + 1);
    const after = await cardOf(host);
    expect(after.availabilityCount).toBe(count + 1);
    expect(after.availability.map((slot) => slot._id)).not.toContain(soon);

    await keptCardOf(host);
    await t.database.db.update(availabilitySlots).set({ removedAt: t.clock.now() }).where(eq(availabilitySlots.id, later));
    expect((await cardOf(host)).availabilityCount).toBe(count);
  });

  it("show a new date on both members' cards, its review, and a new month's count", async () => {
    const slot = await createSlot(t, host, { startsInHours: 3 });
    const [hostBefore, guestBefore] = [await keptCardOf(host), await keptCardOf(guest)];
    const booking = await confirmedBooking(t, host, guest, slot);
    const [hostAfter, guestAfter] = [await cardOf(host), await cardOf(guest)];
    expect(hostAfter.recentDateActivity.thisMonth).toBe(hostBefore.recentDateActivity.thisMonth + 1);
    expect(guestAfter.recentDateActivity.thisMonth).toBe(guestBefore.recentDateActivity.thisMonth + 1);
    expect(guestAfter.recentDateActivity.lastConfirmedDate).not.toBeNull();

    await keptCardOf(host);
    t.clock.advance(5 * HOUR_MS);
    const review = await t.call('POST', `/bookings/${booking}/complete`, {
      token: guest.token,
      body: { rating: 5, comment: 'Kept every promise', wouldMeetAgain: true },
    });
    expect(review.status).toBe(200);
    const reviewed = await cardOf(host);
    expect(reviewed.recentDateActivity.feedback.map((item) => item.comment)).toContain('Kept every promise');
    // Both sides' word finishes the date: it counts in the stats.
    await keptCardOf(host);
    const hostWord = await t.call('POST', `/bookings/${booking}/complete`, { token: host.token, body: { rating: 5, comment: 'Lovely', wouldMeetAgain: true } });
    expect(hostWord.status).toBe(200);
    expect((await cardOf(host)).reliabilityScore.stats.totalDates).toBe(hostBefore.reliabilityScore.stats.totalDates + 1);

    // The month its dates are counted in ends: the kept card no longer holds.
    await keptCardOf(host);
    const now = t.clock.now();
    t.clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime() + HOUR_MS);
    expect((await cardOf(host)).recentDateActivity.thisMonth).toBe(0);
  });

  it('kept for every member at once are the cards a page writes', async () => {
    const page = async () => (await t.call('GET', '/users/browse?maxDistance=25&limit=50', { token: viewer.token })).body;
    const written = await page();
    const keepEvery = async () => {
      await t.database.db.delete(browseCards);
      expect(await keepEveryCard(t.database.db, t.clock.now())).toBeGreaterThanOrEqual(4);
      return keptCardHolds(guest);
    };
    await expect.poll(keepEvery, { interval: 20 }).toBe(true);
    await t.database.db.execute(sql`update browse_cards set parts[1] = replace(parts[1], 'Gus', 'Kept Gus') where member_id = ${guest.id}`);
    const read = await page();
    expect(read.users.find((card: Card) => card._id === guest.id).profile.name).toBe('Kept Gus');
    await t.database.db.execute(sql`update browse_cards set parts[1] = replace(parts[1], 'Kept Gus', 'Gus') where member_id = ${guest.id}`);
    expect(await page()).toEqual(written);
  });

  it('forget changes after a day, with the cards those changes still make untrue, and cards no one can read', async () => {
    await keptCardOf(host);
    await keptCardOf(guest);
    await updateMember(t, host.id, { bio: 'A day-old change.' });
    const leaving = await createMember(t, { name: 'Leo', city: 'Vancouver', preferences: {} });
    await updateMember(t, leaving.id, { accountStatus: 'deleted' });
    await t.database.db.execute(sql`update browse_card_changes set at = now() - interval '25 hours'`);
    // A card of a member who is gone, and one that stopped holding two days ago.
    const gone = randomUUID();
    const stale = (await kept(guest))!;
    await t.database.db.insert(browseCards).values({ ...stale, memberId: gone });
    await t.database.db.insert(browseCards).values({ ...stale, memberId: viewer.id, validUntil: new Date(Date.now() - 48 * HOUR_MS) });
    // And one of a member who deleted their account, kept by a page that read before they did.
    await t.database.db.insert(browseCards).values({ ...stale, memberId: leaving.id });

    expect(await pruneCardChanges(t.database.db)).toBeGreaterThan(0);
    expect(await kept(leaving)).toBeUndefined();
    expect(await t.database.db.select().from(browseCardChanges)).toEqual([]);
    expect(await kept(host)).toBeUndefined();
    expect(await kept(guest)).toBeDefined();
    expect(await kept(viewer)).toBeUndefined();
    expect(await t.database.db.select().from(browseCards).where(eq(browseCards.memberId, gone))).toEqual([]);
    expect((await cardOf(host)).profile.bio).toBe('A day-old change.');
  });

  it("go with the member's account: nothing of a deleted member stays kept", async () => {
    const leaving = await createMember(t, { name: 'Lea', city: 'Vancouver', preferences: {} });
    await keptCardOf(leaving);
    await updateMember(t, leaving.id, { accountStatus: 'deleted' });
    expect(await kept(leaving)).toBeUndefined();
  });

  it("watch every column of the member's row that a card shows", async () => {
    const [trigger] = rowsOf<{ definition: string }>(
      await t.database.db.execute(sql`select pg_get_triggerdef(oid) as definition from pg_trigger where tgname = 'users_browse_card'`),
    );
    for (const [key, column] of Object.entries(cardColumns)) {
      if (key !== 'id') expect(trigger!.definition, key).toContain(`old.${column.name}`);
    }
  });
});
