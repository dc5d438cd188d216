import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_MS } from '#shared/domain/account.ts';
import { TEST_CLOCK_PATH } from '#server/platform/test-clock.routes.ts';
import { startServerProcess, type ServerProcess } from '#tests/support/e2e-server.ts';
import { HOUR_MS } from '#shared/domain/durations.ts';

// The real process as `npm start` runs it; its embedded database is its own, whichever project runs this file.


async function call(server: ServerProcess, method: string, path: string, options: { body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${server.url}/api${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  return { status: response.status, body: (await response.json().catch(() => null)) as any };
}

/** A process starts slowly on a busy machine (compile, database, migrations): both start at once. */
const STARTUP_MS = 120_000;
let withClock: ServerProcess;
let withoutClock: ServerProcess;
beforeAll(async () => {
  [withClock, withoutClock] = await Promise.all([startServerProcess({ env: { TEST_CLOCK: '1' }, quiet: true }), startServerProcess({ quiet: true })]);
}, STARTUP_MS);
afterAll(() => Promise.all([withClock?.stop(), withoutClock?.stop()]));

describe('the server started with TEST_CLOCK=1', () => {

  it('moves its time forward on POST /api/test/clock, and its features follow (a session runs out)', async () => {
    const registered = await call(withClock, 'POST', '/auth/register', {
      body: {
        accountType: 'individual',
        email: 'clock@example.com',
        password: 'a long enough secret',
        name: 'Clock',
        age: 33,
        gender: 'other',
        location: { city: 'Vancouver', country: 'Canada' },
      },
    });
    expect(registered.status).toBe(201);
    const token = registered.body.token as string;
    expect((await call(withClock, 'GET', '/auth/me', { token })).status).toBe(200);

    const before = Date.now();
    const moved = await call(withClock, 'POST', TEST_CLOCK_PATH, { body: { advanceMs: 3 * HOUR_MS } });
    expect(moved.status).toBe(200);
    const now = new Date(moved.body.now).getTime();
    expect(now).toBeGreaterThanOrEqual(before + 3 * HOUR_MS);
    expect(now).toBeLessThan(Date.now() + 3 * HOUR_MS + 60_000);
    expect((await call(withClock, 'GET', '/auth/me', { token })).status).toBe(200);

    // Advances add up, and the session (issued at the real time) is now past its end.
    const later = await call(withClock, 'POST', TEST_CLOCK_PATH, { body: { advanceMs: SESSION_TTL_MS } });
    expect(new Date(later.body.now).getTime()).toBeGreaterThanOrEqual(before + 3 * HOUR_MS + SESSION_TTL_MS);
    expect((await call(withClock, 'GET', '/auth/me', { token })).status).toBe(401);
  });

  it('refuses to move time backwards or by a non-number, with a 400 naming the field', async () => {
    for (const advanceMs of [-1, 'soon', 1.5]) {
      const answer = await call(withClock, 'POST', TEST_CLOCK_PATH, { body: { advanceMs } });
      expect(answer.status, String(advanceMs)).toBe(400);
      expect(answer.body.fields[0].field).toBe('advanceMs');
    }
  });
});

describe('the server started without TEST_CLOCK', () => {

  it('has no test clock: the call is unknown (404)', async () => {
    const answer = await call(withoutClock, 'POST', TEST_CLOCK_PATH, { body: { advanceMs: 3 * HOUR_MS } });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: `No such call: POST /api${TEST_CLOCK_PATH}` });
  });
});
