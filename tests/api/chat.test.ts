import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#server/chat/chat.tables.ts';
import { CLIENT_ID_REUSED, SEND_LIMIT } from '#server/chat/chat.service.ts';
import { authPaths } from '#shared/api/auth.ts';
import { CHAT_ERRORS, chatPaths } from '#shared/api/chat.ts';
import { HOUR_MS } from '#shared/domain/booking.ts';
import { CHAT_PAGE_SIZE, conversationIdOf, MESSAGE_MAX } from '#shared/domain/chat.ts';
import { listenToAnnouncements, type AnnouncementListener } from '#tests/support/announcements.ts';
import { bookableMember, confirmedBooking, requestSlot } from '#tests/support/bookings.ts';
import { createMember, updateMember, type MemberSpec, type TestMember } from '#tests/support/members.ts';
import { createSlot } from '#tests/support/slots.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
let events: AnnouncementListener;
beforeAll(async () => {
  t = await startTestApp();
  events = await listenToAnnouncements(t.database);
});
afterAll(async () => {
  await events.stop();
  await t.close();
});

const MINUTE = 60_000;
let named = 0;
const member = (name = 'Member', spec: Partial<MemberSpec> = {}) => bookableMember(t, { name: `${name} ${(named += 1)}`, ...spec });

// Each date gets its own time, so one member's confirmed dates never overlap.
let nextSlotHours = 30;
const slotFor = (host: TestMember) => createSlot(t, host, { startsInHours: (nextSlotHours += 3) });

/** Two members with a confirmed date (host, guest); the booking id. */
async function datePair(hostName = 'Host', guestName = 'Guest') {
  const host = await member(hostName);
  const guest = await member(guestName);
  const bookingId = await confirmedBooking(t, host, guest, await slotFor(host));
  return { host, guest, bookingId };
}

const send = (from: TestMember, to: TestMember | string, content: unknown, clientId?: string) =>
  t.call('POST', chatPaths.send, {
    token: from.token,
    body: { recipientId: typeof to === 'string' ? to : to.id, content, ...(clientId ? { clientId } : {}) },
  });
async function sent(from: TestMember, to: TestMember, content: string) {
  const answer = await send(from, to, content);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.message;
}
const thread = (viewer: TestMember, other: TestMember | string, query = '') =>
  t.call('GET', `${chatPaths.conversation(typeof other === 'string' ? other : other.id)}${query}`, { token: viewer.token });
const markRead = (viewer: TestMember, other: TestMember | string) =>
  t.call('POST', chatPaths.markRead(typeof other === 'string' ? other : other.id), { token: viewer.token });
const conversations = async (viewer: TestMember) => {
  const answer = await t.call('GET', chatPaths.conversations, { token: viewer.token });
  expect(answer.status).toBe(200);
  return answer.body.conversations as { _id: string; otherUser: { _id: string; displayName: string; profile: { photos: unknown[] } }; lastMessage: unknown; unreadCount: number }[];
};
/** A member's own photos, as their profile lists them: what others see of them in chat. */
const ownPhotos = async (member: TestMember) => (await t.call('GET', authPaths.me, { token: member.token })).body.user.profile.photos;
const unread = async (viewer: TestMember) => {
  const answer = await t.call('GET', chatPaths.unreadCount, { token: viewer.token });
  expect(answer.status).toBe(200);
  return answer.body.unreadCount as number;
};
const rowsBetween = (a: TestMember, b: TestMember) =>
  t.database.db
    .select()
    .from(messages)
    .where(sql`(${messages.senderId} = ${a.id} and ${messages.recipientId} = ${b.id}) or (${messages.senderId} = ${b.id} and ${messages.recipientId} = ${a.id})`);
const cancel = (who: TestMember, bookingId: string) =>
  t.call('POST', `/bookings/${bookingId}/cancel`, { token: who.token, body: { reason: 'other', customReason: 'Something came up' } });

