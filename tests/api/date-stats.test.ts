import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, memberDateStats } from '#server/bookings/bookings.tables.ts';
import { rowsOf } from '#server/platform/db/rows.ts';
import { HOUR_MS } from '#shared/domain/booking.ts';
import { bookableMember, confirmedBooking, requestSlot } from '#tests/support/bookings.ts';
import type { TestMember } from '#tests/support/members.ts';
import { createSlot } from '#tests/support/slots.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// The reliability stats are counters (member_date_stats) kept by the database as bookings change
// (decision 49). Here every transition, alone and at once, is followed by a live count
// over the bookings themselves, which the counters must equal for every member.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let named = 0;
const member = (name = 'Member') => bookableMember(t, { name: `${name} ${(named += 1)}` });
const post = (who: TestMember, path: string, body: unknown) => t.call('POST', path, { token: who.token, body });
const complete = (who: TestMember, id: string, rating = 4) =>
  post(who, `/bookings/${id}/complete`, { rating, comment: 'Nice', wouldMeetAgain: true });
const noShow = (who: TestMember, id: string, noShowUserId: string) => post(who, `/bookings/${id}/no-show`, { noShowUserId, reason: 'Never came' });
const cancel = (who: TestMember, id: string) => post(who, `/bookings/${id}/cancel`, { reason: 'other', customReason: 'Something came up' });
const statsOnPage = async (viewer: TestMember, of: TestMember) =>
  (await t.call('GET', `/users/${of.id}`, { token: viewer.token })).body.user.reliabilityScore.stats;

/** Members whose counters differ from a live count of their finished bookings (both sides of the comparison, zeros filled in). */
async function drift() {
  const result = await t.database.db.execute(sql`
    with live as (
      select p.user_id,
        count(*) filter (where b.status = 'completed')::int as total_dates,
        count(*) filter (where b.status in ('no_show_both', p.absent))::int as no_shows,
        count(*)::int as finished
      from bookings b
      cross join lateral (values (b.host_id, 'no_show_host'), (b.guest_id, 'no_show_guest')) as p(user_id, absent)
      where b.status in ('completed', 'no_show_guest', 'no_show_host', 'no_show_both')
      group by p.user_id)
    select coalesce(l.user_id, s.user_id) as user_id,
      json_build_array(coalesce(l.total_dates, 0), coalesce(l.no_shows, 0), coalesce(l.finished, 0)) as live,
      json_build_array(coalesce(s.total_dates, 0), coalesce(s.no_shows, 0), coalesce(s.finished, 0)) as kept
    from live l full join member_date_stats s on s.user_id = l.user_id
    where (coalesce(l.total_dates, 0), coalesce(l.no_shows, 0), coalesce(l.finished, 0))
      is distinct from (coalesce(s.total_dates, 0), coalesce(s.no_shows, 0), coalesce(s.finished, 0))`);
  return rowsOf<{ user_id: string; live: number[]; kept: number[] }>(result);
}

const countersOf = async (who: TestMember) => (await t.database.db.select().from(memberDateStats).where(eq(memberDateStats.userId, who.id)))[0];

