import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilitySlots } from '#server/availability/availability.tables.ts';
import { createMember } from '#tests/support/members.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

// Each slot keeps a copy of its host's home (decision 83). Two sessions of a real PostgreSQL: a move
// of the host not yet committed while a free time is being made.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Resolves once some backend waits on a lock (the slot's insert, queued behind the move), or once `done` settles. */
async function someoneWaitsOnALock(client: pg.Client, done: Promise<unknown>): Promise<void> {
  let settled = false;
  void done.finally(() => (settled = true));
  while (!settled) {
    const { rows } = await client.query(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`);
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("a slot's copy of its host's home", () => {
  it('takes a move committed while the slot was being made, not the home it first read', async () => {
    const host = await createMember(t, { name: 'Mover', city: 'Vancouver' });
    const move = new pg.Client({ connectionString: t.database.url });
    const watcher = new pg.Client({ connectionString: t.database.url });
    await Promise.all([move.connect(), watcher.connect()]);
    try {
      await move.query('begin');
      await move.query(`update users set longitude = -79.38, latitude = 43.65 where id = $1`, [host.id]);
      const created = t.call('POST', '/availability/create', {
        token: host.token,
        body: { date: '2027-04-01', startTime: '10:00', endTime: '11:00', dateType: 'coffee', venue: 'Cafe', maxBookings: 1, notes: '' },
      });
      await someoneWaitsOnALock(watcher, created);
      await move.query('commit');
      const answer = await created;
      expect(answer.status).toBe(201);
      const [slot] = await t.database.db.select().from(availabilitySlots).where(eq(availabilitySlots.id, answer.body.slot._id));
      expect([slot!.hostLongitude, slot!.hostLatitude]).toEqual([-79.38, 43.65]);
    } finally {
      await Promise.all([move.end(), watcher.end()]);
    }
  });
});