/** Every message of the thread, walking the pages from the newest with `limit`, and the pages' sizes and hasMore. */
async function walk(viewer: TestMember, other: TestMember, limit?: number) {
  const pages: { size: number; hasMore: boolean }[] = [];
  let all: { _id: string; content: string }[] = [];
  let before: string | null = null;
  for (;;) {
    const params = new URLSearchParams();
    if (limit) params.set('limit', String(limit));
    if (before) params.set('before', before);
    const answer = await thread(viewer, other, `?${params}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    pages.push({ size: answer.body.messages.length, hasMore: answer.body.hasMore });
    all = [...answer.body.messages, ...all];
    if (!answer.body.hasMore) {
      expect(answer.body.nextCursor).toBeNull();
      return { pages, all };
    }
    before = answer.body.nextCursor;
    expect(typeof before).toBe('string');
    if (pages.length > 20) throw new Error('the pages never end');
  }
}

describe('who may chat', () => {
  it('the two parties of a confirmed date chat both ways; the answer is the stored message', async () => {
    const { host, guest, bookingId } = await datePair('Hana', 'Gil');
    const first = await send(guest, host, '  See you at six?  ');
    expect(first.status).toBe(201);
    expect(first.body.message).toEqual({
      _id: expect.any(String),
      sender: { _id: guest.id },
      recipient: { _id: host.id },
      content: 'See you at six?',
      createdAt: t.clock.now().toISOString(),
      isRead: false,
      clientId: null,
    });
    await sent(host, guest, 'Yes, at the window table.');

    const seenByHost = await thread(host, guest);
    expect(seenByHost.status).toBe(200);
    expect(seenByHost.body.messages.map((m: { content: string }) => m.content)).toEqual(['See you at six?', 'Yes, at the window table.']);
    expect(seenByHost.body.messages[0]).toEqual(first.body.message);
    expect(seenByHost.body.booking._id).toBe(bookingId);
    expect(seenByHost.body.otherUser).toMatchObject({ _id: guest.id, profile: { name: guest.name }, displayName: guest.name });
    expect(seenByHost.body.otherUser.profile.photos).toHaveLength(1);
    expect(seenByHost.body.otherUser.profile.photos).toEqual(await ownPhotos(guest));
    expect(seenByHost.body).toMatchObject({ hasMore: false, nextCursor: null });
    const seenByGuest = await thread(guest, host);
    expect(seenByGuest.body.messages).toEqual(seenByHost.body.messages);
    expect(seenByGuest.body.otherUser._id).toBe(host.id);
    expect(seenByGuest.body.otherUser.profile.photos).toEqual(await ownPhotos(host));
  });

  it('refuses (403) without a confirmed date: none, pending, declined, and once the date is cancelled', async () => {
    const stranger = await member('Stranger');
    const host = await member('Host');
    const pendingGuest = await member('Pending');
    await requestSlot(t, pendingGuest, await slotFor(host));
    const declinedGuest = await member('Declined');
    const declinedId = await requestSlot(t, declinedGuest, await slotFor(host));
    const declined = await t.call('POST', `/bookings/${declinedId}/respond`, {
      token: host.token,
      body: { action: 'decline', responseMessage: 'Sorry, I am busy' },
    });
    expect(declined.status).toBe(200);

    for (const guest of [stranger, pendingGuest, declinedGuest]) {
      for (const [viewer, other] of [
        [guest, host],
        [host, guest],
      ] as const) {
        for (const answer of [await send(viewer, other, 'Hello'), await thread(viewer, other), await markRead(viewer, other)]) {
          expect(answer.status, `${viewer.name} → ${other.name}`).toBe(403);
          expect(answer.body.error).toBe(CHAT_ERRORS.notAllowed);
        }
      }
    }
    expect(await rowsBetween(host, pendingGuest)).toEqual([]);

    // A confirmed date opens the chat; cancelling it closes it again.
    const { host: h, guest: g, bookingId } = await datePair();
    await sent(g, h, 'Looking forward to it');
    expect((await conversations(h)).map((c) => c.otherUser._id)).toEqual([g.id]);
    expect(await unread(h)).toBe(1);
    expect((await cancel(g, bookingId)).status).toBe(200);
    expect((await send(g, h, 'Still on?')).status).toBe(403);
    expect((await send(h, g, 'Why?')).status).toBe(403);
    expect((await thread(h, g)).status).toBe(403);
    expect((await markRead(h, g)).status).toBe(403);
    // A refused mark-read marks nothing.
    expect((await rowsBetween(h, g)).map((row) => row.readAt)).toEqual([null]);
    expect(await conversations(h)).toEqual([]);
    // Messages from a member one can no longer chat with are not counted as waiting.
    expect(await unread(h)).toBe(0);

    // A new agreed date reopens the chat, history included.
    const again = await confirmedBooking(t, h, g, await slotFor(h));
    const reopened = await thread(h, g);
    expect(reopened.status).toBe(200);
    expect(reopened.body.booking._id).toBe(again);
    expect(reopened.body.messages.map((m: { content: string }) => m.content)).toEqual(['Looking forward to it']);
    expect(await unread(h)).toBe(1);
  });

  it('stays open after the date is completed (both reviewed)', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const bookingId = await confirmedBooking(t, host, guest, await createSlot(t, host, { startsInHours: 1 }));
    t.clock.advance(4 * HOUR_MS);
    for (const who of [host, guest]) {
      const review = await t.call('POST', `/bookings/${bookingId}/complete`, { token: who.token, body: { rating: 5, comment: 'Lovely', wouldMeetAgain: true } });
      expect(review.status, JSON.stringify(review.body)).toBe(200);
    }
    expect((await t.call('GET', `/bookings/${bookingId}`, { token: host.token })).body.booking.status).toBe('completed');
    await sent(guest, host, 'Thanks for a lovely evening');
    const answer = await thread(host, guest);
    expect(answer.status).toBe(200);
    expect(answer.body.booking._id).toBe(bookingId);
    expect(answer.body.messages.map((m: { content: string }) => m.content)).toEqual(['Thanks for a lovely evening']);
  });

  it('a third member never reads, marks or joins a thread between two others', async () => {
    const { host: ann, guest: ben } = await datePair('Ann', 'Ben');
    const { host: cat, guest: dan } = await datePair('Cat', 'Dan');
    await sent(ben, ann, 'Private to Ann');
    for (const other of [ann, ben]) {
      expect((await thread(cat, other)).status).toBe(403);
      expect((await markRead(cat, other)).status).toBe(403);
      expect((await send(cat, other, 'Hi')).status).toBe(403);
    }
    expect((await conversations(cat)).map((c) => c.otherUser._id)).toEqual([dan.id]);
    const catsThread = await thread(cat, dan);
    expect(catsThread.body.messages).toEqual([]);
    expect(JSON.stringify(await conversations(cat))).not.toContain('Private to Ann');
    expect(await unread(cat)).toBe(0);
    // Ann's message stays unread for her.
    expect(await unread(ann)).toBe(1);
  });

  it('answers 404 for an unknown or malformed member (or one in capitals), 400 for yourself, 401 signed out, 403 unverified', async () => {
    const { host, guest } = await datePair();
    const nobody = randomUUID();
    const shouted = guest.id.toUpperCase();
    for (const answer of [
      await send(host, nobody, 'Hi'),
      await thread(host, nobody),
      await markRead(host, nobody),
      await thread(host, 'not-a-member'),
      await markRead(host, 'x'),
      // Ids are answered in lower case: another spelling names nobody, on every chat call alike.
      await send(host, shouted, 'Hi'),
      await thread(host, shouted),
      await markRead(host, shouted),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe(CHAT_ERRORS.notFound);
    }
    for (const answer of [await send(host, host, 'Me'), await thread(host, host), await markRead(host, host)]) {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(CHAT_ERRORS.toYourself);
    }
    expect((await t.call('GET', chatPaths.conversations)).status).toBe(401);
    expect((await t.call('POST', chatPaths.send, { body: { recipientId: host.id, content: 'Hi' } })).status).toBe(401);
    const unverified = await createMember(t, { name: 'Unverified', city: 'Vancouver', verified: false });
    expect((await send(unverified, guest, 'Hi')).status).toBe(403);
    expect((await t.call('GET', chatPaths.unreadCount, { token: unverified.token })).status).toBe(403);
    expect(await rowsBetween(host, guest)).toEqual([]);
  });

  it('a banned or closed account can neither send nor be sent to', async () => {
    const { host, guest } = await datePair('Host', 'Banned');
    await sent(guest, host, 'Before the ban');
    await updateMember(t, guest.id, { isBanned: true });
    const toBanned = await send(host, guest, 'Hello?');
    expect(toBanned.status).toBe(403);
    expect(toBanned.body.error).toBe(CHAT_ERRORS.notAllowed);
    expect((await send(guest, host, 'Let me in')).status).toBe(403);
    expect((await thread(host, guest)).status).toBe(403);
    expect(await conversations(host)).toEqual([]);
    expect(await unread(host)).toBe(0);

    const { host: h2, guest: suspended } = await datePair('Host', 'Suspended');
    await updateMember(t, suspended.id, { accountStatus: 'suspended' });
    expect((await send(h2, suspended, 'Hello?')).status).toBe(403);
    expect((await send(suspended, h2, 'Hi')).status).toBe(403);
    expect(await rowsBetween(h2, suspended)).toEqual([]);
    expect((await rowsBetween(host, guest)).map((row) => row.content)).toEqual(['Before the ban']);
  });
});

describe('POST /messages/send', () => {
  it('trims the content and refuses empty, too long or malformed bodies with field errors', async () => {
    const { host, guest } = await datePair();
    const cases: [unknown, string][] = [
      [{ recipientId: host.id, content: '   ' }, 'content'],
      [{ recipientId: host.id }, 'content'],
      [{ recipientId: host.id, content: 'x'.repeat(MESSAGE_MAX + 1) }, 'content'],
      [{ recipientId: host.id, content: 42 }, 'content'],
      // PostgreSQL text cannot hold NUL: refused as input (the input guards), never a 500.
      [{ recipientId: host.id, content: 'a\u0000b' }, 'content'],
      [{ recipientId: 'someone', content: 'Hi' }, 'recipientId'],
      [{ content: 'Hi' }, 'recipientId'],
      [{ recipientId: host.id, content: 'Hi', clientId: 'abc' }, 'clientId'],
    ];
    for (const [body, field] of cases) {
      const answer = await t.call('POST', chatPaths.send, { token: guest.token, body });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect(await rowsBetween(host, guest)).toEqual([]);

    // Exactly the limit is fine, counted after trimming; so are characters JSON must escape.
    const longest = await send(guest, host, `  ${'y'.repeat(MESSAGE_MAX)}\n`);
    expect(longest.status).toBe(201);
    expect(longest.body.message.content).toBe('y'.repeat(MESSAGE_MAX));
    const escaped = '\u0001'.repeat(MESSAGE_MAX);
    expect((await send(guest, host, escaped)).status).toBe(201);
    const stored = await rowsBetween(host, guest);
    expect(stored.map((row) => row.content.length)).toEqual([MESSAGE_MAX, MESSAGE_MAX]);
  });

  it('a resend with the same clientId stores nothing new and answers the stored message (200)', async () => {
    const { host, guest } = await datePair();
    const clientId = randomUUID();
    const first = await send(guest, host, 'Running 5 minutes late', clientId);
    expect(first.status).toBe(201);
    expect(first.body.message.clientId).toBe(clientId);
    t.clock.advance(MINUTE);
    const again = await send(guest, host, '  Running 5 minutes late ', clientId);
    expect(again.status).toBe(200);
    expect(again.body.message).toEqual(first.body.message);
    expect(await rowsBetween(host, guest)).toHaveLength(1);
    // The same clientId is the sender's own: another sender may use it too.
    expect((await send(host, guest, 'No problem', clientId)).status).toBe(201);
    expect(await rowsBetween(host, guest)).toHaveLength(2);
  });

  it('ten identical sends at the same moment store one message', async () => {
    const { host, guest } = await datePair();
    const clientId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(guest, host, 'Only once', clientId)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.message._id)).size).toBe(1);
    const rows = await rowsBetween(host, guest);
    expect(rows.map((row) => row.content)).toEqual(['Only once']);
    expect((await thread(host, guest)).body.messages).toHaveLength(1);
  });

  it('refuses a clientId reused for another text or another recipient (409)', async () => {
    const { host: ann, guest: ben } = await datePair('Ann', 'Ben');
    const carl = await member('Carl');
    await confirmedBooking(t, carl, ben, await slotFor(carl));
    const clientId = randomUUID();
    expect((await send(ben, ann, 'Hello Ann', clientId)).status).toBe(201);
    for (const answer of [await send(ben, ann, 'Something else', clientId), await send(ben, carl, 'Hello Ann', clientId)]) {
      expect(answer.status).toBe(409);
      expect(answer.body.error).toBe(CLIENT_ID_REUSED);
    }
    expect(await rowsBetween(ben, carl)).toEqual([]);
    expect((await rowsBetween(ben, ann)).map((row) => row.content)).toEqual(['Hello Ann']);
  });

  it(`limits a member to ${SEND_LIMIT.max} messages a minute (429 with retry-after)`, async () => {
    const { host, guest } = await datePair();
    t.clock.advance(MINUTE);
    for (let i = 0; i < SEND_LIMIT.max; i += 1) expect((await send(guest, host, `Message ${i}`)).status).toBe(201);
    const refused = await send(guest, host, 'One too many');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The other member is not held back by it.
    expect((await send(host, guest, 'Slow down!')).status).toBe(201);
    t.clock.advance(SEND_LIMIT.windowMs);
    expect((await send(guest, host, 'Sorry')).status).toBe(201);
    expect(await rowsBetween(host, guest)).toHaveLength(SEND_LIMIT.max + 2);
  });

  it('sends refused for want of a date do not count against the limit', async () => {
    const { host, guest } = await datePair();
    const stranger = await member('Stranger');
    t.clock.advance(MINUTE);
    for (let i = 0; i < SEND_LIMIT.max; i += 1) expect((await send(guest, stranger, `Hello ${i}`)).status).toBe(403);
    expect((await send(guest, host, 'Still here')).status).toBe(201);
    expect(await rowsBetween(guest, stranger)).toEqual([]);
  });

  it('a send refused by the limit stores and tells nothing, and its Idempotency-Key sends it once the minute has passed', async () => {
    const { host, guest } = await datePair();
    t.clock.advance(MINUTE);
    for (let i = 0; i < SEND_LIMIT.max; i += 1) expect((await send(guest, host, `Message ${i}`)).status).toBe(201);
    const inboxBefore = await t.call('GET', '/messages/unread-count', { token: host.token });
    const key = randomUUID();
    const keyed = () =>
      t.call('POST', chatPaths.send, { token: guest.token, headers: { 'idempotency-key': key }, body: { recipientId: host.id, content: 'Are you there?' } });
    expect((await keyed()).status).toBe(429);
    expect((await keyed()).status).toBe(429);
    expect(await rowsBetween(host, guest)).toHaveLength(SEND_LIMIT.max);
    expect((await t.call('GET', '/messages/unread-count', { token: host.token })).body).toEqual(inboxBefore.body);
    t.clock.advance(SEND_LIMIT.windowMs);
    const sentNow = await keyed();
    expect(sentNow.status).toBe(201);
    expect((await keyed()).body).toEqual(sentNow.body);
    expect((await rowsBetween(host, guest)).filter((row) => row.content === 'Are you there?')).toHaveLength(1);
  });
});

describe('GET /messages/conversation/{userId}', () => {
  it('pages through a long thread with cursors: newest page first, no gaps or duplicates, exact hasMore', async () => {
    const { host, guest } = await datePair();
    const total = 120;
    // Many messages share one instant (the test clock): the order is the order they were stored.
    for (let i = 0; i < total; i += 1) {
      if (i % 40 === 0) t.clock.advance(MINUTE);
      await sent(i % 3 === 0 ? host : guest, i % 3 === 0 ? guest : host, `m${i}`);
    }
    const expected = Array.from({ length: total }, (_, i) => `m${i}`);

    const newest = await thread(guest, host);
    expect(newest.body.messages).toHaveLength(CHAT_PAGE_SIZE);
    expect(newest.body.messages.map((m: { content: string }) => m.content)).toEqual(expected.slice(total - CHAT_PAGE_SIZE));

    const byDefault = await walk(guest, host);
    expect(byDefault.pages).toEqual([
      { size: 50, hasMore: true },
      { size: 50, hasMore: true },
      { size: 20, hasMore: false },
    ]);
    expect(byDefault.all.map((m) => m.content)).toEqual(expected);
    expect(new Set(byDefault.all.map((m) => m._id)).size).toBe(total);

    // A page that ends exactly on the first message says there is no more.
    const exact = await walk(host, guest, 40);
    expect(exact.pages).toEqual([
      { size: 40, hasMore: true },
      { size: 40, hasMore: true },
      { size: 40, hasMore: false },
    ]);
    expect(exact.all.map((m) => m.content)).toEqual(expected);
    const small = await walk(host, guest, 7);
    expect(small.all.map((m) => m.content)).toEqual(expected);
    expect(small.pages.at(-1)).toEqual({ size: 120 % 7, hasMore: false });

    // New messages arriving while paging back do not shift the older pages.
    const first = await thread(guest, host, '?limit=10');
    await sent(host, guest, 'newer');
    const second = await thread(guest, host, `?limit=10&before=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body.messages.map((m: { content: string }) => m.content)).toEqual(expected.slice(100, 110));
  });

  it('refuses a bad limit or a malformed cursor (400 with the field)', async () => {
    const { host, guest } = await datePair();
    await sent(host, guest, 'Hi');
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      [`?limit=${CHAT_PAGE_SIZE + 1}`, 'limit'],
      ['?limit=abc', 'limit'],
      ['?before=not-a-cursor', 'before'],
      [`?before=${Buffer.from('m-1').toString('base64url')}`, 'before'],
      [`?before=${'a'.repeat(300)}`, 'before'],
    ] as const) {
      const answer = await thread(guest, host, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.fields.map((f: { field: string }) => f.field)).toEqual([field]);
    }
  });
});

