import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsPaths } from '#shared/api/notifications.ts';
import { notifications } from '#server/notifications/notifications.tables.ts';
import { createNotification, setBookingRequestStatus } from '#server/notifications/notifications.service.ts';
import { photos } from '#server/profiles/profiles.tables.ts';
import { START, startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
type Member = Awaited<ReturnType<TestApp['verifiedMember']>>;

const list = (member: Member, query = '') => t.call('GET', `${notificationsPaths.list}${query}`, { token: member.token });
const unread = async (member: Member) => (await t.call('GET', notificationsPaths.unreadCount, { token: member.token })).body.count as number;
const titles = (answer: { body: { notifications: { title: string }[] } }) => answer.body.notifications.map((n) => n.title);

/** An inbox item written the way features write them (inside a transaction), at the test clock's time. */
async function notify(recipient: Member, values: { title: string; type?: 'booking_request' | 'message' | 'booking_update'; sender?: Member; data?: object }) {
  return t.database.db.transaction((tx) =>
    createNotification(tx, {
      userId: recipient.user._id,
      senderId: values.sender?.user._id ?? null,
      type: values.type ?? 'message',
      title: values.title,
      message: `${values.title} message`,
      data: values.data ?? {},
      createdAt: t.clock.now(),
    }),
  );
}

async function nudge(from: Member, to: Member): Promise<string> {
  expect((await t.call('POST', `/users/${to.user._id}/nudge`, { token: from.token })).status).toBe(200);
  const answer = await list(to);
  return answer.body.notifications.find((n: { type: string; sender: { _id: string } }) => n.type === 'nudge' && n.sender._id === from.user._id)._id;
}

describe('the inbox', () => {
  it('lists active items newest first with their sender, counts, and the unread count', async () => {
    const ann = await t.verifiedMember({ name: 'Ann' });
    const ben = await t.verifiedMember({ name: 'Ben', gender: 'male' });
    await t.database.db.insert(photos).values({ userId: ben.user._id, storageKey: 'ben-1.webp', width: 800, height: 800, createdAt: START });

    await notify(ann, { title: 'First' });
    t.clock.advance(MINUTE);
    const nudgeId = await nudge(ben, ann);
    t.clock.advance(MINUTE);
    await notify(ann, {
      title: 'A request',
      type: 'booking_request',
      sender: ben,
      data: { profileId: ben.user._id, bookingId: '00000000-0000-4000-8000-000000000001', date: '2026-12-01', proposedTime: '18:00', venue: 'Cafe', requestMessage: 'Coffee?' },
    });

    const answer = await list(ann);
    expect(answer.status).toBe(200);
    expect(titles(answer)).toEqual(['A request', 'You got a nudge', 'First']);
    expect(answer.body.counts).toEqual({ active: 3, archived: 0 });
    const [request, nudged, first] = answer.body.notifications;
    expect(request).toMatchObject({
      type: 'booking_request',
      isRead: false,
      isArchived: false,
      status: null,
      sender: { _id: ben.user._id, profile: { name: 'Ben', photos: [{ url: '/api/photos/ben-1.webp', isVerified: false }] } },
      data: { bookingId: '00000000-0000-4000-8000-000000000001', date: '2026-12-01', proposedTime: '18:00', venue: 'Cafe', requestMessage: 'Coffee?' },
    });
    expect(nudged).toMatchObject({ _id: nudgeId, type: 'nudge', sender: { _id: ben.user._id }, data: { profileId: ben.user._id } });
    expect(first.sender).toBeNull();
    expect(JSON.stringify(answer.body)).not.toContain(ben.email);
    expect(await unread(ann)).toBe(3);
    // Ben's inbox is his own.
    expect((await list(ben)).body).toEqual({ notifications: [], counts: { active: 0, archived: 0 } });
    expect(await unread(ben)).toBe(0);
  });

  it('archives: the item leaves the active list for the archived one, counts follow, unread count drops', async () => {
    const ann = await t.verifiedMember();
    const oldId = await notify(ann, { title: 'Old' });
    t.clock.advance(MINUTE);
    await notify(ann, { title: 'New' });

    const archived = await t.call('PUT', notificationsPaths.archive(oldId), { token: ann.token });
    expect(archived.status).toBe(200);
    expect(archived.body.notification).toMatchObject({ _id: oldId, isArchived: true, isRead: false });

    expect(titles(await list(ann))).toEqual(['New']);
    expect(titles(await list(ann, '?archivedOnly=true'))).toEqual(['Old']);
    expect(titles(await list(ann, '?includeArchived=true'))).toEqual(['New', 'Old']);
    // archivedOnly wins when both are asked.
    expect(titles(await list(ann, '?includeArchived=true&archivedOnly=1'))).toEqual(['Old']);
    expect((await list(ann)).body.counts).toEqual({ active: 1, archived: 1 });
    // An archived item no longer counts as unread on the bell.
    expect(await unread(ann)).toBe(1);

    // Archiving again changes nothing.
    expect((await t.call('PUT', notificationsPaths.archive(oldId), { token: ann.token })).status).toBe(200);
    expect((await list(ann)).body.counts).toEqual({ active: 1, archived: 1 });
  });

  it('marks an item read', async () => {
    const ann = await t.verifiedMember();
    const id = await notify(ann, { title: 'Hello' });
    expect(await unread(ann)).toBe(1);
    const read = await t.call('PUT', notificationsPaths.read(id), { token: ann.token });
    expect(read.status).toBe(200);
    expect(read.body.notification).toMatchObject({ _id: id, isRead: true });
    expect(await unread(ann)).toBe(0);
    expect((await list(ann)).body.notifications[0].isRead).toBe(true);
  });

  it('acknowledges a nudge (read); anything else answers 400 and stays unread', async () => {
    const ann = await t.verifiedMember();
    const ben = await t.verifiedMember();
    const nudgeId = await nudge(ben, ann);
    const messageId = await notify(ann, { title: 'Not a nudge', sender: ben });

    const acknowledged = await t.call('PUT', notificationsPaths.acknowledge(nudgeId), { token: ann.token });
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body.notification).toMatchObject({ _id: nudgeId, type: 'nudge', isRead: true });

    const refused = await t.call('PUT', notificationsPaths.acknowledge(messageId), { token: ann.token });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Only a nudge can be acknowledged');
    expect(await unread(ann)).toBe(1);
  });

  it('shows the outcome of a booking request once set', async () => {
    const host = await t.verifiedMember();
    const guest = await t.verifiedMember();
    const bookingId = '00000000-0000-4000-8000-0000000000b1';
    await notify(host, { title: 'Request', type: 'booking_request', sender: guest, data: { bookingId } });
    // Another host's item for another booking keeps its status.
    const other = await t.verifiedMember();
    await notify(other, { title: 'Other request', type: 'booking_request', sender: guest, data: { bookingId: '00000000-0000-4000-8000-0000000000b2' } });
    await t.database.db.transaction((tx) => setBookingRequestStatus(tx, [{ id: bookingId, hostId: host.user._id }], 'confirmed'));
    expect((await list(host)).body.notifications[0].status).toBe('confirmed');
    expect((await list(other)).body.notifications[0].status).toBeNull();
  });

  it('keeps at most 100 items in one answer, newest first, while the counts tell the whole', async () => {
    const ann = await t.verifiedMember();
    await t.database.db.insert(notifications).values(
      Array.from({ length: 105 }, (_, i) => ({
        userId: ann.user._id,
        type: 'message' as const,
        title: `Item ${i}`,
        message: 'Hi',
        createdAt: new Date(START.getTime() + i * MINUTE),
      })),
    );
    const answer = await list(ann);
    expect(answer.body.notifications).toHaveLength(100);
    expect(answer.body.notifications[0].title).toBe('Item 104');
    expect(answer.body.notifications[99].title).toBe('Item 5');
    expect(answer.body.counts).toEqual({ active: 105, archived: 0 });
    expect(await unread(ann)).toBe(105);
  });
});

