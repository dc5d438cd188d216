import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../db/client.ts';
import { announce, announceEach, EVENTS_CHANNEL, type Announcement } from './announce.ts';

let database: Database;
beforeAll(async () => {
  // No tables needed: NOTIFY and LISTEN only.
  database = openPglite(null);
  await database.db.execute('select 1');
}, 60_000);
afterAll(() => database.close());

async function heard(send: () => Promise<void>): Promise<Announcement[]> {
  const got: Announcement[] = [];
  const stop = await database.listen(EVENTS_CHANNEL, (payload) => got.push(JSON.parse(payload) as Announcement));
  await send();
  const marker = randomUUID();
  await announce(database.db, [marker], { type: 'userOnline', userId: marker });
  while (!got.some((a) => a.to[0] === marker)) await new Promise((resolve) => setTimeout(resolve, 5));
  await stop();
  return got.filter((a) => a.to[0] !== marker);
}

describe('announce', { timeout: 30_000 }, () => {
  it('splits a long list of members over several payloads, each under NOTIFY’s limit, nobody lost or repeated', async () => {
    const to = Array.from({ length: 1000 }, () => randomUUID());
    const got = await heard(() => announce(database.db, [...to, to[0]!], { type: 'userOffline', userId: 'u' }));
    expect(got.length).toBeGreaterThan(1);
    for (const a of got) {
      expect(Buffer.byteLength(JSON.stringify(a))).toBeLessThan(8000);
      expect(a.event).toEqual({ type: 'userOffline', userId: 'u' });
    }
    expect(got.flatMap((a) => a.to)).toEqual(to);
  });

  it('sends several announcements in one statement; none for nobody', async () => {
    const got = await heard(() =>
      announceEach(database.db, [
        { to: ['a'], event: { type: 'userOnline', userId: 'x' } },
        { to: [], event: { type: 'userOnline', userId: 'y' } },
        { to: ['b', 'c'], event: { type: 'userOffline', userId: 'z' } },
      ]),
    );
    expect(got).toEqual([
      { to: ['a'], event: { type: 'userOnline', userId: 'x' } },
      { to: ['b', 'c'], event: { type: 'userOffline', userId: 'z' } },
    ]);
  });

  it('refuses an event that cannot fit at all', async () => {
    await expect(announce(database.db, ['a'], { type: 'bookingChanged', bookingId: 'x'.repeat(9000), status: 'pending' })).rejects.toThrow(/too large/);
  });
});
