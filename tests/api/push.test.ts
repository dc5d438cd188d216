/**
 * Web Push end to end. Everything is real (HTTPS, VAPID signing, aes128gcm encryption, the jobs
 * queue) except the push *service*: a loopback HTTPS sink with a self-signed certificate stands in
 * for FCM / Mozilla / Apple, and only the app built here trusts it (an agent passed to buildApp).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '#server/platform/jobs/jobs.tables.ts';
import { DEFAULT_PUSH_ALLOWED_HOSTS, parseAllowedHosts } from '#server/push/push-hosts.ts';
import { MESSAGE_PUSH_MAX, PUSH_JOB } from '#server/push/push.service.ts';
import { pushSubscriptions } from '#server/push/push.tables.ts';
import { bookingsPaths } from '#shared/api/bookings.ts';
import { chatPaths } from '#shared/api/chat.ts';
import { notificationsPaths } from '#shared/api/notifications.paths.ts';
import { PushMessageSchema, type PushMessage } from '#shared/api/push.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '#shared/domain/profile.ts';
import { bookableMember, confirmedBooking, requestSlot } from '#tests/support/bookings.ts';
import type { TestMember } from '#tests/support/members.ts';
import { connect } from '#tests/support/realtime.ts';
import { startPushSink, type PushSink } from '#tests/support/push-sink.ts';
import { createSlot } from '#tests/support/slots.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';
import { browserKeys, decryptPush, subscriptionJson, verifyVapid, type BrowserKeys } from '#tests/support/web-push-decrypt.ts';

let t: TestApp;
let sink: PushSink;
beforeAll(async () => {
  sink = await startPushSink();
  t = await startTestApp({
    push: { allowedHosts: parseAllowedHosts([...DEFAULT_PUSH_ALLOWED_HOSTS, `127.0.0.1:${sink.port}`]), agent: sink.agent },
  });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

let devices = 0;
/** A device of this member, subscribed on the sink; its browser keys decrypt what it receives. */
async function device(token: string): Promise<{ endpoint: string; keys: BrowserKeys }> {
  const endpoint = sink.endpoint(`device-${(devices += 1)}-${Math.random().toString(36).slice(2, 8)}`);
  const keys = browserKeys();
  const answer = await t.call('POST', '/push/subscribe', { token, body: subscriptionJson(endpoint, keys) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { endpoint, keys };
}

const subscriptionsOf = (userId: string) => t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const pushJobs = () => t.database.db.select().from(jobs).where(eq(jobs.kind, PUSH_JOB));
const pendingPushJobs = async () => (await pushJobs()).filter((job) => !job.doneAt && !job.failedAt);

let named = 0;
const member = (name: string) => bookableMember(t, { name: `${name} ${(named += 1)}` });

/** What the member's app counts as unread, messages plus inbox items: the badge each push to them carries. */
const unreadOf = async (who: { token: string }): Promise<number> =>
  (await t.call('GET', chatPaths.unreadCount, { token: who.token })).body.unreadCount +
  (await t.call('GET', notificationsPaths.unreadCount, { token: who.token })).body.count;

describe('GET /push/vapid-public-key', () => {
  it('answers the server’s public key without a session', async () => {
    const answer = await t.call('GET', '/push/vapid-public-key');
    expect(answer.status).toBe(200);
    const key = Buffer.from(answer.body.publicKey, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });
});

describe('POST /push/subscribe', () => {
  it('needs a session', async () => {
    const answer = await t.call('POST', '/push/subscribe', { body: subscriptionJson(sink.endpoint('anon'), browserKeys()) });
    expect(answer.status).toBe(401);
  });

  it('refuses an endpoint outside PUSH_ALLOWED_HOSTS, or not https, with 400 on endpoint, and stores nothing', async () => {
    const ann = await member('Ann');
    const keys = browserKeys();
    const refused = [
      'https://evil.example/push/1',
      'https://127.0.0.1:1/push/1', // an allowed host on another port
      'https://fcm.googleapis.com.evil.example/fcm/send/1',
      'https://notify.windows.com/w/1', // *.notify.windows.com means its subdomains only
      'https://user@fcm.googleapis.com/fcm/send/1',
      `http://127.0.0.1:${sink.port}/push/1`,
      'http://fcm.googleapis.com/fcm/send/1',
      'ftp://fcm.googleapis.com/x',
    ];
    for (const endpoint of refused) {
      const answer = await t.call('POST', '/push/subscribe', { token: ann.token, body: subscriptionJson(endpoint, keys) });
      expect(answer.status, endpoint).toBe(400);
      expect(answer.body.fields.map((f: { field: string }) => f.field), endpoint).toEqual(['endpoint']);
    }
    expect(await subscriptionsOf(ann.id)).toEqual([]);

    // The public services are allowed by default.
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc', 'https://db5p.notify.windows.com/w/?token=abc', 'https://web.push.apple.com/QGx', 'https://updates.push.services.mozilla.com/wpush/v2/abc']) {
      const answer = await t.call('POST', '/push/subscribe', { token: ann.token, body: subscriptionJson(endpoint, keys) });
      expect(answer.status, endpoint).toBe(200);
    }
    expect(await subscriptionsOf(ann.id)).toHaveLength(4);
  });

  it('validates the keys (p256dh 65 bytes, auth 16 bytes, base64url)', async () => {
    const ann = await member('Ann');
    const good = subscriptionJson(sink.endpoint('keys'), browserKeys());
    for (const keys of [
      { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) },
      { ...good.keys, auth: 'short' },
      { ...good.keys, auth: `${good.keys.auth.slice(0, 20)}+/` },
      { p256dh: good.keys.p256dh },
    ]) {
      const answer = await t.call('POST', '/push/subscribe', { token: ann.token, body: { ...good, keys } });
      expect(answer.status).toBe(400);
      expect(answer.body.fields[0].field).toMatch(/^keys\./);
    }
    expect((await t.call('POST', '/push/subscribe', { token: ann.token, body: { keys: good.keys } })).status).toBe(400);
  });

  it('keeps several devices per member; the same endpoint again updates it and moves it to whoever subscribed last', async () => {
    const ann = await member('Ann');
    const ben = await member('Ben');
    const phone = await device(ann.token);
    await device(ann.token);
    expect(await subscriptionsOf(ann.id)).toHaveLength(2);

    const newKeys = browserKeys();
    expect((await t.call('POST', '/push/subscribe', { token: ann.token, body: subscriptionJson(phone.endpoint, newKeys) })).status).toBe(200);
    const annDevices = await subscriptionsOf(ann.id);
    expect(annDevices).toHaveLength(2);
    expect(annDevices.find((row) => row.endpoint === phone.endpoint)!.p256dh).toBe(newKeys.p256dh);

    // A shared phone: Ben signs in on it and subscribes; the device is his now.
    expect((await t.call('POST', '/push/subscribe', { token: ben.token, body: subscriptionJson(phone.endpoint, newKeys) })).status).toBe(200);
    expect(await subscriptionsOf(ann.id)).toHaveLength(1);
    expect((await subscriptionsOf(ben.id)).map((row) => row.endpoint)).toEqual([phone.endpoint]);
  });
});

describe('DELETE /push/subscribe', () => {
  it('removes only the member’s own device', async () => {
    const ann = await member('Ann');
    const ben = await member('Ben');
    const phone = await device(ann.token);

    expect((await t.call('DELETE', '/push/subscribe', { token: ben.token, body: { endpoint: phone.endpoint } })).status).toBe(200);
    expect(await subscriptionsOf(ann.id)).toHaveLength(1);

    expect((await t.call('DELETE', '/push/subscribe', { token: ann.token, body: { endpoint: phone.endpoint } })).status).toBe(200);
    expect(await subscriptionsOf(ann.id)).toEqual([]);
    // Turning off twice is fine.
    expect((await t.call('DELETE', '/push/subscribe', { token: ann.token, body: { endpoint: phone.endpoint } })).status).toBe(200);
    expect((await t.call('DELETE', '/push/subscribe', { body: { endpoint: phone.endpoint } })).status).toBe(401);
  });
});

describe('a booking request pushed to its host', () => {
  it('is queued with the request, sent after it by the job, encrypted (aes128gcm) for each device and signed (VAPID)', async () => {
    const host = await member('Hannah');
    const guest = await member('Gus');
    const phone = await device(host.token);
    const laptop = await device(host.token);
    const publicKey = (await t.call('GET', '/push/vapid-public-key')).body.publicKey as string;
    const slotId = await createSlot(t, host, { startsInHours: 48, venue: 'Café Artigiano' });
    const before = sink.received.length;

    const bookingId = await requestSlot(t, guest, slotId);

    // The request answered without waiting for any push: nothing has left yet, one job per device waits.
    expect(sink.received.length).toBe(before);
    const queued = await pendingPushJobs();
    expect(queued.map((job) => (job.payload as { subscriptionId: string }).subscriptionId).sort()).toEqual(
      (await subscriptionsOf(host.id)).map((row) => row.id).sort(),
    );

    await t.app.jobs.runDue();
    // Her unread count as the push left: the request's inbox item (the app icon's badge reads 1).
    expect(await unreadOf(host)).toBe(1);

    for (const target of [phone, laptop]) {
      const [request] = sink.to(target.endpoint);
      expect(request, target.endpoint).toBeDefined();
      expect(request!.method).toBe('POST');
      expect(request!.headers['content-encoding']).toBe('aes128gcm');
      expect(request!.headers['content-type']).toBe('application/octet-stream');
      expect(Number(request!.headers.ttl)).toBeGreaterThan(0);
      expect(Number(request!.headers.ttl)).toBeLessThanOrEqual(24 * 3600);
      expect(request!.headers.urgency).toBe('high');
      expect(request!.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
      const claims = verifyVapid(request!.headers.authorization as string, { publicKey, audience: sink.origin, nowS: Math.floor(Date.now() / 1000) });
      expect(claims.sub).toBe('mailto:ops@rendezvous.test');

      const message = PushMessageSchema.parse(JSON.parse(decryptPush(request!.body, target.keys)));
      expect(message).toEqual({
        type: 'booking_request',
        title: 'New booking request',
        body: expect.stringContaining(guest.name),
        url: '/notifications',
        tag: `booking-request-${bookingId}`,
        bookingId,
        actions: [
          { action: 'accept', title: 'Accept' },
          { action: 'decline', title: 'Decline' },
        ],
        badge: await unreadOf(host),
      });
      expect(message.body).toContain('Venue: Café Artigiano');
    }
    // The phone's keys do not open the laptop's push: each device's copy is encrypted for it.
    expect(() => decryptPush(sink.to(laptop.endpoint)[0]!.body, phone.keys)).toThrow();
    expect(await pendingPushJobs()).toEqual([]);
    // Nothing went to the guest, who has no device.
    expect((await pushJobs()).every((job) => (job.payload as { message: { bookingId?: string } }).message.bookingId === bookingId)).toBe(true);
  });

  it('is not pushed when the host turned booking pushes off', async () => {
    const host = await member('Hannah');
    const guest = await member('Gus');
    const phone = await device(host.token);
    const off = { ...DEFAULT_NOTIFICATION_SETTINGS, push: { ...DEFAULT_NOTIFICATION_SETTINGS.push, newBooking: false } };
    expect((await t.call('PUT', '/users/notification-settings', { token: host.token, body: off })).status).toBe(200);
    const jobsBefore = (await pushJobs()).length;

    await requestSlot(t, guest, await createSlot(t, host, { startsInHours: 50 }));
    await t.app.jobs.runDue();

    expect((await pushJobs()).length).toBe(jobsBefore);
    expect(sink.to(phone.endpoint)).toEqual([]);
  });
});

describe('a nudge pushed to its recipient', () => {
  it('arrives with its text when nudge pushes are on, and not when they are off', async () => {
    const eve = await t.verifiedMember({ name: 'Eve' });
    const max = await t.verifiedMember({ name: 'Max' });
    const zoe = await t.verifiedMember({ name: 'Zoe' });
    const phone = await device(max.token);

    expect((await t.call('POST', `/users/${max.user._id}/nudge`, { token: eve.token })).status).toBe(200);
    expect(sink.to(phone.endpoint)).toEqual([]);
    await t.app.jobs.runDue();
    const [request] = sink.to(phone.endpoint);
    expect(request!.headers.urgency).toBe('normal');
    expect(JSON.parse(decryptPush(request!.body, phone.keys))).toEqual({
      type: 'nudge',
      title: 'You got a nudge',
      body: expect.stringContaining('Eve'),
      url: '/notifications',
      tag: `nudge-${eve.user._id}`,
      badge: await unreadOf(max),
    });

    const off = { ...DEFAULT_NOTIFICATION_SETTINGS, push: { ...DEFAULT_NOTIFICATION_SETTINGS.push, nudgeReceived: false } };
    expect((await t.call('PUT', '/users/notification-settings', { token: max.token, body: off })).status).toBe(200);
    expect((await t.call('POST', `/users/${max.user._id}/nudge`, { token: zoe.token })).status).toBe(200);
    await t.app.jobs.runDue();
    expect(sink.to(phone.endpoint)).toHaveLength(1);
  });

  it('queues nothing for a member with no device', async () => {
    const eve = await t.verifiedMember({ name: 'Eve' });
    const max = await t.verifiedMember({ name: 'Max' });
    const jobsBefore = (await pushJobs()).length;
    expect((await t.call('POST', `/users/${max.user._id}/nudge`, { token: eve.token })).status).toBe(200);
    expect((await pushJobs()).length).toBe(jobsBefore);
  });
});

/** What a device received, decrypted with its keys, oldest first. */
const pushesTo = (target: { endpoint: string; keys: BrowserKeys }): PushMessage[] =>
  sink.to(target.endpoint).map((request) => PushMessageSchema.parse(JSON.parse(decryptPush(request.body, target.keys))));

const withPushOff = (setting: keyof typeof DEFAULT_NOTIFICATION_SETTINGS.push) => ({
  ...DEFAULT_NOTIFICATION_SETTINGS,
  push: { ...DEFAULT_NOTIFICATION_SETTINGS.push, [setting]: false },
});

// Each date gets its own time, so no member's confirmed dates overlap.
let nextDateHours = 60;
/** Two members with a confirmed date (host, guest) and the booking id; nothing pushed yet to a device subscribed after. */
async function datePair() {
  const host = await member('Hannah');
  const guest = await member('Gus');
  const bookingId = await confirmedBooking(t, host, guest, await createSlot(t, host, { startsInHours: (nextDateHours += 3) }));
  return { host, guest, bookingId };
}

describe('a chat message pushed to its recipient', () => {
  const send = async (from: TestMember, to: TestMember, content: string, clientId?: string) => {
    const answer = await t.call('POST', chatPaths.send, { token: from.token, body: { recipientId: to.id, content, ...(clientId ? { clientId } : {}) } });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return answer;
  };

  it('is pushed, with the sender’s name, the text shortened, their thread and one tag per conversation, when the recipient has no open connection', async () => {
    const { host, guest } = await datePair();
    const phone = await device(host.token);
    const text = `${'Looking forward to it! '.repeat(10)}See you there.`;
    expect(text.length).toBeGreaterThan(MESSAGE_PUSH_MAX);

    await send(guest, host, text);
    // The send answered before any push left: one job waits for the device.
    expect(sink.to(phone.endpoint)).toEqual([]);
    const [subscription] = await subscriptionsOf(host.id);
    expect((await pendingPushJobs()).filter((job) => (job.payload as { subscriptionId: string }).subscriptionId === subscription!.id)).toHaveLength(1);
    await t.app.jobs.runDue();

    const [request] = sink.to(phone.endpoint);
    expect(request!.headers.urgency).toBe('high');
    expect(pushesTo(phone)).toEqual([
      {
        type: 'message',
        title: guest.name,
        body: `${text.slice(0, MESSAGE_PUSH_MAX - 1)}…`,
        url: `/messages/${guest.id}`,
        tag: `message-${guest.id}`,
        badge: await unreadOf(host),
      },
    ]);

    // A newer message of the same conversation carries the same tag and topic, so it replaces the older one.
    await send(guest, host, 'Short one.');
    await t.app.jobs.runDue();
    expect(pushesTo(phone).map((push) => [push.body, push.tag])).toEqual([
      [`${text.slice(0, MESSAGE_PUSH_MAX - 1)}…`, `message-${guest.id}`],
      ['Short one.', `message-${guest.id}`],
    ]);
    const [first, second] = sink.to(phone.endpoint);
    expect(second!.headers.topic).toBe(first!.headers.topic);
    // The sender, who has no device, got nothing; neither did anyone for the sender's own copy.
    expect(await pendingPushJobs()).toEqual([]);
  });

  it('is not pushed while the recipient has an open connection, and is once their last one closes', async () => {
    const { host, guest } = await datePair();
    const phone = await device(host.token);
    const watcher = await connect(t.url, guest.token);
    const socket = await connect(t.url, host.token);
    try {
      const jobsBefore = (await pushJobs()).length;
      await send(guest, host, 'Are you there?');
      await socket.next('message', (event) => event.message.content === 'Are you there?');
      await t.app.jobs.runDue();
      expect((await pushJobs()).length).toBe(jobsBefore);
      expect(sink.to(phone.endpoint)).toEqual([]);

      await socket.close();
      // The host's presence is gone once their partner hears it.
      await watcher.next('userOffline', (event) => event.userId === host.id);
      await send(guest, host, 'I guess not.');
      await t.app.jobs.runDue();
      expect(pushesTo(phone).map((push) => push.body)).toEqual(['I guess not.']);
    } finally {
      await watcher.close();
    }
  });

  it('is not pushed when the recipient turned message pushes off', async () => {
    const { host, guest } = await datePair();
    const phone = await device(host.token);
    expect((await t.call('PUT', '/users/notification-settings', { token: host.token, body: withPushOff('messages') })).status).toBe(200);
    const jobsBefore = (await pushJobs()).length;
    await send(guest, host, 'Hello?');
    await t.app.jobs.runDue();
    expect((await pushJobs()).length).toBe(jobsBefore);
    expect(sink.to(phone.endpoint)).toEqual([]);
  });

  it('is pushed once, however often the send is replayed', async () => {
    const { host, guest } = await datePair();
    const phone = await device(host.token);
    const clientId = randomUUID();
    expect((await send(guest, host, 'Once only', clientId)).status).toBe(201);
    const jobsAfterFirst = (await pushJobs()).length;
    for (let i = 0; i < 2; i += 1) {
      const replay = await send(guest, host, 'Once only', clientId);
      expect(replay.status).toBe(200);
    }
    expect((await pushJobs()).length).toBe(jobsAfterFirst);
    await t.app.jobs.runDue();
    expect(pushesTo(phone).map((push) => push.body)).toEqual(['Once only']);
  });
});

describe('a booking’s confirmation and cancellation pushed to the other party', () => {
  it('the guest is pushed when the host confirms, and not when booking-confirmed pushes are off', async () => {
    const host = await member('Hannah');
    const guest = await member('Gus');
    const phone = await device(guest.token);
    const bookingId = await requestSlot(t, guest, await createSlot(t, host, { startsInHours: (nextDateHours += 3) }));
    expect(sink.to(phone.endpoint)).toEqual([]);

    const confirmed = await t.call('POST', bookingsPaths.respond(bookingId), { token: host.token, body: { action: 'confirm', responseMessage: 'See you at noon!' } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(sink.to(phone.endpoint)).toEqual([]);
    await t.app.jobs.runDue();
    expect(pushesTo(phone)).toEqual([
      { type: 'booking_confirmed', title: 'Your date is confirmed!', body: 'See you at noon!', url: `/bookings?booking=${bookingId}`, tag: `booking-${bookingId}`, bookingId, badge: await unreadOf(guest) },
    ]);
    expect(sink.to(phone.endpoint)[0]!.headers.urgency).toBe('normal');

    // Turned off: another confirmation is not pushed.
    expect((await t.call('PUT', '/users/notification-settings', { token: guest.token, body: withPushOff('bookingConfirmed') })).status).toBe(200);
    const other = await member('Hugo');
    const jobsBefore = (await pushJobs()).length;
    await confirmedBooking(t, other, guest, await createSlot(t, other, { startsInHours: (nextDateHours += 3) }));
    await t.app.jobs.runDue();
    expect((await pushJobs()).length).toBe(jobsBefore);
    expect(sink.to(phone.endpoint)).toHaveLength(1);
  });

  it('a declined request is not pushed as a confirmation or a cancellation', async () => {
    const host = await member('Hannah');
    const guest = await member('Gus');
    const phone = await device(guest.token);
    const bookingId = await requestSlot(t, guest, await createSlot(t, host, { startsInHours: (nextDateHours += 3) }));
    const declined = await t.call('POST', bookingsPaths.respond(bookingId), { token: host.token, body: { action: 'decline', responseMessage: 'Sorry, something came up.' } });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    await t.app.jobs.runDue();
    expect(sink.to(phone.endpoint)).toEqual([]);
  });

  it.each(['host', 'guest'] as const)('when the %s cancels, the other party is pushed (and not the one who cancelled)', async (canceller) => {
    const pair = await datePair();
    const [by, other] = canceller === 'host' ? [pair.host, pair.guest] : [pair.guest, pair.host];
    const otherPhone = await device(other.token);
    const ownPhone = await device(by.token);

    const cancelled = await t.call('POST', bookingsPaths.cancel(pair.bookingId), { token: by.token, body: { customReason: 'I caught a cold, sorry.' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(sink.to(otherPhone.endpoint)).toEqual([]);
    await t.app.jobs.runDue();
    expect(pushesTo(otherPhone)).toEqual([
      {
        type: 'booking_cancelled',
        title: 'Your date was cancelled',
        body: 'I caught a cold, sorry.',
        url: `/bookings?booking=${pair.bookingId}`,
        tag: `booking-${pair.bookingId}`,
        bookingId: pair.bookingId,
        badge: await unreadOf(other),
      },
    ]);
    expect(sink.to(otherPhone.endpoint)[0]!.headers.urgency).toBe('high');
    expect(sink.to(ownPhone.endpoint)).toEqual([]);
  });

  it('a cancellation is not pushed when booking-cancelled pushes are off', async () => {
    const { host, guest, bookingId } = await datePair();
    const phone = await device(guest.token);
    expect((await t.call('PUT', '/users/notification-settings', { token: guest.token, body: withPushOff('bookingCancelled') })).status).toBe(200);
    const jobsBefore = (await pushJobs()).length;
    const cancelled = await t.call('POST', bookingsPaths.cancel(bookingId), { token: host.token, body: { customReason: 'Work trip, sorry.' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await t.app.jobs.runDue();
    expect((await pushJobs()).length).toBe(jobsBefore);
    expect(sink.to(phone.endpoint)).toEqual([]);
  });
});

describe('what the push service answers', () => {
  async function nudgedDevice() {
    const eve = await t.verifiedMember({ name: 'Eve' });
    const max = await t.verifiedMember({ name: 'Max' });
    const phone = await device(max.token);
    return { eve, max, phone, nudge: () => t.call('POST', `/users/${max.user._id}/nudge`, { token: eve.token }) };
  }

  it.each([410, 404])('%i: the device is gone, its subscription deleted, the job done', async (status) => {
    const { max, phone, nudge } = await nudgedDevice();
    const other = await device(max.token);
    sink.answer(phone.endpoint, status);
    await nudge();
    await t.app.jobs.runDue();

    expect(sink.to(phone.endpoint)).toHaveLength(1);
    expect((await subscriptionsOf(max.user._id)).map((row) => row.endpoint)).toEqual([other.endpoint]);
    expect(await pendingPushJobs()).toEqual([]);
  });

  it('any other failure keeps the device and retries through the job until it is delivered', async () => {
    const { max, phone, nudge } = await nudgedDevice();
    sink.answer(phone.endpoint, 503);
    await nudge();
    await t.app.jobs.runDue();

    expect(sink.to(phone.endpoint)).toHaveLength(1);
    const [subscription] = await subscriptionsOf(max.user._id);
    expect(subscription!.endpoint).toBe(phone.endpoint);
    const waiting = (await pendingPushJobs()).filter((row) => (row.payload as { subscriptionId: string }).subscriptionId === subscription!.id);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.attempts).toBe(1);
    expect(waiting[0]!.lastError).toContain('503');
    // Not before its backoff.
    await t.app.jobs.runDue();
    expect(sink.to(phone.endpoint)).toHaveLength(1);

    sink.answer(phone.endpoint, 201);
    t.clock.advance(60_000);
    await t.app.jobs.runDue();
    expect(sink.to(phone.endpoint)).toHaveLength(2);
    expect(JSON.parse(decryptPush(sink.to(phone.endpoint)[1]!.body, phone.keys)).type).toBe('nudge');
    expect(await pendingPushJobs()).toEqual([]);
  });
});

describe('with the server’s worker running', () => {
  it('a booking request’s push leaves within a second of the request’s answer, without waiting for the poll', async () => {
    const host = await member('Hannah');
    const guest = await member('Gus');
    const phone = await device(host.token);
    const slotId = await createSlot(t, host, { startsInHours: 52 });
    // A poll far longer than the test: only the wake after the request can send it in time.
    t.app.jobs.start(60_000);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200)); // the first round, at start, is over
      const answered = Date.now();
      await requestSlot(t, guest, slotId);
      const started = Date.now();
      while (sink.to(phone.endpoint).length === 0 && Date.now() - started < 5_000) await new Promise((resolve) => setTimeout(resolve, 10));
      const [request] = sink.to(phone.endpoint);
      expect(request, 'no push arrived').toBeDefined();
      expect(request!.at - answered).toBeLessThan(1_000);
      expect(JSON.parse(decryptPush(request!.body, phone.keys)).type).toBe('booking_request');
    } finally {
      await t.app.jobs.stop();
    }
  });
});
