import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announce } from '#server/platform/realtime/announce.ts';
import { FLOOD_LIMIT, SESSION_RECHECK_MS } from '#server/platform/realtime/realtime.ts';
import { realtimePresence } from '#server/platform/realtime/realtime.tables.ts';
import { REALTIME_CLOSE } from '#shared/api/realtime.ts';
import { conversationIdOf } from '#shared/domain/chat.ts';
import { bookableMember, confirmedBooking, requestSlot } from '#tests/support/bookings.ts';
import { createMember, updateMember, type TestMember } from '#tests/support/members.ts';
import { connect, fence, withoutFences, type RealtimeClient } from '#tests/support/realtime.ts';
import { createSlot } from '#tests/support/slots.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const open: RealtimeClient[] = [];
async function socketOf(member: TestMember): Promise<RealtimeClient> {
  const client = await connect(t.url, member.token);
  open.push(client);
  return client;
}
afterAll(async () => {
  await Promise.all(open.map((client) => (client.socket.readyState === client.socket.CLOSED ? null : client.close())));
});

let named = 0;
const member = (name: string) => bookableMember(t, { name: `${name} ${(named += 1)}` });

/** Two members with an agreed date between them: they may chat. */
async function partners() {
  const host = await member('Host');
  const guest = await member('Guest');
  await confirmedBooking(t, host, guest, await createSlot(t, host, { startsInHours: 24 }));
  return { host, guest };
}

describe('authentication by the first message', () => {
  it('a good session token answers ready', async () => {
    const vera = await createMember(t, { name: 'Vera', city: 'Vancouver' });
    const client = await connect(t.url);
    client.send({ type: 'auth', token: vera.token });
    expect(await client.next('ready')).toEqual({ type: 'ready', onlineUserIds: [] });
    await client.close();
  });

  it('a bad token is closed with 4401', async () => {
    const client = await connect(t.url);
    client.send({ type: 'auth', token: 'not-a-session' });
    expect((await client.closed).code).toBe(REALTIME_CLOSE.unauthorized);
  });

  it('a token in the URL is ignored: the first message must still be auth (4401 otherwise)', async () => {
    const vera = await createMember(t, { name: 'Url', city: 'Vancouver' });
    const client = await connect(t.url, undefined, { query: `?token=${vera.token}` });
    client.send({ type: 'typing', recipientId: vera.id, conversationId: 'x' });
    expect((await client.closed).code).toBe(REALTIME_CLOSE.unauthorized);
    const garbage = await connect(t.url);
    garbage.send('not json');
    expect((await garbage.closed).code).toBe(REALTIME_CLOSE.unauthorized);
  });

  it('no auth message in time is closed with 4408', async () => {
    const client = await connect(t.url);
    expect((await client.closed).code).toBe(REALTIME_CLOSE.authTimeout);
  });

  it('unverified and banned members are refused (4401)', async () => {
    const unverified = await createMember(t, { name: 'Una', city: 'Vancouver', verified: false });
    const banned = await createMember(t, { name: 'Ban', city: 'Vancouver' });
    await updateMember(t, banned.id, { isBanned: true });
    for (const who of [unverified, banned]) {
      const client = await connect(t.url);
      client.send({ type: 'auth', token: who.token });
      expect((await client.closed).code).toBe(REALTIME_CLOSE.unauthorized);
      expect(client.events).toEqual([]);
    }
  });

  it('a session that ends while its socket is open (signed out elsewhere) closes the socket at the next check (4401)', async () => {
    const vera = await createMember(t, { name: 'Leaver', city: 'Vancouver' });
    const other = await t.call('POST', '/auth/login', { body: { email: vera.email, password: 'correct horse battery' } });
    expect(other.status).toBe(200);
    const kept = await socketOf({ ...vera, token: other.body.token });
    const client = await socketOf(vera);
    expect((await t.call('POST', '/auth/logout', { token: vera.token })).status).toBeLessThan(300);
    t.clock.advance(SESSION_RECHECK_MS);
    await t.app.realtime.tick();
    expect((await client.closed).code).toBe(REALTIME_CLOSE.unauthorized);
    // The member's other session (another device) stays connected.
    await fence(t.database, [{ id: vera.id, client: kept }]);
    expect(kept.socket.readyState).toBe(kept.socket.OPEN);
  });

  it('a socket that floods is closed (4429); bad messages after auth are ignored', async () => {
    const vera = await createMember(t, { name: 'Flood', city: 'Vancouver' });
    const client = await socketOf(vera);
    client.send('nonsense');
    client.send({ type: 'whatever' });
    for (let i = 0; i < FLOOD_LIMIT.messages; i += 1) client.send({ type: 'stopTyping', recipientId: vera.id, conversationId: 'x' });
    expect((await client.closed).code).toBe(REALTIME_CLOSE.tooManyMessages);
  });
});

