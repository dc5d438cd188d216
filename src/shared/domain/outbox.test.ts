import { describe, expect, it } from 'vitest';
import { REFUSED_FALLBACK, flushOutbox, outboxKeyOf, outcomeOf, type OutboxAnswer, type OutboxChange, type OutboxQueue } from './outbox.ts';

/** An in-memory queue with the IndexedDB store's behaviour: values by key, listed in key order. */
function memoryQueue(): OutboxQueue & { rows: Map<string, OutboxChange> } {
  const rows = new Map<string, OutboxChange>();
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

let seq = 1_700_000_000_000_000;
const change = (memberId: string, content: string): OutboxChange => ({
  id: `key-${content}`,
  memberId,
  seq: (seq += 1),
  kind: 'chat.send',
  method: 'POST',
  path: '/messages/send',
  body: { content },
  createdAt: '2026-11-24T12:00:00.000Z',
  invalidates: [['chat']],
  state: 'waiting',
});

/** A server that answers per content, recording each attempt's key and body. */
function server(answers: Record<string, number | number[]>) {
  const calls: { key: string; content: string }[] = [];
  const send = async (c: OutboxChange): Promise<OutboxAnswer> => {
    const content = (c.body as { content: string }).content;
    calls.push({ key: c.id, content });
    const planned = answers[content] ?? 201;
    const status = Array.isArray(planned) ? (planned.shift() ?? 201) : planned;
    return { status, body: status >= 400 ? { error: `refused ${content}` } : { ok: content } };
  };
  return { calls, send };
}

describe('outcomeOf', () => {
  it('sends 2xx, retries network failures, 5xx, 401, 408 and 429, and refuses other 4xx', () => {
    expect([200, 201, 204].map(outcomeOf)).toEqual(['sent', 'sent', 'sent']);
    expect([0, 401, 408, 429, 500, 502, 503].map(outcomeOf)).toEqual(Array(7).fill('retry'));
    expect([400, 403, 404, 409, 422].map(outcomeOf)).toEqual(Array(5).fill('refused'));
  });
});

describe('flushOutbox', () => {
  it('sends a member’s changes in the order they were queued, and only theirs', async () => {
    const queue = memoryQueue();
    for (const content of ['one', 'two', 'three']) await queue.put(change('ana', content));
    await queue.put(change('bo', 'not mine'));
    const { calls, send } = server({});
    const sent: string[] = [];
    const result = await flushOutbox('ana', { queue, send, onSent: (c) => sent.push((c.body as { content: string }).content) });
    expect(result).toEqual({ sent: 3, refused: 0, waiting: 0 });
    expect(calls.map((c) => c.content)).toEqual(['one', 'two', 'three']);
    expect(sent).toEqual(['one', 'two', 'three']);
    expect((await queue.list('ana')).map((c) => c.state)).toEqual(['sent', 'sent', 'sent']);
    expect((await queue.list('bo')).map((c) => (c.body as { content: string }).content)).toEqual(['not mine']);
  });

  it('stops at the first change that must wait, so nothing overtakes it; the retry reuses its key', async () => {
    const queue = memoryQueue();
    for (const content of ['one', 'two', 'three']) await queue.put(change('ana', content));
    const { calls, send } = server({ two: [0, 503, 201] });
    expect(await flushOutbox('ana', { queue, send })).toEqual({ sent: 1, refused: 0, waiting: 2 });
    expect(calls.map((c) => c.content)).toEqual(['one', 'two']);
    expect(await flushOutbox('ana', { queue, send })).toEqual({ sent: 0, refused: 0, waiting: 2 });
    expect(await flushOutbox('ana', { queue, send })).toEqual({ sent: 2, refused: 0, waiting: 0 });
    const twos = calls.filter((c) => c.content === 'two');
    expect(twos).toHaveLength(3);
    expect(new Set(twos.map((c) => c.key))).toEqual(new Set(['key-two']));
    expect(calls.map((c) => c.content)).toEqual(['one', 'two', 'two', 'two', 'three']);
  });

  it('keeps a refused change with the server’s reason (never dropped) and goes on with the next', async () => {
    const queue = memoryQueue();
    for (const content of ['one', 'two', 'three']) await queue.put(change('ana', content));
    const { calls, send } = server({ two: 403 });
    expect(await flushOutbox('ana', { queue, send })).toEqual({ sent: 2, refused: 1, waiting: 0 });
    const left = (await queue.list('ana')).filter((c) => c.state !== 'sent');
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ id: 'key-two', state: 'refused', refusal: { status: 403, error: 'refused two' } });
    // A refused change is not sent again by itself.
    await flushOutbox('ana', { queue, send });
    expect(calls.map((c) => c.content)).toEqual(['one', 'two', 'three']);
  });

  it('counts a removal the server no longer finds (404) as done: an earlier attempt removed it', async () => {
    const queue = memoryQueue();
    await queue.put({ ...change('ana', 'gone'), kind: 'slot.remove', method: 'DELETE', path: '/availability/x' });
    await queue.put(change('ana', 'missing'));
    const result = await flushOutbox('ana', { queue, send: async () => ({ status: 404, body: { error: 'Availability slot not found' } }) });
    expect(result).toEqual({ sent: 1, refused: 1, waiting: 0 });
  });

  it('names a refusal without a reason in its body with a fallback', async () => {
    const queue = memoryQueue();
    await queue.put(change('ana', 'one'));
    await flushOutbox('ana', { queue, send: async () => ({ status: 409, body: null }) });
    expect((await queue.list('ana'))[0]!.refusal).toEqual({ status: 409, error: REFUSED_FALLBACK });
  });

  it('keys sort in queue order whatever the sequence’s length', () => {
    const keys = [change('ana', 'a'), change('ana', 'b')].map(outboxKeyOf);
    expect([...keys].sort()).toEqual(keys);
    expect(outboxKeyOf({ memberId: 'm', seq: 9 }) < outboxKeyOf({ memberId: 'm', seq: 10 })).toBe(true);
  });
});
