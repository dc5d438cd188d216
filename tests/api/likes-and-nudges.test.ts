import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/auth/auth.tables.ts';
import { notifications } from '#server/notifications/notifications.tables.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('likes', () => {
  it('likes, reports the status both ways, lists given and received, and unlikes', async () => {
    const ann = await t.verifiedMember({ name: 'Ann', gender: 'female' });
    const ben = await t.verifiedMember({ name: 'Ben', gender: 'male' });

    expect((await t.call('GET', `/users/${ben.user._id}/like-status`, { token: ann.token })).body).toEqual({ isLiked: false });
    const liked = await t.call('POST', `/users/${ben.user._id}/like`, { token: ann.token });
    expect(liked.status).toBe(200);
    expect(liked.body.isLiked).toBe(true);
    // Liking twice keeps one like.
    expect((await t.call('POST', `/users/${ben.user._id}/like`, { token: ann.token })).status).toBe(200);

    expect((await t.call('GET', `/users/${ben.user._id}/like-status`, { token: ann.token })).body).toEqual({ isLiked: true });
    expect((await t.call('GET', `/users/${ann.user._id}/like-status`, { token: ben.token })).body).toEqual({ isLiked: false });

    const annLikes = await t.call('GET', '/users/likes', { token: ann.token });
    expect(annLikes.status).toBe(200);
    expect(annLikes.body.given.map((m: { _id: string }) => m._id)).toEqual([ben.user._id]);
    expect(annLikes.body.received).toEqual([]);
    expect(annLikes.body.given[0]).toMatchObject({ profile: { name: 'Ben', gender: 'male' }, reliabilityScore: { current: 675 } });
    expect(annLikes.body.given[0].email).toBeUndefined();
    expect(JSON.stringify(annLikes.body)).not.toContain(ben.email);

    const benLikes = await t.call('GET', '/users/likes', { token: ben.token });
    expect(benLikes.body.received.map((m: { _id: string }) => m._id)).toEqual([ann.user._id]);
    expect(benLikes.body.given).toEqual([]);

    const unliked = await t.call('DELETE', `/users/${ben.user._id}/like`, { token: ann.token });
    expect(unliked.body.isLiked).toBe(false);
    expect((await t.call('GET', '/users/likes', { token: ann.token })).body.given).toEqual([]);
    expect((await t.call('GET', '/users/likes', { token: ben.token })).body.received).toEqual([]);
  });

  it("refuses liking yourself with the spec's text", async () => {
    const ann = await t.verifiedMember();
    const answer = await t.call('POST', `/users/${ann.user._id}/like`, { token: ann.token });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Cannot like yourself');
  });

  it('cannot like an unknown, unverified or banned member (404), nor with a malformed id', async () => {
    const ann = await t.verifiedMember();
    const unverified = await t.register();
    const banned = await t.verifiedMember();
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.user._id));
    for (const id of ['00000000-0000-4000-8000-000000000000', unverified.user._id, banned.user._id, 'not-a-uuid']) {
      const answer = await t.call('POST', `/users/${id}/like`, { token: ann.token });
      expect(answer.status, id).toBe(404);
      expect(answer.body.error).toBe('Profile not found');
    }
  });

  it('hides a liked member from the lists once they are banned', async () => {
    const ann = await t.verifiedMember();
    const ben = await t.verifiedMember();
    await t.call('POST', `/users/${ben.user._id}/like`, { token: ann.token });
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, ben.user._id));
    expect((await t.call('GET', '/users/likes', { token: ann.token })).body.given).toEqual([]);
  });

  it('needs a verified e-mail', async () => {
    const unverified = await t.register();
    const ben = await t.verifiedMember();
    expect((await t.call('POST', `/users/${ben.user._id}/like`, { token: unverified.token })).status).toBe(403);
    expect((await t.call('GET', '/users/likes', { token: unverified.token })).status).toBe(403);
    expect((await t.call('GET', '/users/likes')).status).toBe(401);
  });
});

describe('nudges', () => {
  const inboxOf = (userId: string) => t.database.db.select().from(notifications).where(eq(notifications.userId, userId));

  it('one per sender, recipient and day: the second answers 429 with the spec text; a new day allows another', async () => {
    const eve = await t.verifiedMember({ name: 'Eve', gender: 'female' });
    const max = await t.verifiedMember({ name: 'Max', gender: 'male' });
    const first = await t.call('POST', `/users/${max.user._id}/nudge`, { token: eve.token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, message: 'Nudge sent!' });

    const second = await t.call('POST', `/users/${max.user._id}/nudge`, { token: eve.token });
    expect(second.status).toBe(429);
    expect(second.body.error).toBe('You can only send one nudge per day to each user');

    const inbox = await inboxOf(max.user._id);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ type: 'nudge', senderId: eve.user._id, data: { profileId: eve.user._id } });

    // Someone else may still nudge Max today, and Eve may nudge someone else.
    const other = await t.verifiedMember();
    expect((await t.call('POST', `/users/${max.user._id}/nudge`, { token: other.token })).status).toBe(200);
    expect((await t.call('POST', `/users/${other.user._id}/nudge`, { token: eve.token })).status).toBe(200);

    t.clock.advance(24 * 60 * 60 * 1000);
    expect((await t.call('POST', `/users/${max.user._id}/nudge`, { token: eve.token })).status).toBe(200);
    expect(await inboxOf(max.user._id)).toHaveLength(3);
  });

  it('two nudges sent at the same moment still make one', async () => {
    const sender = await t.verifiedMember();
    const recipient = await t.verifiedMember();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.call('POST', `/users/${recipient.user._id}/nudge`, { token: sender.token })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429, 429, 429]);
    expect(await inboxOf(recipient.user._id)).toHaveLength(1);
  });

  it('cannot nudge yourself, an unknown or banned member', async () => {
    const sender = await t.verifiedMember();
    expect((await t.call('POST', `/users/${sender.user._id}/nudge`, { token: sender.token })).status).toBe(400);
    expect((await t.call('POST', '/users/00000000-0000-4000-8000-000000000000/nudge', { token: sender.token })).status).toBe(404);
    const banned = await t.verifiedMember();
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.user._id));
    expect((await t.call('POST', `/users/${banned.user._id}/nudge`, { token: sender.token })).status).toBe(404);
  });
});
