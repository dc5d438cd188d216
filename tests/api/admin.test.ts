import { readdirSync } from 'node:fs';
import { count, eq, or } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '#server/admin/admin.tables.ts';
import { sessions, users } from '#server/auth/auth.tables.ts';
import { availabilitySlots } from '#server/availability/availability.tables.ts';
import { bookings } from '#server/bookings/bookings.tables.ts';
import { messages } from '#server/chat/chat.tables.ts';
import { likes } from '#server/likes/likes.tables.ts';
import { photos } from '#server/profiles/profiles.tables.ts';
import { ADMIN_ERRORS, adminPaths } from '#shared/api/admin.ts';
import { BOOKING_ERRORS, bookingsPaths } from '#shared/api/bookings.ts';
import { chatPaths } from '#shared/api/chat.ts';
import { REALTIME_CLOSE } from '#shared/api/realtime.ts';
import { profilesPaths } from '#shared/api/profiles.ts';
import { bookableMember, confirmedBooking, requestBody, requestSlot } from '#tests/support/bookings.ts';
import { OPEN_PREFERENCES, createMember, type TestMember } from '#tests/support/members.ts';
import { connect } from '#tests/support/realtime.ts';
import { createSlot } from '#tests/support/slots.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';
import { startPushSink, type PushSink } from '#tests/support/push-sink.ts';
import { browserKeys, decryptPush, subscriptionJson } from '#tests/support/web-push-decrypt.ts';
import { DEFAULT_PUSH_ALLOWED_HOSTS, parseAllowedHosts } from '#server/push/push-hosts.ts';
import { pushSubscriptions } from '#server/push/push.tables.ts';
import { MEMBER_REMOVED_TITLE, memberRemovedMessage } from '#server/bookings/bookings.service.ts';

const ADMIN_EMAIL = 'boss@rendezvous.test';

