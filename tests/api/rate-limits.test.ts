import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#server/auth/auth.service.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ registrationsPerIp: LIMITS.registerPerIp.max });
});
afterAll(() => t.close());

/** Every call here comes from 127.0.0.1: after the per-IP budget, even fresh addresses are refused. */
describe('per-IP rate limits', () => {
  it('sign-in: a different address each time still runs out at the IP budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.loginPerIp.max; i++) {
      statuses.push((await t.call('POST', '/auth/login', { body: { email: `guess${i}@example.com`, password: 'guessing123' } })).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('password reset: guessing links runs out at the IP budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.resetPerIp.max; i++) {
      statuses.push((await t.call('POST', '/auth/reset-password', { body: { token: `guess-${i}`, password: 'a new password' } })).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('registration: the address runs out of new accounts at its hourly budget, and gets them back an hour later', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.registerPerIp.max; i++) statuses.push((await t.call('POST', '/auth/register', { body: t.registration() })).status);
    expect(statuses).toEqual([...Array(LIMITS.registerPerIp.max).fill(201), 429]);

    const refused = await t.call('POST', '/auth/register', { body: t.registration() });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too many attempts. Please try again in 60 minutes.' });
    expect(refused.headers.get('retry-after')).toBe(String(LIMITS.registerPerIp.windowMs / 1000));

    t.clock.advance(LIMITS.registerPerIp.windowMs);
    expect((await t.call('POST', '/auth/register', { body: t.registration() })).status).toBe(201);
  });
});

describe('behind a proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await startTestApp({ registrationsPerIp: 1, trustProxy: ['127.0.0.1'] });
  });
  afterAll(() => proxied.close());

  const register = (app: TestApp, client: string) => app.call('POST', '/auth/register', { body: app.registration(), headers: { 'x-forwarded-for': client } });

  it('with TRUST_PROXY naming the proxy, each client the proxy names has its own budget', async () => {
    expect((await register(proxied, '203.0.113.5')).status).toBe(201);
    expect((await register(proxied, '203.0.113.5')).status).toBe(429);
    expect((await register(proxied, '203.0.113.6')).status).toBe(201);
  });

  it('without it, X-Forwarded-For is not believed: the connection is the client', async () => {
    t.clock.advance(LIMITS.registerPerIp.windowMs);
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.registerPerIp.max; i++) statuses.push((await register(t, `198.51.100.${i}`)).status);
    expect(statuses.at(-1)).toBe(429);
  });
});
