import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '#server/auth/auth.tables.ts';
import { newToken } from '#server/auth/tokens.ts';
import { placeSlot } from '#server/availability/availability.service.ts';
import { FILLED_PROPORTIONS, fillSeed } from '#server/demo/seed-filled.ts';
import { seedMembers } from '#server/demo/seed-members.ts';
import { rowsOf } from '#server/platform/db/rows.ts';
import { photoUrl } from '#shared/api/profiles.ts';
import { BOOKING_STATUSES, cancellationPenalty } from '#shared/domain/booking.ts';
import { SCORE_MAX, SCORE_MIN, SCORE_START, FIRST_PHOTO_POINTS } from '#shared/domain/score.ts';
import { TZDB_VERSION } from '#shared/domain/time-zones.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

const COUNT = 600;
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
const parts = new Map<string, number>();
beforeAll(async () => {
  t = await startTestApp();
  const now = t.clock.now();
  const run = await seedMembers(t.database.db, { count: COUNT, batchSize: 250, now });
  // Small batches, so every table crosses batch boundaries with two in flight.
  await fillSeed(t.database.db, t.photoStorage, run, { now, batchSize: 250, onPart: (part, _seconds, rows) => parts.set(part, rows) });
}, 60_000);
afterAll(() => t.close());

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(text));
}
async function count(text: ReturnType<typeof sql>): Promise<number> {
  const [row] = await query<{ n: number }>(text);
  return Number(row!.n);
}

/** A session for a seeded member, as sign-in would make one (seeded members have no usable password). */
async function sessionFor(userId: string): Promise<string> {
  const { token, hash } = newToken();
  const now = t.clock.now();
  await t.database.db.insert(sessions).values({ userId, tokenHash: hash, createdAt: now, expiresAt: new Date(now.getTime() + DAY) });
  return token;
}