describe('events reach the right member, as their change commits', () => {
  it('scoreUpdate on a first photo, to that member only', async () => {
    const pia = await createMember(t, { name: 'Pia', city: 'Vancouver' });
    const other = await createMember(t, { name: 'Otto', city: 'Vancouver' });
    const [piaSocket, otherSocket] = [await socketOf(pia), await socketOf(other)];
    // Their e-mail verification's +25 may still be on its way from the database: let it pass first.
    await fence(t.database, [
      { id: pia.id, client: piaSocket },
      { id: other.id, client: otherSocket },
    ]);
    const before = otherSocket.events.length;
    const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2980b9' } }).jpeg().toBuffer();
    expect((await t.upload(pia.token, [{ name: 'me.jpg', bytes, type: 'image/jpeg' }])).status).toBe(201);
    expect(await piaSocket.next('scoreUpdate')).toEqual({ type: 'scoreUpdate', oldScore: 675, newScore: 685, change: 10, reason: 'Added a profile photo' });
    await fence(t.database, [{ id: other.id, client: otherSocket }]);
    expect(otherSocket.events.slice(before).filter((e) => e.type === 'scoreUpdate')).toEqual([]);
    expect(piaSocket.events.filter((e) => e.type === 'scoreUpdate' && e.reason === 'Added a profile photo')).toHaveLength(1);
  });

  it('a notification on a nudge, to the nudged member only', async () => {
    const nina = await createMember(t, { name: 'Nina', city: 'Vancouver' });
    const max = await createMember(t, { name: 'Max', city: 'Vancouver', gender: 'male' });
    const [ninaSocket, maxSocket] = [await socketOf(nina), await socketOf(max)];
    expect((await t.call('POST', `/users/${max.id}/nudge`, { token: nina.token })).status).toBeLessThan(300);
    const event = await maxSocket.next('notification');
    expect(event).toMatchObject({ type: 'notification', notificationType: 'nudge' });
    const inbox = await t.call('GET', '/users/notifications', { token: max.token });
    expect(inbox.body.notifications.map((n: { _id: string }) => n._id)).toContain(event.notificationId);
    await fence(t.database, [{ id: nina.id, client: ninaSocket }]);
    expect(withoutFences(ninaSocket.events).filter((e) => e.type === 'notification')).toEqual([]);
  });

  it('bookingChanged to both parties on request and on confirm (and their inbox items)', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const stranger = await member('Stranger');
    const [hostSocket, guestSocket, strangerSocket] = [await socketOf(host), await socketOf(guest), await socketOf(stranger)];
    const bookingId = await requestSlot(t, guest, await createSlot(t, host, { startsInHours: 24 }));
    for (const socket of [hostSocket, guestSocket]) expect(await socket.next('bookingChanged')).toEqual({ type: 'bookingChanged', bookingId, status: 'pending' });
    expect(await hostSocket.next('notification')).toMatchObject({ notificationType: 'booking_request' });
    expect((await t.call('POST', `/bookings/${bookingId}/respond`, { token: host.token, body: { action: 'confirm' } })).status).toBe(200);
    for (const socket of [hostSocket, guestSocket]) expect(await socket.next('bookingChanged')).toEqual({ type: 'bookingChanged', bookingId, status: 'confirmed' });
    expect(await guestSocket.next('notification')).toMatchObject({ notificationType: 'booking_update' });
    await fence(t.database, [{ id: stranger.id, client: strangerSocket }]);
    expect(withoutFences(strangerSocket.events).filter((e) => e.type === 'bookingChanged' || e.type === 'notification')).toEqual([]);
  });

  it('nothing is delivered when the transaction rolls back', async () => {
    const vera = await createMember(t, { name: 'Roll', city: 'Vancouver' });
    const socket = await socketOf(vera);
    await expect(
      t.database.db.transaction(async (tx) => {
        await announce(tx, [vera.id], { type: 'bookingChanged', bookingId: 'rolled-back', status: 'pending' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await announce(t.database.db, [vera.id], { type: 'bookingChanged', bookingId: 'committed', status: 'pending' });
    expect(await socket.next('bookingChanged')).toEqual({ type: 'bookingChanged', bookingId: 'committed', status: 'pending' });
    expect(socket.events.filter((e) => e.type === 'bookingChanged')).toHaveLength(1);
  });
});

describe('typing', () => {
  it('reaches a chat partner with the conversation id the server computes; stop, and stop when the socket closes', async () => {
    const { host, guest } = await partners();
    const hostSocket = await socketOf(host);
    const guestSocket = await socketOf(guest);
    const conversationId = conversationIdOf(host.id, guest.id);
    guestSocket.send({ type: 'typing', recipientId: host.id, conversationId: 'made-up' });
    expect(await hostSocket.next('userTyping')).toEqual({ type: 'userTyping', userId: guest.id, conversationId });
    guestSocket.send({ type: 'stopTyping', recipientId: host.id, conversationId });
    expect(await hostSocket.next('userStoppedTyping')).toEqual({ type: 'userStoppedTyping', userId: guest.id, conversationId });
    guestSocket.send({ type: 'typing', recipientId: host.id, conversationId });
    await hostSocket.next('userTyping');
    await guestSocket.close();
    expect(await hostSocket.next('userStoppedTyping')).toEqual({ type: 'userStoppedTyping', userId: guest.id, conversationId });
  });

  it('never reaches a member the sender may not chat with (a pending request is not enough)', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    await requestSlot(t, guest, await createSlot(t, host, { startsInHours: 24 }));
    const hostSocket = await socketOf(host);
    const guestSocket = await socketOf(guest);
    guestSocket.send({ type: 'typing', recipientId: host.id, conversationId: conversationIdOf(host.id, guest.id) });
    guestSocket.send({ type: 'typing', recipientId: guest.id, conversationId: conversationIdOf(guest.id, guest.id) });
    await fence(t.database, [
      { id: host.id, client: hostSocket },
      { id: guest.id, client: guestSocket },
    ]);
    expect([...hostSocket.events, ...guestSocket.events].filter((e) => e.type === 'userTyping')).toEqual([]);
  });
});

describe('presence', () => {
  it('goes to chat partners only: online at the first connection, offline when the last one closes', async () => {
    const { host, guest } = await partners();
    const stranger = await member('Stranger');
    const hostSocket = await socketOf(host);
    const strangerSocket = await socketOf(stranger);

    const first = await connect(t.url);
    first.send({ type: 'auth', token: guest.token });
    expect(await first.next('ready')).toEqual({ type: 'ready', onlineUserIds: [host.id] });
    expect(await hostSocket.next('userOnline')).toEqual({ type: 'userOnline', userId: guest.id });

    // A second device: no second "online"; closing one of the two: no "offline".
    const second = await connect(t.url, guest.token);
    await first.close();
    await fence(t.database, [{ id: host.id, client: hostSocket }]);
    expect(hostSocket.events.filter((e) => e.type === 'userOnline' || e.type === 'userOffline')).toHaveLength(1);

    await second.close();
    expect(await hostSocket.next('userOffline')).toEqual({ type: 'userOffline', userId: guest.id });
    await fence(t.database, [{ id: stranger.id, client: strangerSocket }]);
    expect(strangerSocket.events.filter((e) => e.type === 'userOnline' || e.type === 'userOffline')).toEqual([]);
  });

  it('members who just became chat partners hear whether the other is online', async () => {
    const host = await member('Host');
    const guest = await member('Guest');
    const hostSocket = await socketOf(host);
    const guestSocket = await socketOf(guest);
    const bookingId = await requestSlot(t, guest, await createSlot(t, host, { startsInHours: 24 }));
    await hostSocket.next('bookingChanged');
    expect(hostSocket.events.some((e) => e.type === 'userOnline')).toBe(false);
    expect((await t.call('POST', `/bookings/${bookingId}/respond`, { token: host.token, body: { action: 'confirm' } })).status).toBe(200);
    expect(await hostSocket.next('userOnline')).toEqual({ type: 'userOnline', userId: guest.id });
    expect(await guestSocket.next('userOnline')).toEqual({ type: 'userOnline', userId: host.id });
  });

  it('a socket closed while its auth is being checked leaves no connection and no one online behind', async () => {
    const { host, guest } = await partners();
    const hostSocket = await socketOf(host);
    const before = t.app.realtime.connectionCount();
    for (let i = 0; i < 5; i += 1) {
      const quick = await connect(t.url);
      quick.send({ type: 'auth', token: guest.token });
      await quick.close();
    }
    await expect.poll(() => t.app.realtime.connectionCount()).toBe(before);
    const rows = () => t.database.db.select().from(realtimePresence).where(eq(realtimePresence.userId, guest.id));
    await expect.poll(async () => (await rows()).length).toBe(0);
    await fence(t.database, [{ id: host.id, client: hostSocket }]);
    const seen = hostSocket.events.filter((e) => (e.type === 'userOnline' || e.type === 'userOffline') && e.userId === guest.id).map((e) => e.type);
    expect(seen.filter((type) => type === 'userOnline').length).toBe(seen.filter((type) => type === 'userOffline').length);
    expect(seen.at(-1) ?? 'userOffline').toBe('userOffline');
  });

  it('a socket that stops answering pings is dropped and its member goes offline', async () => {
    const { host, guest } = await partners();
    const hostSocket = await socketOf(host);
    // The guest's phone vanishes: its socket never answers pings.
    const guestSocket = await connect(t.url, guest.token, { autoPong: false });
    await hostSocket.next('userOnline', (e) => e.userId === guest.id);
    const pinged = new Promise((resolve) => hostSocket.socket.once('ping', resolve));
    await t.app.realtime.tick();
    // The host's client answered the ping before it sends anything else; once its typing reached the
    // guest, the server has seen that answer too.
    await pinged;
    hostSocket.send({ type: 'typing', recipientId: guest.id, conversationId: '' });
    await guestSocket.next('userTyping');
    await t.app.realtime.tick();
    expect(await hostSocket.next('userOffline')).toEqual({ type: 'userOffline', userId: guest.id });
  });
});
