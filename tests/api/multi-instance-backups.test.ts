import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupsIn } from '#server/platform/backup/backup.ts';
import { startAnotherInstance, startTestApp, type TestApp } from '#tests/support/test-app.ts';

/** Two instances over one PostgreSQL database, both with daily backups into one folder: one backup a day, not two. */
let a: TestApp;
let b: TestApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-daily-'));
  a = await startTestApp({ backups: { dir, keep: 7 } });
  b = await startAnotherInstance(a, { backups: { dir, keep: 7 } });
});
afterAll(async () => {
  await b.close();
  await a.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the daily backup across instances', () => {
  it('runs once a day however many instances poll at once', async () => {
    await a.register();
    await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue(), a.app.jobs.runDue(), b.app.jobs.runDue()]);
    expect(await backupsIn(dir)).toHaveLength(1);
    for (const app of [a, b]) app.clock.advance(24 * 3600_000);
    await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
    expect(await backupsIn(dir)).toHaveLength(2);
  });
});
