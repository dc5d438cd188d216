import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_ANSWER } from '#server/auth/auth.service.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function requestReset(email: string) {
  const answer = await t.call('POST', '/auth/forgot-password', { body: { email } });
  expect(answer.status).toBe(200);
  return t.mailedToken(email, 'Reset');
}

describe('password reset', () => {
  it('answers the same for an unknown address, and mails only a known one', async () => {
    const member = await t.register();
    const known = await t.call('POST', '/auth/forgot-password', { body: { email: member.email } });
    const unknown = await t.call('POST', '/auth/forgot-password', { body: { email: 'ghost@example.com' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ success: true, message: FORGOT_ANSWER });
    expect(unknown.body).toEqual(known.body);
    await t.mailedToken(member.email, 'Reset');
    expect(t.sink.messages.some((m) => m.to.includes('ghost@example.com'))).toBe(false);
  });

  it('sets the new password, ends every session, and works once', async () => {
    const member = await t.register();
    const other = await t.call('POST', '/auth/login', { body: { email: member.email, password: member.password } });
    const token = await requestReset(member.email);

    const reset = await t.call('POST', '/auth/reset-password', { body: { token, password: 'a brand new secret' } });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Password reset successfully! You can now login with your new password.');

    expect((await t.call('GET', '/auth/me', { token: member.token })).status).toBe(401);
    expect((await t.call('GET', '/auth/me', { token: other.body.token })).status).toBe(401);
    expect((await t.call('POST', '/auth/login', { body: { email: member.email, password: member.password } })).status).toBe(401);
    expect((await t.call('POST', '/auth/login', { body: { email: member.email, password: 'a brand new secret' } })).status).toBe(200);

    const again = await t.call('POST', '/auth/reset-password', { body: { token, password: 'yet another secret' } });
    expect(again.status).toBe(400);
  });

  it('expires after one hour', async () => {
    const member = await t.register();
    const token = await requestReset(member.email);
    t.clock.advance(60 * 60 * 1000 + 1000);
    const answer = await t.call('POST', '/auth/reset-password', { body: { token, password: 'a brand new secret' } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/invalid or has expired/);
  });

  it('of two resets with one link at once, exactly one succeeds', async () => {
    const member = await t.register();
    const token = await requestReset(member.email);
    const answers = await Promise.all(
      ['first new secret', 'second new secret'].map((password) => t.call('POST', '/auth/reset-password', { body: { token, password } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it('checks the new password and the token', async () => {
    const short = await t.call('POST', '/auth/reset-password', { body: { token: 'x', password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.body.fields).toContainEqual({ field: 'password', message: 'Password must be at least 8 characters long' });
    const noToken = await t.call('POST', '/auth/reset-password', { body: { password: 'long enough' } });
    expect(noToken.body.fields).toContainEqual({ field: 'token', message: 'Invalid reset token' });
  });

  it('rate limits requests per address', async () => {
    const member = await t.register();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await t.call('POST', '/auth/forgot-password', { body: { email: member.email } })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});
