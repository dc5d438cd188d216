import { describe, expect, it } from 'vitest';
import type { Member } from '../platform/auth.ts';
import type { Database, ListenOptions } from '../platform/db/client.ts';
import { MEMBER_CHANGES_CHANNEL, createSessionCache } from './session-cache.ts';

const member = (id: string): Member => ({ id, sessionId: `session-${id}`, email: `${id}@example.com`, isEmailVerified: true, isAdmin: false, isBanned: false });
const log = { error() {}, warn() {} };

/** A database whose listener the test drives: it delivers payloads and drops and restores the connection. */
function fakeDatabase() {
  let deliver: ((payload: string) => void) | null = null;
  let options: ListenOptions = {};
  const database = {
    async listen(channel: string, onPayload: (payload: string) => void, listenOptions?: ListenOptions) {
      expect(channel).toBe(MEMBER_CHANGES_CHANNEL);
      deliver = onPayload;
      options = listenOptions ?? {};
      return async () => {
        deliver = null;
      };
    },
  } as unknown as Database;
  return {
    database,
    notify: (userId: string) => deliver?.(userId),
    drop: () => options.onDisconnect?.(),
    restore: () => options.onReconnect?.(),
  };
}

async function listeningCache(ttlMs = 30_000) {
  let now = 1_000_000;
  const cache = createSessionCache(() => now, ttlMs, 3);
  const db = fakeDatabase();
  const stop = await cache.listen(db.database, log);
  const farFuture = new Date(now + 24 * 60 * 60 * 1000);
  const keep = (hash: string, who: Member, endsAt = farFuture) => cache.put(hash, who, endsAt, cache.epoch());
  return { cache, db, stop, keep, advance: (ms: number) => (now += ms), at: () => now };
}

describe('the session cache', () => {
  it('answers a kept session until its TTL, and never past the session’s own end', async () => {
    const { cache, keep, advance, at } = await listeningCache(30_000);
    keep('a', member('ann'));
    keep('b', member('ben'), new Date(at() + 10_000));
    expect(cache.get('a')).toEqual(member('ann'));
    advance(10_000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual(member('ann'));
    advance(20_000);
    expect(cache.get('a')).toBeUndefined();
  });

  it('a change of a member drops every session of theirs, and only theirs', async () => {
    const { cache, db, keep } = await listeningCache();
    keep('a1', member('ann'));
    keep('a2', member('ann'));
    keep('b', member('ben'));
    db.notify('ann');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b')).toEqual(member('ben'));
  });

  it('a read that began before a change is not kept (it may have read what the change ended)', async () => {
    const { cache, db } = await listeningCache();
    const readIn = cache.epoch();
    db.notify('ann');
    cache.put('a', member('ann'), new Date(Date.now() + 60_000), readIn);
    expect(cache.get('a')).toBeUndefined();
    // Another member's change counts too: whose session a read found is known only once it is back.
    const next = cache.epoch();
    db.notify('ben');
    cache.put('a', member('ann'), new Date(Date.now() + 60_000), next);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps and answers nothing while the listener is down: changes meanwhile are not heard', async () => {
    const { cache, db, keep } = await listeningCache();
    keep('a', member('ann'));
    db.drop();
    expect(cache.get('a')).toBeUndefined();
    keep('a', member('ann'));
    expect(cache.get('a')).toBeUndefined();
    db.restore();
    keep('a', member('ann'));
    expect(cache.get('a')).toEqual(member('ann'));
  });

  it('keeps nothing before it listens or after it stops', async () => {
    const cache = createSessionCache(() => 0);
    cache.put('a', member('ann'), new Date(60_000), cache.epoch());
    expect(cache.get('a')).toBeUndefined();
    const { cache: listening, stop, keep } = await listeningCache();
    keep('a', member('ann'));
    await stop();
    expect(listening.get('a')).toBeUndefined();
    keep('a', member('ann'));
    expect(listening.get('a')).toBeUndefined();
  });

  it('holds at most its size, letting the oldest go first', async () => {
    const { cache, keep } = await listeningCache();
    for (const id of ['a', 'b', 'c', 'd']) keep(id, member(id));
    expect(cache.size()).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('d')).toEqual(member('d'));
  });
});
