import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/bookings/bookings.tables.ts';
import { blocksPaths } from '#shared/api/blocks.ts';
import { BOOKING_ERRORS } from '#shared/api/bookings.ts';
import { bookableMember, confirmedBooking, requestBody } from '#tests/support/bookings.ts';
import { OPEN_PREFERENCES, type TestMember } from '#tests/support/members.ts';
import { createSlot } from '#tests/support/slots.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// A booking request and a block of the same two members at once, on two sessions of a real
// PostgreSQL (decision 74): either the request is refused, or the block ends the pending request.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let named = 0;
const member = (name: string) => bookableMember(t, { name: `${name} ${(named += 1)}`, preferences: OPEN_PREFERENCES, interests: ['Coffee'] });
let nextHours = 48;
const slotOf = (host: TestMember) => createSlot(t, host, { startsInHours: (nextHours += 3) });
const block = (who: TestMember, whom: TestMember) => t.call('POST', blocksPaths.block(whom.id), { token: who.token });
const request = (guest: TestMember, slotId: string) => t.call('POST', '/bookings/request', { token: guest.token, body: requestBody(slotId) });
const pendingBetween = (host: TestMember, guest: TestMember) =>
  t.database.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.hostId, host.id), eq(bookings.guestId, guest.id), eq(bookings.status, 'pending')));

/** Resolves once at least `n` backends wait on a lock, or once `done` settles (then nothing waits for it). */
async function waitersOnLocks(client: pg.Client, n: number, done: Promise<unknown>): Promise<void> {
  let settled = false;
  void done.finally(() => (settled = true));
  while (!settled) {
    const { rows } = await client.query(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`);
    if (rows[0].n >= n) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A session holding `slotId` FOR UPDATE (as a confirmation does) until `release`, and one watching pg_stat_activity. */
async function sessions(slotId: string) {
  const holder = new pg.Client({ connectionString: t.database.url });
  const watcher = new pg.Client({ connectionString: t.database.url });
  await Promise.all([holder.connect(), watcher.connect()]);
  await holder.query('begin');
  await holder.query('select id from availability_slots where id = $1 for update', [slotId]);
  return {
    watcher,
    release: () => holder.query('commit'),
    end: () => Promise.all([holder.end(), watcher.end()]),
  };
}

describe('a booking request beside a block of the same two members', () => {
  it('a request that arrives while the block is under way is refused, and no pending request is left', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    // The block waits on this date's slot (held as a confirmation holds it) after it has begun.
    const ahead = await createSlot(t, host, { startsInHours: (nextHours += 3) });
    await confirmedBooking(t, host, guest, ahead);
    const asked = await slotOf(host);
    const { watcher, release, end } = await sessions(ahead);
    try {
      const blocked = block(host, guest);
      await waitersOnLocks(watcher, 1, blocked);
      // Answered at once, or waiting beside the block until it commits.
      const requested = request(guest, asked);
      await waitersOnLocks(watcher, 2, requested);
      await release();
      const [answer, blockAnswer] = await Promise.all([requested, blocked]);
      expect(blockAnswer.status).toBe(200);
      expect([answer.status, answer.body]).toEqual([404, { error: BOOKING_ERRORS.slotGone }]);
      expect(await pendingBetween(host, guest)).toEqual([]);
    } finally {
      await end();
    }
  });

  it('a request under way when the block begins: the block waits for it, then ends it', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const asked = await slotOf(host);
    // The request waits on its slot (held as a confirmation holds it) after it has begun.
    const { watcher, release, end } = await sessions(asked);
    try {
      const requested = request(guest, asked);
      await waitersOnLocks(watcher, 1, requested);
      const blocked = block(host, guest);
      await waitersOnLocks(watcher, 2, blocked);
      await release();
      const [answer, blockAnswer] = await Promise.all([requested, blocked]);
      expect(answer.status).toBe(201);
      expect(blockAnswer.status).toBe(200);
      expect(await pendingBetween(host, guest)).toEqual([]);
      const seen = await t.call('GET', `/bookings/${answer.body.booking._id}`, { token: guest.token });
      expect(seen.body.booking.status).toBe('auto_cancelled');
    } finally {
      await end();
    }
  });

  it("a block that commits after a request's statement has begun is still seen: the pair is checked with a snapshot of its own", async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const gate = 7262999;
    const client = () => new pg.Client({ connectionString: t.database.url });
    const holder = client();
    const asker = client();
    const watcher = client();
    await Promise.all([holder, asker, watcher].map((session) => session.connect()));
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock($1)', [gate]);
      // A statement whose snapshot is taken before the block, and which asks about the pair after it.
      const asked = asker.query(
        `select pg_advisory_xact_lock($1)::text as waited, block_pair_open(7262002, $2, $3) as open,
          (select count(*)::int from blocks where blocker_id = $2 and blocked_id = $3) as seen_by_statement`,
        [gate, host.id, guest.id],
      );
      await waitersOnLocks(watcher, 1, asked);
      expect((await block(host, guest)).status).toBe(200);
      await holder.query('commit');
      const { rows } = await asked;
      expect(rows[0]).toMatchObject({ seen_by_statement: 0, open: false });
    } finally {
      await Promise.all([holder, asker, watcher].map((session) => session.end()));
    }
  });
});