describe('the filled seed', () => {
  it('reports each part and adds rows to every table it fills', () => {
    for (const part of ['photo rows', 'free times and bookings', 'promised times', 'messages', 'likes', 'nudges', 'inbox', 'ledger']) {
      expect(parts.get(part), part).toBeGreaterThan(0);
    }
  });

  it('gives three photos to about three members in four, and every photo row its bytes in the storage', async () => {
    const perMember = await query<{ photos: number }>(sql`select count(p.id)::int as photos from users u left join photos p on p.user_id = u.id group by u.id`);
    const withPhotos = perMember.filter((row) => row.photos > 0);
    expect(withPhotos.every((row) => row.photos === FILLED_PROPORTIONS.photosEach)).toBe(true);
    expect(withPhotos.length / COUNT).toBeGreaterThan(0.65);
    expect(withPhotos.length / COUNT).toBeLessThan(0.85);

    const keys = (await query<{ storage_key: string }>(sql`select storage_key from photos`)).map((row) => row.storage_key);
    expect(new Set(keys).size).toBe(keys.length);
    const sizes = await Promise.all(keys.map((key) => t.photoStorage.size(key)));
    expect(keys.filter((_, i) => !sizes[i])).toEqual([]);
    expect(new Set(sizes).size).toBeGreaterThan(3);
  });

  it('serves a seeded photo at its URL', async () => {
    const [photo] = await query<{ storage_key: string }>(sql`select storage_key from photos order by storage_key limit 1`);
    const answer = await fetch(`${t.url}${photoUrl(photo!.storage_key)}`);
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer()).equals((await t.photoStorage.get(photo!.storage_key))!)).toBe(true);
  });

  it('gives half the members four future free times, each placed by the zone rules in force', async () => {
    const now = t.clock.now();
    const slots = await query<{ host_id: string; date: string; start_time: string; end_time: string; time_zone: string; starts_at: Date; ends_at: Date; utc_offset: string; zone_label: string; tzdb_version: string }>(
      sql`select host_id, date::text, start_time, end_time, time_zone, starts_at, ends_at, utc_offset, zone_label, tzdb_version from availability_slots`,
    );
    const future = new Map<string, number>();
    for (const slot of slots) {
      const placed = placeSlot({ date: slot.date, startTime: slot.start_time, endTime: slot.end_time, timeZone: slot.time_zone });
      expect(new Date(slot.starts_at).getTime()).toBe(placed.startsAt.getTime());
      expect(new Date(slot.ends_at).getTime()).toBe(placed.endsAt.getTime());
      expect([slot.utc_offset, slot.zone_label, slot.tzdb_version]).toEqual([placed.utcOffset, placed.zoneLabel, TZDB_VERSION]);
      if (new Date(slot.starts_at) > now) future.set(slot.host_id, (future.get(slot.host_id) ?? 0) + 1);
    }
    expect(slots.some((slot) => new Date(slot.starts_at) < now)).toBe(true);
    expect(future.size / COUNT).toBeGreaterThan(0.4);
    expect([...future.values()].every((n) => n === FILLED_PROPORTIONS.futureSlots)).toBe(true);
    // No host has two live free times at once (the exclusion constraint's rule, checked again).
    expect(
      await count(sql`select count(*) as n from availability_slots a join availability_slots b on a.host_id = b.host_id and a.id < b.id
        and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at) where a.removed_at is null and b.removed_at is null`),
    ).toBe(0);
  });

  it('has bookings in every state, confirmed ones in about the planned share', async () => {
    const byStatus = new Map((await query<{ status: string; n: number }>(sql`select status, count(*)::int as n from bookings group by status`)).map((row) => [row.status, row.n]));
    expect([...byStatus.keys()].sort()).toEqual([...BOOKING_STATUSES].sort());
    expect(byStatus.get('confirmed')! / COUNT).toBeGreaterThan(0.1);
    expect(byStatus.get('confirmed')! / COUNT).toBeLessThan(0.3);
    expect(await count(sql`select count(*) as n from bookings where status = 'pending' and starts_at <= ${t.clock.now().toISOString()}::timestamptz`)).toBe(0);
  });

  it('never double-books: seats match agreed dates, and nobody has two agreed dates at once', async () => {
    const agreed = sql`status in ('confirmed', 'completed', 'no_show_guest', 'no_show_host', 'no_show_both')`;
    expect(
      await count(sql`select count(*) as n from availability_slots s
        where s.confirmed_count > s.max_bookings or s.confirmed_count <> (select count(*) from bookings b where b.slot_id = s.id and b.${agreed})`),
    ).toBe(0);
    // Each agreed date promises both members' time, and nothing else does.
    expect(await count(sql`select count(*) as n from bookings b where b.${agreed} and (select count(*) from date_commitments c where c.booking_id = b.id) <> 2`)).toBe(0);
    expect(await count(sql`select count(*) as n from date_commitments c join bookings b on b.id = c.booking_id where not b.${agreed}`)).toBe(0);
    expect(
      await count(sql`select count(*) as n from bookings a join bookings b on a.id < b.id and a.slot_id <> b.slot_id
        and (a.host_id in (b.host_id, b.guest_id) or a.guest_id in (b.host_id, b.guest_id))
        and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
        where a.${agreed} and b.${agreed}`),
    ).toBe(0);
    expect(await count(sql`select count(*) as n from (select 1 from bookings where status = 'pending' group by guest_id, host_id having count(*) > 1) as twice`)).toBe(0);
    expect(await count(sql`select count(*) as n from bookings where host_id = guest_id`)).toBe(0);
  });

  it('sets every score from the member’s ledger, which holds each date’s points', async () => {
    expect(
      await count(sql`select count(*) as n from users where score <> least(${SCORE_MAX}::int, greatest(${SCORE_MIN}::int,
        ${SCORE_START}::int + coalesce((select sum(points) from score_events where score_events.user_id = users.id), 0)::int))`),
    ).toBe(0);
    expect(await count(sql`select count(*) as n from bookings b where b.status = 'completed'
      and (select count(*) from score_events e where e.once_key = 'date-completed:' || b.id) <> 2`)).toBe(0);
    expect(await count(sql`select count(*) as n from bookings b where b.status like 'no_show%'
      and (select count(*) from score_events e where e.once_key = 'no-show:' || b.id) <> case when b.status = 'no_show_both' then 2 else 1 end`)).toBe(0);
    expect(await count(sql`select count(*) as n from users u where exists (select 1 from photos p where p.user_id = u.id)
      and not exists (select 1 from score_events e where e.user_id = u.id and e.once_key = 'first-photo' and e.points = ${FIRST_PHOTO_POINTS})`)).toBe(0);
    const cancelled = await query<{ hours: number; penalty: number; charged: number | null }>(sql`
      select extract(epoch from (b.starts_at - b.updated_at)) / 3600 as hours, b.cancellation_penalty as penalty,
        (select sum(points)::int from score_events e where e.user_id = b.cancelled_by and e.category = 'Cancellations' and e.created_at = b.updated_at) as charged
      from bookings b where b.status = 'cancelled'`);
    expect(cancelled.length).toBeGreaterThan(0);
    for (const row of cancelled) {
      expect(row.penalty).toBe(cancellationPenalty(Number(row.hours)));
      expect(row.charged ?? 0).toBe(row.penalty);
    }
  });

  it('has conversations only between members with a confirmed or completed date, written after it was agreed', async () => {
    expect(await count(sql`select count(*) as n from messages`)).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*) as n from messages m where not exists (select 1 from bookings b
        where b.status in ('confirmed', 'completed') and b.responded_at <= m.created_at
        and ((b.host_id = m.sender_id and b.guest_id = m.recipient_id) or (b.host_id = m.recipient_id and b.guest_id = m.sender_id)))`),
    ).toBe(0);
    expect(await count(sql`select count(*) as n from messages where created_at > ${t.clock.now().toISOString()}::timestamptz`)).toBe(0);
  });

  it('tells each host of each request, and each member of each answer, in the inbox', async () => {
    expect(await count(sql`select count(*) as n from bookings b where not exists (select 1 from notifications n
      where n.user_id = b.host_id and n.type = 'booking_request' and n.data->>'bookingId' = b.id::text)`)).toBe(0);
    expect(await count(sql`select count(*) as n from bookings b where b.status = 'declined' and not exists (select 1 from notifications n
      where n.user_id = b.guest_id and n.type = 'booking_update' and n.data->>'bookingId' = b.id::text)`)).toBe(0);
    expect(await count(sql`select count(*) as n from notifications where type = 'nudge'`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from likes where liker_id = liked_id`)).toBe(0);
    expect(await count(sql`select count(*) as n from likes`)).toBeGreaterThan(COUNT / 2);
  });

  it('answers a seeded member’s pages through the API', async () => {
    const [member] = await query<{ id: string }>(sql`select b.host_id as id from bookings b join messages m on m.sender_id = b.host_id
      where b.status = 'confirmed' group by b.host_id order by count(*) desc limit 1`);
    const token = await sessionFor(member!.id);

    const mine = await t.call('GET', '/bookings/my-bookings', { token });
    expect(mine.status).toBe(200);
    const expected = await count(sql`select count(*) as n from bookings where host_id = ${member!.id}::uuid or guest_id = ${member!.id}::uuid`);
    expect(mine.body.bookings.length).toBe(expected);
    expect(mine.body.bookings.some((booking: { status: string }) => booking.status === 'confirmed')).toBe(true);

    const inbox = await t.call('GET', '/users/notifications', { token });
    expect(inbox.status).toBe(200);
    expect(inbox.body.notifications.length).toBeGreaterThan(0);

    const conversations = await t.call('GET', '/messages/conversations', { token });
    expect(conversations.status).toBe(200);
    expect(conversations.body.conversations.length).toBeGreaterThan(0);
    const other = conversations.body.conversations[0].otherUser._id as string;
    const thread = await t.call('GET', `/messages/conversation/${other}`, { token });
    expect(thread.status).toBe(200);
    expect(thread.body.messages.length).toBeGreaterThan(1);

    const me = await t.call('GET', '/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.user.profile.photos.length === 0 || me.body.user.profile.photos.length === FILLED_PROPORTIONS.photosEach).toBe(true);
  });
});
