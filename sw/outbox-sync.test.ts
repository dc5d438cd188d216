import { describe, expect, it } from 'vitest';
import { outboxKeyOf, type OutboxChange, type OutboxQueue } from '#shared/domain/outbox.ts';
import { replayOutbox } from './outbox-sync.ts';

function memoryQueue(changes: OutboxChange[]): OutboxQueue & { rows: Map<string, OutboxChange> } {
  const rows = new Map(changes.map((change) => [outboxKeyOf(change), change]));
  return {
    rows,
    list: async (memberId) =>
      [...rows.entries()]
        .filter(([key]) => key.startsWith(`${memberId}:`))
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([, change]) => change),
    put: async (change) => void rows.set(outboxKeyOf(change), change),
    remove: async (change) => void rows.delete(outboxKeyOf(change)),
  };
}

const change = (memberId: string, seq: number, content: string): OutboxChange => ({
  id: `00000000-0000-4000-8000-00000000000${seq}`,
  memberId,
  seq,
  kind: 'chat.send',
  method: 'POST',
  path: '/messages/send',
  body: { recipientId: 'r', content, clientId: `c${seq}` },
  createdAt: '2026-11-24T12:00:00.000Z',
  invalidates: [['chat']],
  state: 'waiting',
});

type Call = { url: string; method: string; headers: Record<string, string>; body: string | null };

/** A server: /auth/me names the token's member; sends answer as planned. */
function server(me: { status: number; id?: string }, sendStatus: (call: Call) => number) {
  const calls: Call[] = [];
  const fetch: typeof globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), method: init?.method ?? 'GET', headers: (init?.headers ?? {}) as Record<string, string>, body: (init?.body as string) ?? null };
    calls.push(call);
    if (call.url === '/api/auth/me') return new Response(JSON.stringify({ user: { _id: me.id } }), { status: me.status });
    const status = sendStatus(call);
    if (status === 0) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(status < 300 ? { message: {} } : { error: 'No' }), { status });
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

const lock = <T>(work: () => Promise<T>) => work();

describe('replayOutbox (Background Sync)', () => {
  it("sends only the token's member's changes, in order, each with its own Idempotency-Key and the bearer token", async () => {
    const queue = memoryQueue([change('ana', 2, 'second'), change('ana', 1, 'first'), change('bo', 3, 'not hers')]);
    const { calls, fetch } = server({ status: 200, id: 'ana' }, () => 201);
    expect(await replayOutbox({ token: async () => 'tok', fetch, queue, lock })).toEqual({ sent: 2, refused: 0, waiting: 0 });
    const sends = calls.filter((call) => call.url === '/api/messages/send');
    expect(sends.map((call) => JSON.parse(call.body!).content)).toEqual(['first', 'second']);
    expect(sends.map((call) => call.headers['idempotency-key'])).toEqual([change('ana', 1, '').id, change('ana', 2, '').id]);
    for (const call of calls) expect(call.headers.authorization).toBe('Bearer tok');
    expect((await queue.list('bo'))[0]!.state).toBe('waiting');
  });

  it('does nothing without a token or with a dead one', async () => {
    const queue = memoryQueue([change('ana', 1, 'first')]);
    const none = server({ status: 200, id: 'ana' }, () => 201);
    expect(await replayOutbox({ token: async () => null, fetch: none.fetch, queue, lock })).toBeNull();
    expect(none.calls).toEqual([]);
    const dead = server({ status: 401 }, () => 201);
    expect(await replayOutbox({ token: async () => 'old', fetch: dead.fetch, queue, lock })).toBeNull();
    expect(dead.calls.map((call) => call.url)).toEqual(['/api/auth/me']);
    expect((await queue.list('ana'))[0]!.state).toBe('waiting');
  });

  it('rejects while changes still wait (the browser tries the sync again later), keeping them in order', async () => {
    const queue = memoryQueue([change('ana', 1, 'first'), change('ana', 2, 'second')]);
    const { calls, fetch } = server({ status: 200, id: 'ana' }, (call) => (JSON.parse(call.body!).content === 'first' ? 0 : 201));
    await expect(replayOutbox({ token: async () => 'tok', fetch, queue, lock })).rejects.toThrow('2 change(s) still waiting');
    expect(calls.filter((call) => call.url === '/api/messages/send')).toHaveLength(1);
    expect((await queue.list('ana')).map((c) => c.state)).toEqual(['waiting', 'waiting']);
  });
});