describe('unread messages and the conversation list', () => {
  it('counts unread messages per conversation and in total; mark-read clears them and the sender sees them read', async () => {
    const { host: ann, guest: ben } = await datePair('Ann', 'Ben');
    const cat = await member('Cat');
    await confirmedBooking(t, ann, cat, await slotFor(ann));
    await sent(ben, ann, 'One');
    await sent(ben, ann, 'Two');
    await sent(cat, ann, 'Three');
    await sent(ann, ben, 'Reply');
    expect(await unread(ann)).toBe(3);
    expect(await unread(ben)).toBe(1);
    const list = await conversations(ann);
    expect(Object.fromEntries(list.map((c) => [c.otherUser._id, c.unreadCount]))).toEqual({ [ben.id]: 2, [cat.id]: 1 });

    const marked = await markRead(ann, ben);
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ markedRead: 2 });
    expect(await unread(ann)).toBe(1);
    // Only what Ben sent Ann: her own reply to Ben stays unread for him.
    expect(await unread(ben)).toBe(1);
    const seenByBen = (await thread(ben, ann)).body.messages.map((m: { content: string; isRead: boolean }) => [m.content, m.isRead]);
    expect(seenByBen).toEqual([
      ['One', true],
      ['Two', true],
      ['Reply', false],
    ]);
    expect((await markRead(ann, ben)).body).toEqual({ markedRead: 0 });
    expect(Object.fromEntries((await conversations(ann)).map((c) => [c.otherUser._id, c.unreadCount]))).toEqual({ [ben.id]: 0, [cat.id]: 1 });
  });

  it('lists everyone one may chat with, newest activity first, with the last message; couples by both names', async () => {
    const ann = await member('Ann');
    const ben = await member('Ben');
    const cora = await member('Cora', { couple: { partnerName: 'Cal', partnerAge: 33, partnerGender: 'male' } });
    const dan = await member('Dan');
    const eve = await member('Eve');
    for (const guest of [ben, cora, dan]) {
      t.clock.advance(MINUTE);
      await confirmedBooking(t, ann, guest, await slotFor(ann));
    }
    // Eve only asked: no chat yet.
    await requestSlot(t, eve, await slotFor(ann));

    // No message yet: ordered by the dates' booking time, newest first.
    const before = await conversations(ann);
    expect(before.map((c) => c.otherUser._id)).toEqual([dan.id, cora.id, ben.id]);
    expect(before.every((c) => c.lastMessage === null && c.unreadCount === 0)).toBe(true);
    expect(before[0]!._id).toBe(conversationIdOf(ann.id, dan.id));
    expect(before[1]!.otherUser).toMatchObject({ displayName: `${cora.name} & Cal`, profile: { name: cora.name } });
    for (const [i, other] of [dan, cora, ben].entries()) expect(before[i]!.otherUser.profile.photos).toEqual(await ownPhotos(other));

    t.clock.advance(MINUTE);
    await sent(ben, ann, 'Hi Ann');
    t.clock.advance(MINUTE);
    // Two messages in the same instant: the later one is the newer activity.
    await sent(ann, cora, 'Hello you two');
    const last = await sent(ben, ann, 'Are we still on?');
    const after = await conversations(ann);
    expect(after.map((c) => c.otherUser._id)).toEqual([ben.id, cora.id, dan.id]);
    expect(after[0]).toMatchObject({ lastMessage: { sender: ben.id, content: 'Are we still on?', createdAt: last.createdAt }, unreadCount: 2 });
    expect(after[1]).toMatchObject({ lastMessage: { sender: ann.id, content: 'Hello you two' }, unreadCount: 0 });
    expect(after[2]).toMatchObject({ lastMessage: null, unreadCount: 0 });
    expect(await unread(ann)).toBe(after.reduce((sum, c) => sum + c.unreadCount, 0));

    // The other side sees the same conversation (same id), named as one person.
    const seenByCora = await conversations(cora);
    expect(seenByCora).toEqual([
      { _id: after[1]!._id, otherUser: expect.objectContaining({ _id: ann.id, displayName: ann.name }), lastMessage: after[1]!.lastMessage, unreadCount: 1 },
    ]);
  });

  it('never lets an e-mail address or a password hash out', async () => {
    const { host, guest } = await datePair();
    const message = await send(guest, host, 'Hello');
    const answers = [message, await thread(host, guest), await t.call('GET', chatPaths.conversations, { token: host.token })];
    for (const answer of answers) {
      const text = JSON.stringify(answer.body);
      for (const email of [host.email, guest.email]) expect(text).not.toContain(email);
      expect(text).not.toMatch(/password|email/i);
    }
  });
});

