import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('e-mail verification', () => {
  it('the mailed link verifies the address, once', async () => {
    const member = await t.register();
    const token = await t.mailedToken(member.email, 'Confirm');
    const first = await t.call('POST', '/auth/verify-email', { body: { token }, token: member.token });
    expect(first.status).toBe(200);
    expect(first.body.user.isEmailVerified).toBe(true);
    const me = await t.call('GET', '/auth/me', { token: member.token });
    expect(me.body.user.isEmailVerified).toBe(true);

    const again = await t.call('POST', '/auth/verify-email', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('This verification link is invalid or has expired');
  });

  it('works without a session (the link opened on another device) and tells nothing about the account', async () => {
    const member = await t.register();
    const token = await t.mailedToken(member.email, 'Confirm');
    const answer = await t.call('POST', '/auth/verify-email', { body: { token } });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toBeUndefined();
  });

  it('of two verifications with one link at once, exactly one succeeds', async () => {
    const member = await t.register();
    const token = await t.mailedToken(member.email, 'Confirm');
    const answers = await Promise.all([1, 2, 3].map(() => t.call('POST', '/auth/verify-email', { body: { token } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
  });

  it('refuses an unknown or expired link', async () => {
    expect((await t.call('POST', '/auth/verify-email', { body: { token: 'made-up' } })).status).toBe(400);
    expect((await t.call('POST', '/auth/verify-email', { body: {} })).status).toBe(400);
    const member = await t.register();
    const token = await t.mailedToken(member.email, 'Confirm');
    t.clock.advance(25 * 60 * 60 * 1000);
    expect((await t.call('POST', '/auth/verify-email', { body: { token } })).status).toBe(400);
  });

  it('resend mails a new working link; refused once verified', async () => {
    const member = await t.register();
    await t.mailedToken(member.email, 'Confirm');
    const resent = await t.call('POST', '/auth/resend-verification', { token: member.token });
    expect(resent.status).toBe(200);
    await expect.poll(() => t.sink.messages.filter((m) => m.to.includes(member.email)).length).toBe(2);
    const newest = t.sink.messages.filter((m) => m.to.includes(member.email)).at(-1)!;
    const token = new URL(newest.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    expect((await t.call('POST', '/auth/verify-email', { body: { token } })).status).toBe(200);

    const after = await t.call('POST', '/auth/resend-verification', { token: member.token });
    expect(after.status).toBe(400);
    expect(after.body.error).toBe('Your email is already verified');
  });

  it('resend needs a session', async () => {
    expect((await t.call('POST', '/auth/resend-verification')).status).toBe(401);
  });
});
