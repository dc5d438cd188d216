import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocksPaths } from '#shared/api/blocks.ts';
import { BOOKING_ERRORS } from '#shared/api/bookings.ts';
import { CHAT_ERRORS, chatPaths } from '#shared/api/chat.ts';
import { notificationsPaths } from '#shared/api/notifications.ts';
import { HOUR_MS } from '#shared/domain/booking.ts';
import { bookableMember, confirmedBooking, requestBody, requestSlot } from '#tests/support/bookings.ts';
import { OPEN_PREFERENCES, type TestMember } from '#tests/support/members.ts';
import { connect, fence, type RealtimeClient } from '#tests/support/realtime.ts';
import { createSlot } from '#tests/support/slots.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
const sockets: RealtimeClient[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => (socket.socket.readyState === socket.socket.CLOSED ? null : socket.close())));
  await t.close();
});

let named = 0;
const member = (name: string) =>
  bookableMember(t, { name: `${name} ${(named += 1)}`, preferences: OPEN_PREFERENCES, interests: ['Coffee'] });
const block = (who: TestMember, whom: string) => t.call('POST', blocksPaths.block(whom), { token: who.token });
const unblock = (who: TestMember, whom: string) => t.call('DELETE', blocksPaths.block(whom), { token: who.token });
const blockedList = async (who: TestMember) => (await t.call('GET', blocksPaths.blocked, { token: who.token })).body.members as { _id: string; firstName: string }[];
let nextHours = 48;
const slotOf = (host: TestMember) => createSlot(t, host, { startsInHours: (nextHours += 3) });

/** Whether `from`'s typing reaches `to`'s socket: no event can be awaited for "never", so it waits a moment. */
async function typingReaches(from: { client: RealtimeClient; id: string }, to: { client: RealtimeClient; id: string }): Promise<boolean> {
  from.client.send({ type: 'typing', recipientId: to.id, conversationId: '' });
  try {
    await to.client.next('userTyping', (event) => event.userId === from.id, { timeoutMs: 1_500 });
    return true;
  } catch {
    return false;
  }
}

/** Two members who may chat through a date that has happened and been reviewed: a block does not undo it. */
async function pastDate() {
  const host = await member('Host');
  const guest = await member('Guest');
  const bookingId = await confirmedBooking(t, host, guest, await createSlot(t, host, { startsInHours: 1 }));
  t.clock.advance(4 * HOUR_MS);
  for (const who of [host, guest]) {
    const review = await t.call('POST', `/bookings/${bookingId}/complete`, { token: who.token, body: { rating: 5, comment: 'Lovely', wouldMeetAgain: true } });
    expect(review.status).toBe(200);
  }
  return { host, guest, bookingId };
}

describe('POST and DELETE /api/users/{id}/block, GET /api/users/blocked', () => {
  it('blocks and unblocks idempotently, lists whom the member blocked, and refuses yourself (400) and unknown members (404)', async () => {
    const ann = await member('Ann');
    const ben = await member('Ben');
    expect(await blockedList(ann)).toEqual([]);
    for (let i = 0; i < 2; i += 1) {
      const answer = await block(ann, ben.id);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, message: 'Member blocked', isBlocked: true });
    }
    expect(await blockedList(ann)).toEqual([expect.objectContaining({ _id: ben.id, firstName: 'Ben' })]);
    // The blocked member is never told: their list is their own.
    expect(await blockedList(ben)).toEqual([]);

    expect((await block(ann, ann.id)).body).toEqual({ error: 'You cannot block yourself' });
    expect((await block(ann, ann.id)).status).toBe(400);
    // Their id in capitals is still themselves.
    expect((await block(ann, ann.id.toUpperCase())).status).toBe(400);
    expect(await blockedList(ann)).toHaveLength(1);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await block(ann, id)).status, id).toBe(404);
      expect((await unblock(ann, id)).status, id).toBe(404);
    }
    expect((await t.call('POST', blocksPaths.block(ben.id))).status).toBe(401);

    for (let i = 0; i < 2; i += 1) expect((await unblock(ann, ben.id)).body).toEqual({ success: true, message: 'Member unblocked', isBlocked: false });
    expect(await blockedList(ann)).toEqual([]);
  });
});

/**
 * Every call that can reach another member, asked by each of the two of a pair before the block
 * (it reaches), while one has blocked the other (it does not, whichever of the two asks), and after
 * the unblock (it reaches again).
 */