describe('privacy and access', () => {
  it("another member's item, an unknown id or a malformed id is not found, and nothing changes", async () => {
    const ann = await t.verifiedMember();
    const eve = await t.verifiedMember();
    const ben = await t.verifiedMember();
    const nudgeId = await nudge(ben, ann);
    for (const path of [notificationsPaths.read(nudgeId), notificationsPaths.archive(nudgeId), notificationsPaths.acknowledge(nudgeId)]) {
      const answer = await t.call('PUT', path, { token: eve.token });
      expect(answer.status, path).toBe(404);
      expect(answer.body.error).toBe('Notification not found');
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const path of [notificationsPaths.read(id), notificationsPaths.archive(id), notificationsPaths.acknowledge(id)]) {
        const answer = await t.call('PUT', path, { token: ann.token });
        expect(answer.status, path).toBe(404);
        expect(answer.body.error).toBe('Notification not found');
      }
    }
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, nudgeId));
    expect(row).toMatchObject({ isRead: false, archivedAt: null });
    expect(await unread(ann)).toBe(1);
    expect((await list(eve)).body.notifications).toEqual([]);
  });

  it('needs a verified e-mail and a session; a bad filter is a 400', async () => {
    const unverified = await t.register();
    expect((await t.call('GET', notificationsPaths.list, { token: unverified.token })).status).toBe(403);
    expect((await t.call('GET', notificationsPaths.unreadCount, { token: unverified.token })).status).toBe(403);
    expect((await t.call('GET', notificationsPaths.list)).status).toBe(401);
    expect((await t.call('PUT', notificationsPaths.read('00000000-0000-4000-8000-000000000000'))).status).toBe(401);

    const ann = await t.verifiedMember();
    const bad = await list(ann, '?archivedOnly=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ field: 'archivedOnly', message: 'must be true or false' }]);
  });
});
