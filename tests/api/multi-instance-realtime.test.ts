import { rmSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTANCE_STALE_MS } from '#server/platform/realtime/presence.ts';
import { bookableMember, confirmedBooking, requestSlot } from '#tests/support/bookings.ts';
import { createMember, type TestMember } from '#tests/support/members.ts';
import { connect, fence, type RealtimeClient } from '#tests/support/realtime.ts';
import { createSlot } from '#tests/support/slots.ts';
import { startAnotherInstance, startTestApp, type TestApp } from '#tests/support/test-app.ts';

/**
 * Two (and, for a crash, three) server instances over one PostgreSQL database, each with its own
 * pool, LISTEN connection and port: what a member does on one reaches sockets on the others.
 */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await startTestApp();
  b = await startAnotherInstance(a);
});
afterAll(async () => {
  await Promise.all(open.map((client) => (client.socket.readyState === client.socket.CLOSED ? null : client.close())));
  await b.close();
  await a.close();
});

const open: RealtimeClient[] = [];
async function socketOn(instance: TestApp, member: TestMember) {
  const client = await connect(instance.url, member.token);
  open.push(client);
  return client;
}

let named = 0;
const member = (name: string) => bookableMember(a, { name: `${name} ${(named += 1)}` });
const presenceOf = (client: RealtimeClient) => client.events.filter((e) => e.type === 'userOnline' || e.type === 'userOffline');

async function partners() {
  const host = await member('Host');
  const guest = await member('Guest');
  await confirmedBooking(a, host, guest, await createSlot(a, host, { startsInHours: 24 }));
  return { host, guest };
}

describe('several instances over one database', () => {
  it('an event caused on instance A reaches the member’s socket on instance B, and only theirs', async () => {
    const pia = await createMember(a, { name: 'Pia', city: 'Vancouver' });
    const otto = await createMember(a, { name: 'Otto', city: 'Vancouver' });
    const piaOnB = await socketOn(b, pia);
    const ottoOnB = await socketOn(b, otto);
    const bytes = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c0392b' } }).jpeg().toBuffer();
    expect((await a.upload(pia.token, [{ name: 'me.jpg', bytes, type: 'image/jpeg' }])).status).toBe(201);
    // (Their e-mail verification's +25 may arrive first: it is skipped by the match.)
    expect(await piaOnB.next('scoreUpdate', (e) => e.reason === 'Added a profile photo')).toMatchObject({ oldScore: 675, newScore: 685, change: 10 });

    const host = await member('Host');
    const guest = await member('Guest');
    const hostOnB = await socketOn(b, host);
    const guestOnA = await socketOn(a, guest);
    const bookingId = await requestSlot(a, guest, await createSlot(a, host, { startsInHours: 24 }));
    expect(await hostOnB.next('bookingChanged')).toEqual({ type: 'bookingChanged', bookingId, status: 'pending' });
    expect(await guestOnA.next('bookingChanged')).toEqual({ type: 'bookingChanged', bookingId, status: 'pending' });
    await fence(b.database, [{ id: otto.id, client: ottoOnB }]);
    expect(ottoOnB.events.filter((e) => (e.type === 'scoreUpdate' && e.reason !== 'Email verified') || e.type === 'bookingChanged')).toEqual([]);
  });

  it('presence is right across instances: online at the first connection anywhere, offline after the last', async () => {
    const { host, guest } = await partners();
    const hostOnA = await socketOn(a, host);
    const guestOnB = await socketOn(b, guest);
    expect(await hostOnA.next('userOnline')).toEqual({ type: 'userOnline', userId: guest.id });
    // The guest's second device, on the other instance: no news. Closing either one: no news.
    const guestOnA = await connect(a.url);
    guestOnA.send({ type: 'auth', token: guest.token });
    expect(await guestOnA.next('ready')).toEqual({ type: 'ready', onlineUserIds: [host.id] });
    await guestOnB.close();
    await fence(a.database, [{ id: host.id, client: hostOnA }]);
    expect(presenceOf(hostOnA)).toHaveLength(1);
    await guestOnA.close();
    expect(await hostOnA.next('userOffline')).toEqual({ type: 'userOffline', userId: guest.id });
    // Typing crosses instances too.
    const again = await socketOn(b, guest);
    again.send({ type: 'typing', recipientId: host.id, conversationId: '' });
    expect(await hostOnA.next('userTyping')).toMatchObject({ userId: guest.id });
  });

  it('an instance that dies without cleaning up is swept by another: its members go offline for their partners', async () => {
    const { host, guest } = await partners();
    const c = await startAnotherInstance(a);
    const hostOnB = await socketOn(b, host);
    const guestOnC = await connect(c.url, guest.token);
    expect(await hostOnB.next('userOnline')).toEqual({ type: 'userOnline', userId: guest.id });

    // C loses its database and goes down: nothing it does reaches the database any more.
    await c.database.close();
    await c.app.close();
    expect((await guestOnC.closed).code).toBe(1001);
    await c.sink.close();
    rmSync(c.photoDir, { recursive: true, force: true });
    await fence(b.database, [{ id: host.id, client: hostOnB }]);
    expect(presenceOf(hostOnB)).toHaveLength(1);

    // Time passes; A and B keep heartbeating, C is silent. B's sweep takes C's members offline.
    for (const instance of [a, b]) instance.clock.advance(INSTANCE_STALE_MS + 1000);
    await a.app.realtime.tick();
    await b.app.jobs.runDue();
    expect(await hostOnB.next('userOffline')).toEqual({ type: 'userOffline', userId: guest.id });

    // A, alive, kept its members: the host is still online for the guest's next connection.
    const guestOnA = await socketOn(a, guest);
    expect(guestOnA.events[0]).toEqual({ type: 'ready', onlineUserIds: [host.id] });
    expect(await hostOnB.next('userOnline')).toEqual({ type: 'userOnline', userId: guest.id });
  });

  it('an instance swept while alive (cut off too long) registers again with its members', async () => {
    const { host, guest } = await partners();
    const hostOnB = await socketOn(b, host);
    await socketOn(a, guest);
    await hostOnB.next('userOnline', (e) => e.userId === guest.id);
    // B stays silent past the limit and is swept by A: the guest sees the host go offline...
    for (const instance of [a, b]) instance.clock.advance(INSTANCE_STALE_MS + 1000);
    await a.app.realtime.sweep();
    const guestSocket = open.at(-1)!;
    expect(await guestSocket.next('userOffline')).toEqual({ type: 'userOffline', userId: host.id });
    // ...and B's next heartbeat finds itself gone, registers again and restores its members.
    await b.app.realtime.tick();
    expect(await guestSocket.next('userOnline')).toEqual({ type: 'userOnline', userId: host.id });
  });

  it('a graceful close takes the instance’s members offline for partners elsewhere', async () => {
    const { host, guest } = await partners();
    const d = await startAnotherInstance(a);
    const hostOnA = await socketOn(a, host);
    const guestOnD = await connect(d.url, guest.token);
    await hostOnA.next('userOnline', (e) => e.userId === guest.id);
    await d.close();
    expect((await guestOnD.closed).code).toBe(1001);
    expect(await hostOnA.next('userOffline')).toEqual({ type: 'userOffline', userId: guest.id });
  });
});