describe('a block hides the two from each other everywhere, both ways', () => {
  it('browse, available dates, member page, likes, nudge, book, chat list, thread, send, presence and typing', async () => {
    const { host: ann, guest: ben } = await pastDate();
    const [annSlot, benSlot] = [await slotOf(ann), await slotOf(ben)];
    const pair = [
      { me: ann, other: ben, otherSlot: benSlot },
      { me: ben, other: ann, otherSlot: annSlot },
    ];

    type Reach = { name: string; reaches: (me: TestMember, other: TestMember, otherSlot: string) => Promise<boolean> };
    // The refusals of a member who is not there (decision 74), status and text.
    const PROFILE_NOT_FOUND = [404, { error: 'Profile not found' }];
    const CHAT_NOT_ALLOWED = [403, { error: CHAT_ERRORS.notAllowed }];
    const listed = (ids: { _id: string }[], id: string) => ids.some((item) => item._id === id);
    const reads: Reach[] = [
      { name: 'browse', reaches: async (me, other) => listed((await t.call('GET', '/users/browse?limit=50', { token: me.token })).body.users, other.id) },
      {
        name: 'available dates',
        reaches: async (me, _other, slot) => listed((await t.call('GET', '/availability/browse', { token: me.token })).body.slots, slot),
      },
      {
        name: 'member page',
        reaches: async (me, other) => {
          const answer = await t.call('GET', `/users/${other.id}`, { token: me.token });
          if (answer.status !== 200) expect([answer.status, answer.body]).toEqual(PROFILE_NOT_FOUND);
          return answer.status === 200;
        },
      },
      { name: 'likes given', reaches: async (me, other) => listed((await t.call('GET', '/users/likes', { token: me.token })).body.given, other.id) },
      { name: 'my likes received', reaches: async (me, other) => listed((await t.call('GET', '/users/likes', { token: me.token })).body.received, other.id) },
      { name: 'chat list', reaches: async (me, other) => (await t.call('GET', chatPaths.conversations, { token: me.token })).body.conversations.some((c: { otherUser: { _id: string } }) => c.otherUser._id === other.id) },
      {
        name: 'thread',
        reaches: async (me, other) => {
          const answer = await t.call('GET', chatPaths.conversation(other.id), { token: me.token });
          if (answer.status !== 200) expect([answer.status, answer.body]).toEqual(CHAT_NOT_ALLOWED);
          return answer.status === 200;
        },
      },
      {
        name: 'presence',
        reaches: async (me, other) => {
          const otherSocket = await connect(t.url, other.token);
          sockets.push(otherSocket);
          const mine = await connect(t.url);
          sockets.push(mine);
          mine.send({ type: 'auth', token: me.token });
          const ready = await mine.next('ready');
          await otherSocket.close();
          await mine.close();
          return ready.onlineUserIds.includes(other.id);
        },
      },
      {
        name: 'typing',
        reaches: async (me, other) => {
          const [mine, theirs] = [await connect(t.url, me.token), await connect(t.url, other.token)];
          sockets.push(mine, theirs);
          const reached = await typingReaches({ client: mine, id: me.id }, { client: theirs, id: other.id });
          await Promise.all([mine.close(), theirs.close()]);
          return reached;
        },
      },
    ];
    // Calls that change something: each is tried once per state, and its refusal must be the silent one.
    const writes: Reach[] = [
      {
        name: 'like',
        reaches: async (me, other) => {
          const answer = await t.call('POST', `/users/${other.id}/like`, { token: me.token });
          if (answer.status !== 200) expect([answer.status, answer.body]).toEqual(PROFILE_NOT_FOUND);
          return answer.status === 200;
        },
      },
      {
        name: 'nudge',
        reaches: async (me, other) => {
          const answer = await t.call('POST', `/users/${other.id}/nudge`, { token: me.token });
          // 429: today's nudge was sent in an earlier round; the member was reached, only the day's limit stops it.
          const reached = answer.status === 200 || answer.status === 429;
          if (!reached) expect([answer.status, answer.body]).toEqual(PROFILE_NOT_FOUND);
          return reached;
        },
      },
      {
        name: 'send',
        reaches: async (me, other) => {
          const answer = await t.call('POST', chatPaths.send, { token: me.token, body: { recipientId: other.id, content: 'Hello again' } });
          if (answer.status !== 201) expect([answer.status, answer.body]).toEqual(CHAT_NOT_ALLOWED);
          return answer.status === 201;
        },
      },
      {
        name: 'book',
        reaches: async (me, _other, slot) => {
          const answer = await t.call('POST', '/bookings/request', { token: me.token, body: requestBody(slot) });
          // A request left pending from an earlier round: the server refuses a second one to the same host (409).
          const reached = answer.status === 201 || answer.status === 409;
          if (!reached) expect([answer.status, answer.body]).toEqual([404, { error: BOOKING_ERRORS.slotGone }]);
          return reached;
        },
      },
    ];

    const reachAll = async () => {
      const seen: string[] = [];
      for (const { me, other, otherSlot } of pair) {
        for (const { name, reaches } of writes) if (await reaches(me, other, otherSlot)) seen.push(`${name} ${me.name}`);
      }
      // Reads after both members' writes: each has liked the other by then.
      for (const { me, other, otherSlot } of pair) {
        for (const { name, reaches } of reads) if (await reaches(me, other, otherSlot)) seen.push(`${name} ${me.name}`);
      }
      return seen.sort();
    };
    const everything = pair.flatMap(({ me }) => [...writes, ...reads].map(({ name }) => `${name} ${me.name}`)).sort();

    expect(await reachAll()).toEqual(everything);
    expect((await block(ann, ben.id)).status).toBe(200);
    expect(await reachAll()).toEqual([]);
    expect((await unblock(ann, ben.id)).status).toBe(200);
    expect(await reachAll()).toEqual(everything);

    // Blocked by the other, then blocked back: one lifting theirs leaves the other's in force.
    await block(ann, ben.id);
    await block(ben, ann.id);
    await unblock(ann, ben.id);
    expect(await reachAll()).toEqual([]);
  });
});

