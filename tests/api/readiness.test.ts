import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '#tests/support/e2e-server.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';
import { openTestDatabase } from '#tests/support/test-db.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/ready', () => {
  it('answers 200 once the instance serves, without a session; 503 naming the storage when files cannot be stored', async () => {
    expect(await t.call('GET', '/ready')).toMatchObject({ status: 200, body: { status: 'ready' } });
    rmSync(t.photoDir, { recursive: true, force: true });
    expect(await t.call('GET', '/ready')).toMatchObject({ status: 503, body: { status: 'unavailable', failing: 'storage' } });
    // Liveness stays cheap and says nothing of the storage.
    expect((await t.call('GET', '/health')).status).toBe(200);
  });

  it('answers 503 while the instance is starting, and 200 once it has started', async () => {
    const starting = await startTestApp({ ready: false });
    try {
      expect(await starting.call('GET', '/ready')).toMatchObject({ status: 503, body: { status: 'starting' } });
      expect((await starting.call('GET', '/health')).status).toBe(200);
      starting.app.readiness.ready();
      expect(await starting.call('GET', '/ready')).toMatchObject({ status: 200, body: { status: 'ready' } });
    } finally {
      await starting.close();
    }
  });

  it('answers 503 naming the database when the database does not answer', async () => {
    const database = await openTestDatabase();
    let closed: Promise<void> | undefined;
    // Closed here and again by close(): once is enough.
    const closeOnce = () => (closed ??= database.close());
    const broken = await startTestApp({ database: { ...database, close: closeOnce } });
    try {
      expect((await broken.call('GET', '/ready')).status).toBe(200);
      await closeOnce();
      expect(await broken.call('GET', '/ready')).toMatchObject({ status: 503, body: { status: 'unavailable', failing: 'database' } });
    } finally {
      await broken.close();
    }
  });

  it('answers 503 while the instance drains', async () => {
    t.app.readiness.drain();
    expect(await t.call('GET', '/ready')).toMatchObject({ status: 503, body: { status: 'draining' } });
  });
});

describe('a real server process', () => {
  it('is ready once started; on SIGTERM it drains for DRAIN_SECONDS (ready 503, still serving) and then stops cleanly', async () => {
    const server = await startServerProcess({ quiet: true, env: { DRAIN_SECONDS: '3', DEMO_MEMBERS: '0' } });
    try {
      const ready = () => fetch(`${server.url}/api/ready`).then(async (r) => ({ status: r.status, body: await r.json() }));
      await expect.poll(ready).toEqual({ status: 200, body: { status: 'ready' } });
      server.child.kill('SIGTERM');
      await expect.poll(ready).toEqual({ status: 503, body: { status: 'draining' } });
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      const code = await new Promise<number | null>((resolve) => (server.child.exitCode !== null ? resolve(server.child.exitCode) : server.child.once('exit', resolve)));
      expect(code).toBe(0);
    } finally {
      await server.stop();
    }
  });
});
