import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilitySlots } from '#server/availability/availability.tables.ts';
import { SLOT_HAS_DATE } from '#server/availability/availability.service.ts';
import { messages } from '#server/chat/chat.tables.ts';
import { BAD_KEY, KEY_KEPT_MS, keyReused } from '#server/platform/idempotency/idempotency.ts';
import { idempotencyKeys } from '#server/platform/idempotency/idempotency.tables.ts';
import { SLOT_MESSAGES } from '#shared/api/availability.ts';
import { CHAT_ERRORS, chatPaths } from '#shared/api/chat.ts';
import { bookableMember, confirmedBooking } from '#tests/support/bookings.ts';
import type { TestMember } from '#tests/support/members.ts';
import { createSlot } from '#tests/support/slots.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
let named = 0;
const member = (name: string) => bookableMember(t, { name: `${name} ${(named += 1)}` });
let nextSlotHours = 30;
const slotFor = (host: TestMember) => createSlot(t, host, { startsInHours: (nextSlotHours += 3) });

async function datePair() {
  const host = await member('Host');
  const guest = await member('Guest');
  const bookingId = await confirmedBooking(t, host, guest, await slotFor(host));
  return { host, guest, bookingId };
}

const withKey = (key: string) => ({ 'idempotency-key': key });
const send = (from: TestMember, to: TestMember, content: string, key?: string) =>
  t.call('POST', chatPaths.send, { token: from.token, body: { recipientId: to.id, content }, headers: key ? withKey(key) : {} });
const messageRows = (from: TestMember) => t.database.db.select().from(messages).where(eq(messages.senderId, from.id));

// 2026-12-01 is in the future of the test clock (START, 2026-11-23).
let nextDay = 0;
const slotBody = () => {
  nextDay += 1;
  return { date: `2026-12-${String(nextDay).padStart(2, '0')}`, startTime: '10:00', endTime: '12:00', dateType: 'coffee', venue: 'The Sleepy Owl Café' };
};
const create = (host: TestMember, body: Record<string, unknown>, key?: string) =>
  t.call('POST', '/availability/create', { token: host.token, body, headers: key ? withKey(key) : {} });
const remove = (host: TestMember, slotId: string, key?: string) =>
  t.call('DELETE', `/availability/${slotId}`, { token: host.token, headers: key ? withKey(key) : {} });
const liveSlots = (host: TestMember) =>
  t.database.db
    .select()
    .from(availabilitySlots)
    .where(and(eq(availabilitySlots.hostId, host.id), sql`${availabilitySlots.removedAt} is null`));

describe('a chat message sent with an Idempotency-Key', () => {
  it('is stored once; a replay answers the first answer, marked as replayed', async () => {
    const { host, guest } = await datePair();
    const key = randomUUID();
    const first = await send(guest, host, 'On my way', key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await send(guest, host, 'On my way', key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await messageRows(guest)).toHaveLength(1);
  });

  it('sent ten times at once is stored once, and every answer is the same', async () => {
    const { host, guest } = await datePair();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(guest, host, 'Table by the window', key)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect(await messageRows(guest)).toHaveLength(1);
  });

  it('refuses the same key with another text or on another call (422, naming the key), storing nothing more', async () => {
    const { host, guest } = await datePair();
    const key = randomUUID();
    expect((await send(guest, host, 'First words', key)).status).toBe(201);
    const other = await send(guest, host, 'Other words', key);
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ error: keyReused(key), fields: [{ field: 'header.idempotency-key', message: keyReused(key) }] });
    expect(other.body.error).toContain(key);
    const elsewhere = await create(guest, slotBody(), key);
    expect(elsewhere.status).toBe(422);
    expect(await messageRows(guest)).toHaveLength(1);
    expect(await liveSlots(guest)).toHaveLength(0);
  });

  it("one member's key is independent of another's", async () => {
    const { host, guest } = await datePair();
    const key = randomUUID();
    expect((await send(guest, host, 'Hello from the guest', key)).status).toBe(201);
    const theirs = await send(host, guest, 'Hello from the host', key);
    expect(theirs.status).toBe(201);
    expect(theirs.body.message.content).toBe('Hello from the host');
    expect(await messageRows(guest)).toHaveLength(1);
    expect(await messageRows(host)).toHaveLength(1);
  });

  it('refused because the chat closed is refused again on replay, with its reason; an applied one still answers as applied', async () => {
    const { host, guest, bookingId } = await datePair();
    const applied = randomUUID();
    const sent = await send(guest, host, 'See you tonight', applied);
    expect(sent.status).toBe(201);
    const cancelled = await t.call('POST', `/bookings/${bookingId}/cancel`, { token: host.token, body: { reason: 'other', customReason: 'Something came up' } });
    expect(cancelled.status).toBe(200);

    const refusedKey = randomUUID();
    for (let i = 0; i < 2; i += 1) {
      const refused = await send(guest, host, 'Are we still on?', refusedKey);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(CHAT_ERRORS.notAllowed);
    }
    const replayed = await send(guest, host, 'See you tonight', applied);
    expect(replayed.status).toBe(201);
    expect(replayed.body).toEqual(sent.body);
    expect(await messageRows(guest)).toHaveLength(1);
    const keys = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.memberId, guest.id));
    expect(keys.map((row) => row.key)).toEqual([applied]);
  });

  it('refuses a key that is not a UUID (400 on the header); without the header a send is as before', async () => {
    const { host, guest } = await datePair();
    const bad = await send(guest, host, 'Hello', 'not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: BAD_KEY, fields: [{ field: 'header.idempotency-key', message: BAD_KEY }] });
    expect((await send(guest, host, 'Hello')).status).toBe(201);
    expect((await send(guest, host, 'Hello')).status).toBe(201);
    expect(await messageRows(guest)).toHaveLength(2);
  });
});