it('a block reaches sockets already open: each is told the other went offline, and typing between the two stops at once', async () => {
  const { host: ann, guest: ben } = await pastDate();
  const [annSocket, benSocket] = [await connect(t.url, ann.token), await connect(t.url, ben.token)];
  sockets.push(annSocket, benSocket);
  const annSide = { client: annSocket, id: ann.id };
  const benSide = { client: benSocket, id: ben.id };
  expect(await typingReaches(annSide, benSide)).toBe(true);
  expect(await typingReaches(benSide, annSide)).toBe(true);
  expect(annSocket.events.some((event) => event.type === 'userOffline')).toBe(false);
  await block(ben, ann.id);
  await annSocket.next('userOffline', (event) => event.userId === ben.id);
  await benSocket.next('userOffline', (event) => event.userId === ann.id);
  expect(await typingReaches(annSide, benSide)).toBe(false);
  expect(await typingReaches(benSide, annSide)).toBe(false);
});

it('an unblock reaches sockets already open: two who had a date see each other online again, unless a block stays the other way; two without a date hear nothing', async () => {
  const { host: ann, guest: ben } = await pastDate();
  const carl = await member('Carl');
  const [annSocket, benSocket, carlSocket] = [await connect(t.url, ann.token), await connect(t.url, ben.token), await connect(t.url, carl.token)];
  sockets.push(annSocket, benSocket, carlSocket);
  const all = [
    { client: annSocket, id: ann.id },
    { client: benSocket, id: ben.id },
    { client: carlSocket, id: carl.id },
  ];
  await fence(t.database, all);
  const connected = all.map(({ client }) => client.events.length);
  /** The presence each socket heard since all three were connected. */
  const presenceSeen = async () => {
    await fence(t.database, all);
    return all.map(({ client }, i) =>
      client.events
        .slice(connected[i])
        .filter((e) => e.type === 'userOnline' || e.type === 'userOffline')
        .map((e) => `${e.type} ${e.userId}`),
    );
  };

  await block(ben, ann.id);
  await block(ann, ben.id);
  await unblock(ben, ann.id);
  // Each block tells both the other is offline; Ann's block stands, so nobody is told anyone is online.
  const offline = (id: string) => [`userOffline ${id}`, `userOffline ${id}`];
  expect(await presenceSeen()).toEqual([offline(ben.id), offline(ann.id), []]);

  expect((await unblock(ann, ben.id)).status).toBe(200);
  expect(await presenceSeen()).toEqual([[...offline(ben.id), `userOnline ${ben.id}`], [...offline(ann.id), `userOnline ${ann.id}`], []]);

  await block(carl, ann.id);
  await unblock(carl, ann.id);
  const [annHeard, , carlHeard] = await presenceSeen();
  expect(carlHeard).toEqual([`userOffline ${ann.id}`]);
  expect(annHeard).toEqual([...offline(ben.id), `userOnline ${ben.id}`, `userOffline ${carl.id}`]);
});