describe('realtime announcements', () => {
  const messageEventFor = (content: string) => (a: { event: { type: string; message?: { content: string } } }) =>
    a.event.type === 'message' && a.event.message?.content === content;

  it('a sent message is announced to both members, once, when it is stored', async () => {
    const { host, guest } = await datePair();
    const content = `Announced ${randomUUID()}`;
    const clientId = randomUUID();
    const answer = await send(guest, host, content, clientId);
    const heard = await events.waitFor(messageEventFor(content));
    expect(heard).toEqual({ to: [host.id, guest.id], event: { type: 'message', message: answer.body.message } });

    // A resend stores nothing and announces nothing (the next send's event arrives after it would have).
    expect((await send(guest, host, content, clientId)).status).toBe(200);
    const marker = `Marker ${randomUUID()}`;
    await sent(guest, host, marker);
    await events.waitFor(messageEventFor(marker));
    expect(events.heard.filter(messageEventFor(content))).toHaveLength(1);
  });

  it('mark-read announces messagesRead to reader and sender, only when something was marked', async () => {
    const { host, guest } = await datePair();
    await sent(guest, host, 'Read me');
    expect((await markRead(host, guest)).body).toEqual({ markedRead: 1 });
    const isRead = (a: { event: { type: string } & Record<string, unknown> }) =>
      a.event.type === 'messagesRead' && a.event.readerId === host.id && a.event.senderId === guest.id;
    expect(await events.waitFor(isRead)).toEqual({ to: [host.id, guest.id], event: { type: 'messagesRead', readerId: host.id, senderId: guest.id } });

    expect((await markRead(host, guest)).body).toEqual({ markedRead: 0 });
    const marker = `Marker ${randomUUID()}`;
    await sent(guest, host, marker);
    await events.waitFor(messageEventFor(marker));
    expect(events.heard.filter(isRead)).toHaveLength(1);
  });

  it('nothing is announced, and nothing stored, when the transaction fails at commit', async () => {
    const { host, guest } = await datePair();
    const doomed = `Refused at commit ${randomUUID()}`;
    // A deferred check fires at COMMIT, after the message was inserted and announced in the transaction.
    await t.database.db.execute(
      sql.raw(`create function chat_test_refuse() returns trigger language plpgsql as $$
        begin
          if new.content = '${doomed}' then raise exception 'refused at commit'; end if;
          return null;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create constraint trigger chat_test_refuse after insert on messages deferrable initially deferred
        for each row execute function chat_test_refuse()`),
    );
    try {
      const answer = await send(guest, host, doomed);
      expect(answer.status).toBe(500);
      const marker = `Marker ${randomUUID()}`;
      await sent(guest, host, marker);
      await events.waitFor(messageEventFor(marker));
      expect(events.heard.filter(messageEventFor(doomed))).toEqual([]);
      expect((await rowsBetween(host, guest)).map((row) => row.content)).toEqual([marker]);
      expect(await t.database.db.select().from(messages).where(and(eq(messages.senderId, guest.id), eq(messages.content, doomed)))).toEqual([]);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger chat_test_refuse on messages'));
      await t.database.db.execute(sql.raw('drop function chat_test_refuse()'));
    }
  });
});
