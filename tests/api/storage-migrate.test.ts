import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '#tests/support/commands.ts';
import { startS3Server, type S3Server } from '#tests/support/s3-server.ts';

/* npm run storage:migrate as a real command: the folder's files into a bucket of a local S3 server. */

let s3: S3Server;
let dataDir: string;
const FILES = 12;
beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-migrate-'));
  mkdirSync(path.join(dataDir, 'photos'));
  for (let i = 0; i < FILES; i += 1) writeFileSync(path.join(dataDir, 'photos', `photo-${i}.webp`), Buffer.alloc(1000 + i, i));
  // Not an upload: a write under way and a stray file stay where they are.
  writeFileSync(path.join(dataDir, 'photos', '.photo-0.webp.1234.tmp'), 'half');
  writeFileSync(path.join(dataDir, 'photos', 'notes.txt~'), 'x');
});
afterAll(async () => {
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The command with the bucket's variables set, as an operator runs it. */
async function migrate(env: Record<string, string>) {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    return await runCommand('scripts/storage-migrate.ts', [], dataDir, 60_000);
  } finally {
    process.env = saved;
  }
}

describe('npm run storage:migrate', () => {
  it('copies every file once; run again, it copies none; a file changed or missing is copied again', async () => {
    const env = s3.env({ prefix: 'uploads' });
    const first = await migrate(env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Copied ${FILES}, already there 0, failed 0 (of ${FILES} files).`);
    const bucket = s3.storage({ prefix: 'uploads/' });
    expect((await bucket.list()).sort()).toEqual(Array.from({ length: FILES }, (_, i) => `photo-${i}.webp`).sort());
    expect(await bucket.get('photo-3.webp')).toEqual(Buffer.alloc(1003, 3));

    const again = await migrate(env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Copied 0, already there ${FILES}, failed 0 (of ${FILES} files).`);

    // A run that stopped half-way: what is missing or short is copied, the rest skipped.
    await bucket.delete('photo-1.webp');
    await bucket.put('photo-2.webp', Buffer.from('cut short'));
    const resumed = await migrate(env);
    expect(resumed.stdout).toContain(`Copied 2, already there ${FILES - 2}, failed 0 (of ${FILES} files).`);
    expect(await bucket.get('photo-2.webp')).toEqual(Buffer.alloc(1002, 2));
  });

  it('refuses to run without STORAGE_URL, and stops on a missing bucket naming STORAGE_URL', async () => {
    const none = await migrate({});
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('STORAGE_URL is not set');

    const missing = await migrate(s3.env({ bucket: 'not-made' }));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('STORAGE_URL: there is no bucket "not-made"');
  });
});