describe('what a block ends', () => {
  it('pending requests between the two end, and confirmed dates ahead are cancelled with no penalty; the other is told only that; past dates stay', async () => {
    const { host: ann, guest: ben, bookingId: past } = await pastDate();
    const ahead = await confirmedBooking(t, ann, ben, await slotOf(ann));
    const pending = await requestSlot(t, ann, await slotOf(ben));
    const other = await member('Other');
    const untouched = await requestSlot(t, other, await slotOf(ann));
    const scores = async () => Promise.all([ann, ben].map(async (who) => (await t.call('GET', '/auth/me', { token: who.token })).body.user.reliabilityScore.current));
    const before = await scores();

    expect((await block(ann, ben.id)).status).toBe(200);

    const status = async (who: TestMember, id: string) => (await t.call('GET', `/bookings/${id}`, { token: who.token })).body.booking;
    // Neither party's view names who cancelled it.
    for (const who of [ben, ann]) expect(await status(who, ahead)).toMatchObject({ status: 'cancelled', cancellation: { cancelledBy: null, reason: 'Date cancelled', penalty: 0 } });
    expect((await status(ann, pending)).status).toBe('auto_cancelled');
    expect((await status(ann, past)).status).toBe('completed');
    expect((await status(other, untouched)).status).toBe('pending');
    expect(await scores()).toEqual(before);

    const inbox = (await t.call('GET', '/users/notifications', { token: ben.token })).body.notifications as { title: string; message: string; data: { bookingId?: string } }[];
    const told = inbox.find((item) => item.title === 'Your date was cancelled' && item.data.bookingId === ahead);
    expect(told?.message).toMatch(/^Your date on .+ is cancelled\.$/);
    expect(JSON.stringify(inbox)).not.toMatch(/block/i);
    // The mail says what the inbox says: no name of who cancelled, no reason.
    await t.app.jobs.runDue();
    const mail = await t.sink.waitFor((sent) => sent.to.includes(ben.email.toLowerCase()) && /cancelled/i.test(sent.subject));
    expect(mail.subject).toBe('Your date was cancelled');
    expect(mail.text).toContain(told!.message);
    expect(mail.text).not.toContain(ann.name.split(' ')[0]!);
    expect(mail.text).not.toMatch(/cancelled your date|reason/i);
    // The blocker's own inbox gets nothing about it: they did it.
    expect(JSON.stringify((await t.call('GET', '/users/notifications', { token: ann.token })).body)).not.toContain('is cancelled.');

    // Unblocking restores visibility, not the cancelled date.
    await unblock(ann, ben.id);
    expect((await status(ben, ahead)).status).toBe('cancelled');
  });

  it("a host who blocks a guest with a pending request: the host's request item ends (read, no longer pending) and leaves the unread count", async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const bookingId = await requestSlot(t, guest, await slotOf(host));
    const requestItem = async () =>
      ((await t.call('GET', notificationsPaths.list, { token: host.token })).body.notifications as { type: string; status: string | null; isRead: boolean; data: { bookingId?: string } }[]).find(
        (item) => item.type === 'booking_request' && item.data.bookingId === bookingId,
      );
    const unread = async () => (await t.call('GET', notificationsPaths.unreadCount, { token: host.token })).body.count as number;
    expect(await requestItem()).toMatchObject({ status: null, isRead: false });
    const unreadBefore = await unread();

    expect((await block(host, guest.id)).status).toBe(200);

    expect(await requestItem()).toMatchObject({ status: 'cancelled', isRead: true });
    expect(await unread()).toBe(unreadBefore - 1);
    expect((await t.call('GET', `/bookings/${bookingId}`, { token: host.token })).body.booking.status).toBe('auto_cancelled');
  });

  it('a host cannot accept a request from a member blocked since it was made', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const bookingId = await requestSlot(t, guest, await slotOf(host));
    // The request slipped in beside the block (the block's own ending ran before it committed).
    await t.database.db.execute(`insert into blocks (blocker_id, blocked_id, created_at) values ('${guest.id}', '${host.id}', now())`);
    const answer = await t.call('POST', `/bookings/${bookingId}/respond`, { token: host.token, body: { action: 'confirm' } });
    expect(answer.status).toBe(409);
  });

  it('two blocks of one pair at once make one block and end the date once', async () => {
    const ann = await member('Ann');
    const ben = await member('Ben');
    const ahead = await confirmedBooking(t, ann, ben, await slotOf(ann));
    const answers = await Promise.all([block(ann, ben.id), block(ann, ben.id), block(ben, ann.id)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const inbox = async (who: TestMember) =>
      ((await t.call('GET', '/users/notifications', { token: who.token })).body.notifications as { title: string; data?: { bookingId?: string } }[]).filter(
        (item) => item.title === 'Your date was cancelled' && item.data?.bookingId === ahead,
      );
    expect((await inbox(ann)).length + (await inbox(ben)).length).toBe(1);
    expect(await blockedList(ann)).toHaveLength(1);
  });
});