describe('member date counters', () => {
  it('follow every transition: decline, expiry, cancel, a review, completion and each kind of no-show', async () => {
    const host = await member('Host');
    const viewer = await member('Viewer');
    const [a, b, c, d, e, f, g] = [await member(), await member(), await member(), await member(), await member(), await member(), await member()];
    const completed = await confirmedBooking(t, host, a, await createSlot(t, host, { startsInHours: 1, durationHours: 0.5 }));
    const missedByGuest = await confirmedBooking(t, host, b, await createSlot(t, host, { startsInHours: 2, durationHours: 0.5 }));
    const missedByHost = await confirmedBooking(t, host, c, await createSlot(t, host, { startsInHours: 3, durationHours: 0.5 }));
    const missedByBoth = await confirmedBooking(t, host, d, await createSlot(t, host, { startsInHours: 4, durationHours: 0.5 }));
    const cancelled = await confirmedBooking(t, host, e, await createSlot(t, host, { startsInHours: 30 }));
    const declined = await requestSlot(t, f, await createSlot(t, host, { startsInHours: 40 }));
    await requestSlot(t, g, await createSlot(t, host, { startsInHours: 5, durationHours: 0.5 }));
    expect(await drift()).toEqual([]);

    expect((await cancel(e, cancelled)).status).toBe(200);
    expect((await post(host, `/bookings/${declined}/respond`, { action: 'decline', responseMessage: 'Sorry' })).status).toBe(200);
    t.clock.advance(7 * HOUR_MS);
    await t.app.jobs.runDue(); // the pending request's time has passed: auto_cancelled
    expect((await t.database.db.select().from(bookings).where(eq(bookings.guestId, g.id)))[0]!.status).toBe('auto_cancelled');
    expect(await drift()).toEqual([]);
    expect(await countersOf(host)).toBeUndefined();

    // One review leaves the date confirmed; the second completes it.
    expect((await complete(host, completed)).status).toBe(200);
    expect(await countersOf(host)).toBeUndefined();
    expect((await complete(a, completed)).status).toBe(200);
    expect(await drift()).toEqual([]);
    expect(await statsOnPage(viewer, host)).toEqual({ totalDates: 1, noShows: 0, onTimeRate: 100 });

    expect((await noShow(host, missedByGuest, b.id)).status).toBe(200);
    // The host reviewed, then the guest says the host never came: a no-show, not a completion.
    expect((await complete(host, missedByHost)).status).toBe(200);
    expect((await noShow(c, missedByHost, host.id)).status).toBe(200);
    expect((await noShow(d, missedByBoth, 'both')).status).toBe(200);
    expect(await drift()).toEqual([]);

    expect(await statsOnPage(viewer, host)).toEqual({ totalDates: 1, noShows: 2, onTimeRate: 50 });
    expect(await statsOnPage(viewer, b)).toEqual({ totalDates: 0, noShows: 1, onTimeRate: 0 });
    expect(await statsOnPage(viewer, c)).toEqual({ totalDates: 0, noShows: 0, onTimeRate: 100 });
    expect(await statsOnPage(viewer, e)).toEqual({ totalDates: 0, noShows: 0, onTimeRate: null });
    const mine = (await t.call('GET', '/bookings/my-bookings', { token: d.token })).body.bookings;
    expect(mine[0].otherParty.reliabilityScore.stats).toEqual({ totalDates: 1, noShows: 2, onTimeRate: 50 });
    // A finished date stays finished: a second report changes nothing.
    expect((await noShow(a, completed, host.id)).status).toBe(409);
    expect(await drift()).toEqual([]);
  });

  it('stay equal to a live count when many dates of the same members finish at once, either way round', async () => {
    const center = await member('Center');
    const partners = await Promise.all(Array.from({ length: 6 }, () => member('Partner')));
    // The center hosts each partner once and is each partner's guest once: one member's counters
    // and both orders of every pair are changed by transactions running together.
    const hosted: string[] = [];
    const visited: string[] = [];
    for (const [i, partner] of partners.entries()) {
      hosted.push(await confirmedBooking(t, center, partner, await createSlot(t, center, { startsInHours: 1 + 2 * i, durationHours: 0.5 })));
      visited.push(await confirmedBooking(t, partner, center, await createSlot(t, partner, { startsInHours: 2 + 2 * i, durationHours: 0.5 })));
    }
    t.clock.advance(16 * HOUR_MS);
    const calls = partners.flatMap((partner, i) => {
      const kind = i % 3;
      if (kind === 0) return [complete(center, hosted[i]!), complete(partner, hosted[i]!), complete(partner, visited[i]!), complete(center, visited[i]!)];
      if (kind === 1) return [noShow(center, hosted[i]!, partner.id), complete(partner, hosted[i]!), noShow(partner, visited[i]!, 'both')];
      return [noShow(partner, hosted[i]!, center.id), noShow(center, hosted[i]!, partner.id), complete(partner, visited[i]!), complete(center, visited[i]!)];
    });
    const answers = await Promise.all(calls);
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(await drift()).toEqual([]);
    // Whatever order the racing calls took, every one of the 12 dates finished exactly once.
    expect((await countersOf(center))?.finished).toBe(12);
  });

  it('follow bookings written straight into the database, and the migration’s backfill counts the same', async () => {
    const host = await member('Seeded host');
    const guests = [await member('Seeded guest'), await member('Seeded guest')];
    const slotId = await createSlot(t, host, { startsInHours: -48, maxBookings: 2 });
    const at = t.clock.now();
    const rows = await t.database.db
      .insert(bookings)
      .values(
        guests.map((guest, i) => ({
          slotId,
          hostId: host.id,
          guestId: guest.id,
          status: i === 0 ? ('completed' as const) : ('no_show_guest' as const),
          startsAt: new Date(at.getTime() - 48 * HOUR_MS),
          endsAt: new Date(at.getTime() - 47 * HOUR_MS),
          requestMessage: 'Coffee?',
          proposedVenue: { name: 'Café', address: '', type: 'cafe', priceRange: '$$' },
          createdAt: at,
          updatedAt: at,
        })),
      )
      .returning();
    expect(await drift()).toEqual([]);
    expect(await countersOf(host)).toMatchObject({ totalDates: 1, noShows: 0, finished: 2 });

    await t.database.db.update(bookings).set({ status: 'no_show_both' }).where(eq(bookings.id, rows[0]!.id));
    expect(await countersOf(host)).toMatchObject({ totalDates: 0, noShows: 1, finished: 2 });
    await t.database.db.delete(bookings).where(eq(bookings.id, rows[1]!.id));
    expect(await drift()).toEqual([]);
    expect(await countersOf(guests[1]!)).toMatchObject({ totalDates: 0, noShows: 0, finished: 0 });

    // The migration's own backfill statement, run again over everything this file wrote.
    const migration = readFileSync(new URL('../../src/server/platform/db/migrations/0014_member_date_stats.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((statement) => statement.trim().startsWith('INSERT INTO "member_date_stats"'));
    expect(backfill).toBeDefined();
    const before = await t.database.db.select().from(memberDateStats);
    await t.database.db.transaction(async (tx) => {
      await tx.delete(memberDateStats);
      await tx.execute(sql.raw(backfill!));
    });
    expect(await drift()).toEqual([]);
    const after = await t.database.db.select().from(memberDateStats);
    const nonZero = (list: typeof after) => list.filter((row) => row.finished > 0).sort((x, y) => x.userId.localeCompare(y.userId));
    expect(nonZero(after)).toEqual(nonZero(before));
  });
});