let t: TestApp;
let sink: PushSink;
let admin: TestMember;
beforeAll(async () => {
  sink = await startPushSink();
  t = await startTestApp({
    adminEmails: [ADMIN_EMAIL],
    push: { allowedHosts: parseAllowedHosts([...DEFAULT_PUSH_ALLOWED_HOSTS, `127.0.0.1:${sink.port}`]), agent: sink.agent },
  });
  const registered = await t.verifiedMember({ email: ADMIN_EMAIL, name: 'Ada Admin' });
  admin = { id: registered.user._id, token: registered.token, name: 'Ada Admin', email: ADMIN_EMAIL, coordinates: [0, 0] };
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

let named = 0;
/** A verified member with everything booking needs; open preferences so everyone sees everyone. */
const member = async (name = 'Member') => {
  const created = await bookableMember(t, { name: `${name} ${(named += 1)}`, preferences: OPEN_PREFERENCES, interests: ['Coffee'] });
  return created;
};
let nextSlotHours = 30;
const slotFor = (host: TestMember) => createSlot(t, host, { startsInHours: (nextSlotHours += 3) });

const ban = (target: string, body: unknown, token = admin.token) => t.call('PUT', adminPaths.ban(target), { token, body });
const remove = (target: string, token = admin.token) => t.call('DELETE', adminPaths.user(target), { token });
const adminUsers = (query = '', token = admin.token) => t.call('GET', `${adminPaths.users}${query ? `?${query}` : ''}`, { token });
const auditOf = async (target: string) => {
  const answer = await t.call('GET', `${adminPaths.auditLog}?userId=${target}`, { token: admin.token });
  expect(answer.status).toBe(200);
  return answer.body.entries as { action: string; admin: { _id: string; email: string }; target: { _id: string; email: string }; reason: string | null }[];
};
const login = (who: { email: string }, password = 'correct horse battery') => t.call('POST', '/auth/login', { body: { email: who.email, password } });
const browseIds = async (viewer: TestMember) => {
  const answer = await t.call('GET', '/users/browse?limit=50&maxDistance=100', { token: viewer.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.users as { _id: string }[]).map((user) => user._id);
};

describe('who may call', () => {
  const calls = (target: string) =>
    [
      ['GET', adminPaths.stats, undefined],
      ['GET', adminPaths.users, undefined],
      ['PUT', adminPaths.ban(target), { banned: true, reason: 'spam' }],
      ['DELETE', adminPaths.user(target), undefined],
      ['GET', adminPaths.auditLog, undefined],
    ] as const;

  it('answers 401 to a visitor and 403 to a member on every admin call, and changes nothing', async () => {
    const someone = await member('Target');
    const plain = await member('Plain');
    for (const [method, path, body] of calls(someone.id)) {
      const visitor = await t.call(method, path, { body });
      expect(visitor.status, `${method} ${path}`).toBe(401);
      const asMember = await t.call(method, path, { body, token: plain.token });
      expect(asMember.status, `${method} ${path}`).toBe(403);
      expect(asMember.body).toEqual({ error: 'Admins only' });
    }
    expect((await t.call('GET', '/auth/me', { token: someone.token })).status).toBe(200);
    expect(await auditOf(someone.id)).toEqual([]);
  });

  it('lets an admin named by ADMIN_EMAILS in', async () => {
    expect((await t.call('GET', adminPaths.stats, { token: admin.token })).status).toBe(200);
  });
});

describe('bad input', () => {
  it('answers 400 naming the field, never a 500', async () => {
    const target = await member();
    const cases: [unknown, string][] = [
      [{ banned: true }, 'reason'],
      [{ banned: true, reason: '   ' }, 'reason'],
      [{ banned: 'yes', reason: 'spam' }, 'banned'],
      [{ reason: 'spam' }, 'banned'],
      [{ banned: true, reason: 'x'.repeat(501) }, 'reason'],
      [{ banned: true, reason: 42 }, 'reason'],
    ];
    for (const [body, field] of cases) {
      const answer = await ban(target.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    const noReason = await ban(target.id, { banned: true });
    expect(noReason.body.error).toBe(ADMIN_ERRORS.reasonRequired);
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['limit=51', 'limit'],
      ['limit=2.5', 'limit'],
      [`search=${'a'.repeat(101)}`, 'search'],
    ]) {
      const answer = await adminUsers(query!);
      expect(answer.status, query).toBe(400);
      expect(answer.body.fields[0].field).toBe(field);
    }
    for (const options of [{ rawBody: 'not json' }, { rawBody: '[1,2]' }, {}, { rawBody: 'null' }]) {
      const answer = await t.call('PUT', adminPaths.ban(target.id), { token: admin.token, headers: { 'content-type': 'application/json' }, ...options });
      expect(answer.status, JSON.stringify(options)).toBe(400);
      expect(answer.body.error).toEqual(expect.any(String));
    }
    expect((await adminUsers('page=1&page=2')).status).toBe(400);
    // Fastify refuses an over-long path parameter itself (414): a 4xx, never a 500.
    const tooLong = await ban('x'.repeat(101), { banned: true, reason: 'x' });
    expect(tooLong.status).toBe(414);
    expect(tooLong.body).toEqual({ error: 'The address is too long.' });
    expect((await t.call('GET', `${adminPaths.auditLog}?userId=nope`, { token: admin.token })).status).toBe(400);
    expect((await ban('not-an-id', { banned: true, reason: 'x' })).status).toBe(404);
    expect((await ban('00000000-0000-4000-8000-000000000000', { banned: true, reason: 'x' })).status).toBe(404);
    expect((await remove('not-an-id')).status).toBe(404);
    expect((await remove('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(await auditOf(target.id)).toEqual([]);
  });

  it('will not let an admin ban or delete themself', async () => {
    const selfBan = await ban(admin.id, { banned: true, reason: 'oops' });
    expect(selfBan.status).toBe(400);
    expect(selfBan.body.error).toBe(ADMIN_ERRORS.notYourself);
    expect((await remove(admin.id)).status).toBe(400);
    expect((await t.call('GET', '/auth/me', { token: admin.token })).status).toBe(200);
    expect(await auditOf(admin.id)).toEqual([]);
  });
});

describe('ban and unban', () => {
  it('ends every session at once and blocks sign-in, booking, messaging and browse; the audit log says who, whom and why', async () => {
    const target = await member('Banned');
    const partner = await member('Partner');
    const viewer = await member('Viewer');
    const second = await login(target);
    expect(second.status).toBe(200);
    await confirmedBooking(t, partner, target, await slotFor(partner));
    const targetSlot = await slotFor(target);
    // A request the target sent before the ban, still pending.
    const pendingHost = await member('PendingHost');
    const pendingId = await requestSlot(t, target, await slotFor(pendingHost));
    expect(await browseIds(viewer)).toContain(target.id);

    const live = await connect(t.url, target.token);

    const answer = await ban(target.id, { banned: true, reason: '  Rude messages  ' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // The open app hears it at once, and its socket is closed by the server, not at a later check.
    await live.next('sessionsEnded');
    expect((await live.closed).code).toBe(REALTIME_CLOSE.unauthorized);
    expect(answer.body.user).toMatchObject({ _id: target.id, moderation: { isBanned: true } });
    expect(answer.body.user).not.toHaveProperty('passwordHash');

    // Both of the member's live sessions end: their next call is 401, whatever it is.
    expect((await t.call('GET', '/auth/me', { token: target.token })).status).toBe(401);
    expect((await t.call('GET', '/auth/me', { token: second.body.token })).status).toBe(401);
    expect((await t.call('POST', bookingsPaths.request, { token: target.token, body: requestBody(await slotFor(viewer)) })).status).toBe(401);
    expect((await t.call('POST', chatPaths.send, { token: target.token, body: { recipientId: partner.id, content: 'hi' } })).status).toBe(401);
    const targetSessions = await t.database.db.select().from(sessions).where(eq(sessions.userId, target.id));
    expect(targetSessions.length).toBe(2);
    expect(targetSessions.every((session) => session.revokedAt !== null)).toBe(true);
    // Signing in again is refused.
    const again = await login(target);
    expect(again.status).toBe(403);
    expect(again.body.error).toBe('This account has been banned');
    // Others no longer find, book or message them.
    expect(await browseIds(viewer)).not.toContain(target.id);
    expect((await t.call('GET', profilesPaths.member(target.id), { token: viewer.token })).status).toBe(404);
    expect((await t.call('POST', bookingsPaths.request, { token: viewer.token, body: requestBody(targetSlot) })).status).toBe(404);
    const toBanned = await t.call('POST', chatPaths.send, { token: partner.token, body: { recipientId: target.id, content: 'still there?' } });
    expect(toBanned.status).toBeGreaterThanOrEqual(400);
    expect(toBanned.status).toBeLessThan(500);

    // Nor can a host confirm the banned member's earlier request.
    const confirmBanned = await t.call('POST', bookingsPaths.respond(pendingId), { token: pendingHost.token, body: { action: 'confirm' } });
    expect(confirmBanned.status).toBe(409);
    expect(confirmBanned.body.error).toBe(BOOKING_ERRORS.guestUnavailable);

    expect(await auditOf(target.id)).toEqual([
      expect.objectContaining({ action: 'ban', admin: { _id: admin.id, email: ADMIN_EMAIL }, target: { _id: target.id, kind: 'user', email: target.email, name: null }, reason: 'Rude messages' }),
    ]);
    const listed = await adminUsers(`search=${encodeURIComponent(target.email)}`);
    expect(listed.body.users[0].moderation.isBanned).toBe(true);
  });

  it('unbans without a reason: sign-in and browse come back', async () => {
    const target = await member('Unbanned');
    const viewer = await member('Viewer');
    expect((await ban(target.id, { banned: true, reason: 'Spam' })).status).toBe(200);
    const answer = await ban(target.id, { banned: false });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.user.moderation.isBanned).toBe(false);
    const signedIn = await login(target);
    expect(signedIn.status).toBe(200);
    expect((await t.call('GET', '/auth/me', { token: signedIn.body.token })).status).toBe(200);
    expect(await browseIds(viewer)).toContain(target.id);
    expect((await auditOf(target.id)).map((entry) => [entry.action, entry.reason])).toEqual([
      ['unban', null],
      ['ban', 'Spam'],
    ]);
  });

  it('two bans at once leave one banned member and one audit entry; a repeated unban changes nothing', async () => {
    const target = await member('Twice');
    const answers = await Promise.all([ban(target.id, { banned: true, reason: 'first' }), ban(target.id, { banned: true, reason: 'second' })]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const entries = await auditOf(target.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.action).toBe('ban');
    await ban(target.id, { banned: false });
    await ban(target.id, { banned: false });
    expect((await auditOf(target.id)).map((entry) => entry.action)).toEqual(['unban', 'ban']);
  });

  it('a ban and a delete at once leave a removed member, never a half state', async () => {
    const target = await member('Raced');
    const [banned, removed] = await Promise.all([ban(target.id, { banned: true, reason: 'race' }), remove(target.id)]);
    expect(removed.status).toBe(200);
    expect([200, 404]).toContain(banned.status);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, target.id));
    expect(row!.accountStatus).toBe('deleted');
    const actions = (await auditOf(target.id)).map((entry) => entry.action);
    expect(actions[0]).toBe('delete');
    expect(actions.length).toBe(banned.status === 200 ? 2 : 1);
    expect((await ban(target.id, { banned: false })).status).toBe(404);
  });
});

describe('delete', () => {
  it('leaves nothing of the member reachable, ends their upcoming dates and tells the other party', async () => {
    const target = await member('Leaving');
    const host = await member('Host');
    const guest = await member('Guest');
    const liker = await member('Liker');
    const viewer = await member('Viewer');

    // A photo with its file on disk.
    const jpeg = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const uploaded = await t.upload(target.token, [{ name: 'me.jpg', bytes: jpeg, type: 'image/jpeg' }]);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const photoKey = (uploaded.body.photos as { url: string }[]).at(-1)!.url.split('/').pop()!;
    expect(readdirSync(t.photoDir)).toContain(photoKey);

    // Upcoming dates: a confirmed one as guest, a pending request from someone to the target's slot.
    const confirmedId = await confirmedBooking(t, host, target, await slotFor(host));
    const targetSlot = await slotFor(target);
    const pendingId = await requestSlot(t, guest, targetSlot);
    // Messages both ways, likes both ways.
    expect((await t.call('POST', chatPaths.send, { token: host.token, body: { recipientId: target.id, content: 'See you soon' } })).status).toBe(201);
    expect((await t.call('POST', chatPaths.send, { token: target.token, body: { recipientId: host.id, content: 'Looking forward' } })).status).toBe(201);
    expect((await t.call('POST', `/users/${target.id}/like`, { token: liker.token })).status).toBe(200);
    expect((await t.call('POST', `/users/${liker.id}/like`, { token: target.token })).status).toBe(200);
    const hostSeat = await t.database.db.select().from(bookings).where(eq(bookings.id, confirmedId));

    const answer = await remove(target.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ success: true });

    // Their session and sign-in are gone.
    expect((await t.call('GET', '/auth/me', { token: target.token })).status).toBe(401);
    expect((await login(target)).status).toBe(401);
    // Not found by anyone.
    expect((await t.call('GET', profilesPaths.member(target.id), { token: viewer.token })).status).toBe(404);
    expect(await browseIds(viewer)).not.toContain(target.id);
    expect((await t.call('POST', bookingsPaths.request, { token: viewer.token, body: requestBody(targetSlot) })).status).toBe(404);
    // Messages and likes gone, for the other side too.
    const thread = await t.call('GET', chatPaths.conversation(target.id), { token: host.token });
    expect((thread.status >= 400 && thread.status < 500) || (thread.status === 200 && thread.body.messages.length === 0), JSON.stringify(thread.body)).toBe(true);
    const conversations = await t.call('GET', chatPaths.conversations, { token: host.token });
    expect(conversations.body.conversations.map((c: { otherUser: { _id: string } }) => c.otherUser._id)).not.toContain(target.id);
    const [{ n: messageRows } = { n: -1 }] = await t.database.db
      .select({ n: count() })
      .from(messages)
      .where(or(eq(messages.senderId, target.id), eq(messages.recipientId, target.id)));
    expect(messageRows).toBe(0);
    const likerLikes = await t.call('GET', '/users/likes', { token: liker.token });
    expect(likerLikes.body.given).toEqual([]);
    expect(likerLikes.body.received).toEqual([]);
    const [{ n: likeRows } = { n: -1 }] = await t.database.db
      .select({ n: count() })
      .from(likes)
      .where(or(eq(likes.likerId, target.id), eq(likes.likedId, target.id)));
    expect(likeRows).toBe(0);
    // Photo rows and files gone.
    expect(readdirSync(t.photoDir)).not.toContain(photoKey);
    expect(await t.database.db.select().from(photos).where(eq(photos.userId, target.id))).toEqual([]);
    expect((await t.call('GET', `/photos/${photoKey}`)).status).toBe(404);
    // No name, e-mail or password left on the placeholder row; the e-mail can register again.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ accountStatus: 'deleted', bio: '', interests: [], partnerName: null, longitude: null });
    expect(row!.name).not.toContain('Leaving');
    expect(row!.email).not.toBe(target.email);
    expect((await t.call('POST', '/auth/register', { body: t.registration({ email: target.email }) })).status).toBe(201);

    // The confirmed date is cancelled for the host, who is told; the seat and their calendar are free again.
    const hostView = await t.call('GET', bookingsPaths.booking(confirmedId), { token: host.token });
    expect(hostView.status).toBe(200);
    expect(hostView.body.booking.status).toBe('cancelled');
    expect(hostView.body.booking.otherParty.profile.name).not.toContain('Leaving');
    const [slotAfter] = await t.database.db.select().from(availabilitySlots).where(eq(availabilitySlots.id, hostSeat[0]!.slotId));
    expect(slotAfter!.confirmedCount).toBe(0);
    const hostInbox = await t.call('GET', '/users/notifications', { token: host.token });
    const told = (hostInbox.body.notifications as { title: string; message: string; data: { bookingId?: string }; sender: unknown }[]).find(
      (item) => item.data.bookingId === confirmedId && item.title === 'Your date was cancelled',
    );
    expect(told).toBeDefined();
    expect(told!.sender).toBeNull();
    expect(told!.message).not.toContain('Leaving');
    // The guest's pending request on the removed member's slot ends too, and the guest is told.
    const guestView = await t.call('GET', bookingsPaths.booking(pendingId), { token: guest.token });
    expect(guestView.body.booking.status).toBe('auto_cancelled');
    const guestInbox = await t.call('GET', '/users/notifications', { token: guest.token });
    expect(guestInbox.body.notifications.some((item: { data: { bookingId?: string } }) => item.data.bookingId === pendingId)).toBe(true);
    // Gone from the admin list; the audit log keeps who, whom (as they were) and when.
    expect((await adminUsers(`search=${encodeURIComponent('Leaving')}`)).body.pagination.total).toBe(0);
    expect(await auditOf(target.id)).toEqual([
      expect.objectContaining({ action: 'delete', admin: { _id: admin.id, email: ADMIN_EMAIL }, target: { _id: target.id, kind: 'user', email: target.email, name: null }, reason: null }),
    ]);
    // Deleting again finds no one.
    expect((await remove(target.id)).status).toBe(404);
  });
});

describe('push', () => {
  it("a removal's cancelled date is pushed to the other party like any cancellation, and the removed member's devices are forgotten", async () => {
    const leaving = await member('Leaving');
    const host = await member('Host');
    const bookingId = await confirmedBooking(t, host, leaving, await slotFor(host));
    const subscribe = async (token: string, name: string) => {
      const endpoint = sink.endpoint(`${name}-${Math.random().toString(36).slice(2, 8)}`);
      const keys = browserKeys();
      expect((await t.call('POST', '/push/subscribe', { token, body: subscriptionJson(endpoint, keys) })).status).toBe(200);
      return { endpoint, keys };
    };
    const hostPhone = await subscribe(host.token, 'host');
    const leavingPhone = await subscribe(leaving.token, 'leaving');
    const [slot] = await t.database.db.select().from(availabilitySlots).innerJoin(bookings, eq(bookings.slotId, availabilitySlots.id)).where(eq(bookings.id, bookingId));

    expect((await remove(leaving.id)).status).toBe(200);
    await t.app.jobs.runDue();
    const pushed = sink.to(hostPhone.endpoint).map((request) => JSON.parse(decryptPush(request.body, hostPhone.keys)));
    expect(pushed).toEqual([
      { type: 'booking_cancelled', title: MEMBER_REMOVED_TITLE, body: memberRemovedMessage(slot!.availability_slots), url: `/bookings?booking=${bookingId}`, tag: `booking-${bookingId}`, bookingId, badge: 1 },
    ]);
    expect(sink.to(hostPhone.endpoint)[0]!.headers.urgency).toBe('high');
    expect(sink.to(leavingPhone.endpoint)).toEqual([]);
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, leaving.id))).toEqual([]);
  });
});

describe('users list and stats', () => {
  it('pages by 10, newest first, searching name or e-mail (case-insensitive, % and _ literal)', async () => {
    const made: TestMember[] = [];
    for (let i = 0; i < 12; i += 1) {
      made.push(await createMember(t, { name: `Quokka ${i}`, city: 'Vancouver' }));
      t.clock.advance(1000);
    }
    const first = await adminUsers('search=quokka');
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ page: 1, limit: 10, pages: 2, total: 12 });
    expect(first.body.users).toHaveLength(10);
    const second = await adminUsers('search=QUOKKA&page=2');
    expect(second.body.pagination).toEqual({ page: 2, limit: 10, pages: 2, total: 12 });
    const all = [...first.body.users, ...second.body.users].map((user: { _id: string }) => user._id);
    expect(new Set(all).size).toBe(12);
    expect(all.sort()).toEqual(made.map((m) => m.id).sort());
    const beyond = await adminUsers('search=quokka&page=3');
    expect(beyond.body.users).toEqual([]);
    const byEmail = await adminUsers(`search=${encodeURIComponent(made[3]!.email.toUpperCase())}`);
    expect(byEmail.body.users.map((user: { _id: string }) => user._id)).toEqual([made[3]!.id]);
    expect((await adminUsers('search=%25')).body.pagination.total).toBe(0);
    expect((await adminUsers('search=Quokka_1')).body.pagination.total).toBe(0);
    const record = byEmail.body.users[0];
    expect(record).toMatchObject({
      email: made[3]!.email,
      profile: { name: 'Quokka 3', age: 30, photos: [] },
      reliabilityScore: { current: expect.any(Number) },
      moderation: { isBanned: false },
      stats: { bookings: { total: 0, confirmed: 0 } },
      accountType: 'individual',
      isAdmin: false,
    });
    expect(record).not.toHaveProperty('passwordHash');
    const limited = await adminUsers('search=quokka&limit=5&page=3');
    expect(limited.body.pagination).toEqual({ page: 3, limit: 5, pages: 3, total: 12 });
    expect(limited.body.users).toHaveLength(2);
  });

  it('counts booking totals per member in the list', async () => {
    const host = await member('Counted');
    const guest = await member('Counter');
    await confirmedBooking(t, host, guest, await slotFor(host));
    await requestSlot(t, guest, await slotFor(host)).catch(() => undefined);
    const listed = await adminUsers(`search=${encodeURIComponent(host.email)}`);
    const [{ n } = { n: -1 }] = await t.database.db
      .select({ n: count() })
      .from(bookings)
      .where(or(eq(bookings.hostId, host.id), eq(bookings.guestId, host.id)));
    expect(listed.body.users[0].stats.bookings).toEqual({ total: n, confirmed: 1 });
  });

  it('reports figures from the real rows', async () => {
    const read = async () => (await t.call('GET', adminPaths.stats, { token: admin.token })).body.stats;
    const before = await read();
    const host = await member('StatHost');
    const guest = await member('StatGuest');
    const slot = await slotFor(host);
    await slotFor(host);
    await requestSlot(t, guest, slot);
    const after = await read();
    expect(after.users.total).toBe(before.users.total + 2);
    expect(after.users.recentSignups).toBe(before.users.recentSignups + 2);
    expect(after.bookings.total).toBe(before.bookings.total + 1);
    expect(after.bookings.pending).toBe(before.bookings.pending + 1);
    expect(after.availability.totalSlots).toBe(before.availability.totalSlots + 2);
    await ban(guest.id, { banned: true, reason: 'stats' });
    const banned = await read();
    expect(banned.users.banned).toBe(after.users.banned + 1);
    expect(banned.users.active).toBe(after.users.active - 1);
    expect(banned.users.active + banned.users.banned).toBe(banned.users.total);
    // And they match the tables.
    const [{ n: userRows } = { n: -1 }] = await t.database.db.select({ n: count() }).from(users).where(eq(users.accountStatus, 'active'));
    const [{ n: bookingRows } = { n: -1 }] = await t.database.db.select({ n: count() }).from(bookings);
    const [{ n: auditRows } = { n: -1 }] = await t.database.db.select({ n: count() }).from(adminAuditLog);
    expect(banned.users.total).toBe(userRows);
    expect(banned.bookings.total).toBe(bookingRows);
    expect(auditRows).toBeGreaterThan(0);
  });
});