describe('a slot created with an Idempotency-Key', () => {
  it('is created once however often it is replayed, one after another or at once', async () => {
    const host = await member('Host');
    const body = slotBody();
    const key = randomUUID();
    const first = await create(host, body, key);
    expect(first.status).toBe(201);
    const again = await create(host, body, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);

    const together = randomUUID();
    const second = slotBody();
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(host, second, together)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect(await liveSlots(host)).toHaveLength(2);
  });

  it('refuses the same key for another slot (422); another member may use the key', async () => {
    const host = await member('Host');
    const key = randomUUID();
    expect((await create(host, slotBody(), key)).status).toBe(201);
    const other = await create(host, slotBody(), key);
    expect(other.status).toBe(422);
    expect(other.body.error).toBe(keyReused(key));
    const someoneElse = await member('Other');
    expect((await create(someoneElse, slotBody(), key)).status).toBe(201);
    expect(await liveSlots(host)).toHaveLength(1);
    expect(await liveSlots(someoneElse)).toHaveLength(1);
  });

  it('refused (an overlap) is refused again on replay, and nothing is kept for it', async () => {
    const host = await member('Host');
    const body = slotBody();
    expect((await create(host, body)).status).toBe(201);
    const key = randomUUID();
    for (let i = 0; i < 2; i += 1) {
      const refused = await create(host, body, key);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(SLOT_MESSAGES.overlaps);
    }
    expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
  });
});

describe('a slot removed with an Idempotency-Key', () => {
  it('is removed once: replays, also at once, answer the first answer', async () => {
    const host = await member('Host');
    const slotId = await slotFor(host);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => remove(host, slotId, key)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(200));
    for (const answer of answers) expect(answer.body).toEqual({ message: SLOT_MESSAGES.removed, declinedRequests: 0 });
    const later = await remove(host, slotId, key);
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    // Without its key the same removal is judged again: the slot is gone.
    expect((await remove(host, slotId)).status).toBe(404);
    // The same key on another slot is another request.
    const other = await remove(host, await slotFor(host), key);
    expect(other.status).toBe(422);
  });

  it('refused because the slot was booked meanwhile is refused again on replay, with its reason', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const slotId = await slotFor(host);
    await confirmedBooking(t, host, guest, slotId);
    const key = randomUUID();
    for (let i = 0; i < 2; i += 1) {
      const refused = await remove(host, slotId, key);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(SLOT_HAS_DATE);
    }
    expect(await liveSlots(host)).toHaveLength(1);
  });
});

describe('keys expire', () => {
  it('the hourly prune drops keys older than a week and keeps younger ones', async () => {
    const someone = await member('Pruned');
    const now = t.clock.now();
    const old = randomUUID();
    const young = randomUUID();
    const row = (key: string, ageMs: number) => ({ memberId: someone.id, key, request: 'POST /api/x', bodyHash: 'h', status: 201, response: {}, createdAt: new Date(now.getTime() - ageMs) });
    await t.database.db.insert(idempotencyKeys).values([row(old, KEY_KEPT_MS + HOUR), row(young, KEY_KEPT_MS - 2 * HOUR)]);
    t.clock.advance(HOUR);
    await t.app.jobs.runDue();
    const kept = await t.database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.memberId, someone.id));
    expect(kept.map((k) => k.key)).toEqual([young]);
  });
});
