import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TZDB_VERSION } from '#shared/domain/time-zones.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('reports health once ready, naming the database and the tzdb release of its zone rules', async () => {
    const answer = await t.call('GET', '/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok', database: process.env.TEST_DB, tzdb: TZDB_VERSION });
    expect(answer.body.tzdb >= '2026c').toBe(true);
  });

  it('answers an unknown API call with a JSON 404', async () => {
    const answer = await t.call('GET', '/no-such-thing');
    expect(answer.status).toBe(404);
    expect(answer.body.error).toContain('/api/no-such-thing');
  });

  it('answers a call without a session with 401 and the error shape', async () => {
    const answer = await t.call('GET', '/auth/me');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: 'Please log in to continue' });
  });

  it('answers a dead or forged token with 401', async () => {
    const answer = await t.call('GET', '/auth/me', { token: 'not-a-real-session-token' });
    expect(answer.status).toBe(401);
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const answer = await t.call('POST', '/auth/login', { rawBody: '{"email": ' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('The request body is not valid JSON.');
  });

  it('answers a body over the limit with 413', async () => {
    const answer = await t.call('POST', '/auth/login', { body: { email: 'a@b.co', password: 'x'.repeat(70 * 1024) } });
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe('The request is too large.');
  });

  it('answers wrong types with 400 and the fields at fault', async () => {
    const answer = await t.call('POST', '/auth/login', { body: { email: 42, password: ['x'] } });
    expect(answer.status).toBe(400);
    expect(answer.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['email', 'password']);
  });

  it('answers a JSON body that is not an object with 400, and a body that is not JSON with 415', async () => {
    const notObject = await t.call('POST', '/auth/login', { rawBody: '"email=a"' });
    expect(notObject.status).toBe(400);
    expect(notObject.body.error).toMatch(/expected object/);
    const text = await t.call('POST', '/auth/login', { rawBody: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ error: 'Send the request as JSON.' });
  });

  it('sends security headers with a CSP', async () => {
    const answer = await t.call('GET', '/health');
    const csp = answer.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends every security header on answers, refusals and unknown calls alike', async () => {
    for (const answer of [await t.call('GET', '/health'), await t.call('GET', '/auth/me'), await t.call('GET', '/no-such-thing')]) {
      const headers: Record<string, string> = {};
      answer.headers.forEach((value, name) => (headers[name] = value));
      expect(headers['content-security-policy']).toMatch(
        /^default-src 'self';script-src 'self' 'sha256-[\w+/=]+';style-src 'self';img-src 'self' data: blob:;font-src 'self';connect-src 'self';worker-src 'self';manifest-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'$/,
      );
      expect(headers).toMatchObject({
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(headers['x-powered-by']).toBeUndefined();
    }
  });
});
