import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '#tests/support/commands.ts';
import { startServerProcess, type ServerProcess } from '#tests/support/e2e-server.ts';
import { startS3Server, type S3Server } from '#tests/support/s3-server.ts';

/*
 * `npm run backup` and `npm run restore` as an operator runs them on an installation whose uploads
 * are in a bucket (real processes, a local S3 server): the backup takes the bucket's objects, the
 * restore puts them into the new installation's bucket, which serves them.
 */

let s3: S3Server;
const folders: string[] = [];
const started: ServerProcess[] = [];
beforeAll(async () => {
  s3 = await startS3Server();
  await s3.createBucket('before');
  await s3.createBucket('after');
});
afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
  await s3.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const folder = () => {
  const made = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-bucket-backup-'));
  folders.push(made);
  return made;
};

async function server(dataDir: string, bucket: string): Promise<ServerProcess> {
  const running = await startServerProcess({ dataDir, quiet: true, env: s3.env({ bucket, prefix: 'photos' }) });
  started.push(running);
  return running;
}

/** One of the commands, with the bucket's variables set as the server has them. */
async function command(script: string, args: string[], dataDir: string, bucket: string) {
  const saved = { ...process.env };
  Object.assign(process.env, s3.env({ bucket, prefix: 'photos' }));
  try {
    return await runCommand(script, args, dataDir);
  } finally {
    process.env = saved;
  }
}

const member = { email: `bucket-${process.pid}@example.com`, password: 'a long enough secret' };
const post = (url: string, body: unknown, token?: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });

describe('npm run backup and npm run restore with STORAGE_URL set', () => {
  it("back up the bucket's photos through the running server and restore them into another installation's bucket", async () => {
    const first = folder();
    const running = await server(first, 'before');
    const registered = await post(`${running.url}/api/auth/register`, {
      accountType: 'individual',
      ...member,
      name: 'Bea Bucket',
      age: 40,
      gender: 'other',
      location: { city: 'Ottawa', country: 'Canada' },
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 240, height: 180, channels: 3, background: '#c84' } }).jpeg().toBuffer();
    form.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'me.jpg');
    const uploaded = await fetch(`${running.url}/api/users/photos`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(uploaded.status).toBe(201);
    const [photo] = ((await uploaded.json()) as { photos: { url: string }[] }).photos;
    const key = photo!.url.split('/').pop()!;
    const stored = (await s3.storage({ bucket: 'before', prefix: 'photos/' }).get(key))!;
    expect(stored).not.toBeNull();

    const file = path.join(folder(), 'nightly.tar.gz');
    const backup = await command('scripts/backup.ts', ['--out', file], first, 'before');
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`The server (pid ${running.child.pid}) owns`);
    expect(backup.stdout).toMatch(/ and 1 files in /);
    await running.stop();

    const second = folder();
    const restored = await command('scripts/restore.ts', [file], second, 'after');
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/ rows and 1 files in /);
    expect(await s3.storage({ bucket: 'after', prefix: 'photos/' }).list()).toEqual([key]);

    const again = await server(second, 'after');
    const login = await post(`${again.url}/api/auth/login`, member);
    expect(login.status).toBe(200);
    const image = await fetch(`${again.url}${photo!.url}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(stored)).toBe(true);
  }, 300_000);
});
