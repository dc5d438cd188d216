import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectStoreFailure, s3Storage } from '#server/platform/storage-s3.ts';
import { ABANDONED_WRITE_MS, folderStorage, type FileStorage } from '#server/platform/storage.ts';
import { fixedClock } from '#server/platform/clock.ts';
import { createPhotosService, ORPHAN_FILE_AGE_MS } from '#server/profiles/photos.service.ts';
import { photos as photosTable } from '#server/profiles/profiles.tables.ts';
import { runCommand } from '#tests/support/commands.ts';
import { startS3Server, type S3Server } from '#tests/support/s3-server.ts';
import { startTestApp } from '#tests/support/test-app.ts';
import { openTestDatabase } from '#tests/support/test-db.ts';

/*
 * One contract, two implementations: the folder (the default) and an S3 bucket on a real local
 * S3-protocol server (s3rver). Whatever a feature or a backup relies on holds for both.
 */

let s3: S3Server;
const folders: string[] = [];
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tempFolder() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-storage-'));
  folders.push(folder);
  return folder;
}

type Subject = {
  storage: FileStorage;
  /** Takes the storage's place away under it (the folder removed, the bucket removed). */
  breakIt(): Promise<void>;
  /** Makes a file look last written at `when`, as if it had been put then. */
  backdate(key: string, when: Date): Promise<void>;
};

let buckets = 0;
const implementations: [string, () => Promise<Subject>][] = [
  [
    'folder',
    async () => {
      const dir = path.join(tempFolder(), 'photos');
      return {
        storage: folderStorage(dir),
        breakIt: async () => rmSync(dir, { recursive: true, force: true }),
        backdate: (key, when) => utimes(path.join(dir, key), when, when),
      };
    },
  ],
  [
    'S3 bucket',
    async () => {
      const bucket = `contract-${++buckets}`;
      const prefix = 'uploads/photos/';
      await s3.createBucket(bucket);
      return {
        storage: s3.storage({ bucket, prefix }),
        breakIt: () => s3.removeBucket(bucket),
        backdate: (key, when) => s3.backdate(key, when, { bucket, prefix }),
      };
    },
  ],
];

const text = (value: string) => Buffer.from(value);
async function drain(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(implementations)('FileStorage: %s', (_name, make) => {
  let subject: Subject;
  let storage: FileStorage;
  beforeAll(async () => {
    subject = await make();
    storage = subject.storage;
  });

  it('gives back what was put, with its size, and null for a key it does not hold', async () => {
    await storage.put('a1.webp', text('first'));
    expect(await storage.get('a1.webp')).toEqual(text('first'));
    expect(await storage.size('a1.webp')).toBe(5);
    const opened = await storage.open('a1.webp');
    expect(opened!.size).toBe(5);
    expect(await drain(opened!.stream)).toEqual(text('first'));

    await storage.put('a1.webp', text('second, longer'));
    expect(await storage.get('a1.webp')).toEqual(text('second, longer'));

    expect(await storage.get('missing.webp')).toBeNull();
    expect(await storage.open('missing.webp')).toBeNull();
    expect(await storage.size('missing.webp')).toBeNull();
  });

  it('deletes, and deleting what is not there is no error', async () => {
    await storage.put('d1.webp', text('bye'));
    await storage.delete('d1.webp');
    expect(await storage.get('d1.webp')).toBeNull();
    await storage.delete('d1.webp');
    await storage.delete('never-was.webp');
  });

  it('refuses keys that are not plain file names, on every call', async () => {
    for (const key of ['../escape.webp', 'a/b.webp', '.hidden.webp', 'no-extension', 'x'.repeat(101) + '.webp', 'a.webp/']) {
      await expect(storage.put(key, text('x'))).rejects.toThrow(/unsafe storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/unsafe storage key/);
      expect(await storage.get(key)).toBeNull();
      expect(await storage.open(key)).toBeNull();
      expect(await storage.size(key)).toBeNull();
    }
  });

  it('keeps one whole file when the same key is put many times at once: the last put, never a mix', async () => {
    const versions = Array.from({ length: 8 }, (_, i) => Buffer.alloc(256 * 1024 + i, 65 + i));
    await Promise.all(versions.map((bytes) => storage.put('race.webp', bytes)));
    const kept = (await storage.get('race.webp'))!;
    expect(versions.some((bytes) => bytes.equals(kept))).toBe(true);
    // Written one after the other, the last one wins.
    for (const bytes of versions) await storage.put('race.webp', bytes);
    expect((await storage.get('race.webp'))!.equals(versions.at(-1)!)).toBe(true);
  });

  it('streams a large file (8 MB) back byte for byte', async () => {
    const big = randomBytes(8 * 1024 * 1024);
    await storage.put('big.webp', big);
    const opened = (await storage.open('big.webp'))!;
    expect(opened.size).toBe(big.length);
    let chunks = 0;
    const parts: Buffer[] = [];
    for await (const chunk of opened.stream) {
      chunks += 1;
      parts.push(chunk as Buffer);
    }
    // Arrived in pieces, not as one buffer.
    expect(chunks).toBeGreaterThan(1);
    expect(Buffer.concat(parts).equals(big)).toBe(true);
    await storage.delete('big.webp');
  });

  it('lists every key it holds, and only its own', async () => {
    const keys = Array.from({ length: 5 }, (_, i) => `listed-${i}.webp`);
    await Promise.all(keys.map((key) => storage.put(key, text(key))));
    const listed = await storage.list();
    expect(listed).toEqual(expect.arrayContaining(keys));
    expect(listed.every((key) => /^[A-Za-z0-9_-]+\.[a-z0-9]+$/.test(key))).toBe(true);
  });

  it('goes through its keys in order with when each was written, from after a given key', async () => {
    const keys = ['scan-c.webp', 'scan-a.webp', 'scan-b.webp'];
    const started = Date.now();
    for (const key of keys) await storage.put(key, text(key));
    const scanned = async (after?: string) => {
      const entries = [];
      for await (const entry of storage.scan(after)) if (entry.key.startsWith('scan-')) entries.push(entry);
      return entries;
    };
    const all = await scanned();
    expect(all.map((entry) => entry.key)).toEqual(['scan-a.webp', 'scan-b.webp', 'scan-c.webp']);
    // Written just now (S3 keeps whole seconds).
    for (const { modifiedAt } of all) expect(Math.abs(modifiedAt.getTime() - started)).toBeLessThan(60_000);
    expect((await scanned('scan-a.webp')).map((entry) => entry.key)).toEqual(['scan-b.webp', 'scan-c.webp']);
    expect(await scanned('scan-c.webp')).toEqual([]);

    const lastYear = new Date(Date.UTC(2025, 5, 1, 12));
    await subject.backdate('scan-b.webp', lastYear);
    expect((await scanned()).find((entry) => entry.key === 'scan-b.webp')!.modifiedAt).toEqual(lastYear);
  });

  it('passes its check while usable, and fails it once its folder or bucket is gone', async () => {
    await storage.check();
    await subject.breakIt();
    await expect(storage.check()).rejects.toThrow();
  });
});

describe.each(implementations)('the orphan sweep on the %s', (_name, make) => {
  it('deletes the files over a day old that nothing names, a batch a run, each run going on where the last stopped', async () => {
    const { storage, backdate } = await make();
    const database = await openTestDatabase();
    try {
      const now = new Date();
      const named = 'named-elsewhere.webp';
      const photos = createPhotosService({
        db: database.db,
        clock: fixedClock(now),
        storage,
        log: { error() {} },
        usedElsewhere: async (keys) => keys.filter((key) => key === named),
      });
      const orphans = ['o1.webp', 'o2.webp', 'o3.webp', 'o4.webp', 'o5.webp'];
      for (const key of [...orphans, named, 'fresh.webp']) await storage.put(key, text(key));
      for (const key of [...orphans, named]) await backdate(key, new Date(now.getTime() - 2 * ORPHAN_FILE_AGE_MS));
      // Not a day old yet: an upload whose row may still be on its way.
      await backdate('fresh.webp', new Date(now.getTime() - ORPHAN_FILE_AGE_MS + 60_000));

      // In key order, three a run: fresh, named, o1 | o2, o3, o4 | o5, and round again.
      const removed = [];
      for (let run = 0; run < 4; run += 1) removed.push(await photos.sweepOrphanFiles(now, 3));
      expect(removed).toEqual([1, 3, 1, 0]);
      expect((await storage.list()).sort()).toEqual(['fresh.webp', named]);
    } finally {
      await database.close();
    }
  });
});

describe('the folder after a process was killed mid-put', () => {
  const temporariesIn = async (dir: string) => (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.tmp'));

  /** Starts a process that puts a 64 MB file over and over, and SIGKILLs it while a put's temporary file is there. */
  async function killedMidPut(dir: string): Promise<string[]> {
    const script = `import { folderStorage } from ${JSON.stringify(path.resolve('src/server/platform/storage.ts'))};
      const storage = folderStorage(${JSON.stringify(dir)});
      const bytes = Buffer.alloc(64 * 1024 * 1024, 7);
      for (;;) await storage.put('big.webp', bytes);`;
    // The kill may land just after a rename, leaving nothing to sweep: then once more.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'ignore' });
      const exited = once(child, 'exit');
      try {
        while ((await temporariesIn(dir)).length === 0) {
          if (child.exitCode !== null) throw new Error('the writing process ended by itself');
          await new Promise((resolve) => setImmediate(resolve));
        }
      } finally {
        child.kill('SIGKILL');
        await exited;
      }
      const left = await temporariesIn(dir);
      if (left.length > 0) return left;
    }
    throw new Error('no put was under way at any of five kills');
  }

  it("the next start removes the half-written file once it is older than any put, and keeps the whole files and another process's write under way", async () => {
    const dir = path.join(tempFolder(), 'photos');
    const before = folderStorage(dir);
    await before.put('kept.webp', text('whole'));
    const [abandoned] = await killedMidPut(dir);
    const backdated = new Date(Date.now() - ABANDONED_WRITE_MS - 60_000);
    await utimes(path.join(dir, abandoned!), backdated, backdated);
    // Another instance's put under way: its temporary is fresh.
    const underWay = '.other.webp.4b1f0e2c-7f55-4a3e-9d0a-2f8f3c1d5e6a.tmp';
    await writeFile(path.join(dir, underWay), 'partial');

    const after = folderStorage(dir);
    await after.check();
    const names = await readdir(dir);
    expect(names).not.toContain(abandoned);
    expect(names).toContain(underWay);
    expect((await after.get('kept.webp'))?.toString()).toBe('whole');
    // What the killed process had renamed before is whole too, or absent: never a part.
    const big = await after.size('big.webp');
    expect(big === null || big === 64 * 1024 * 1024).toBe(true);
  });
});

describe('the S3 bucket', () => {
  it('keeps objects under its prefix, typed and cached like the API serves them', async () => {
    const bucket = 'prefixed';
    await s3.createBucket(bucket);
    const settings = { ...s3.settings({ bucket, prefix: 'a/b/' }), cacheControl: 'public, max-age=31536000, immutable' };
    await s3Storage(settings).put('k1.webp', text('img'));
    // Another prefix of the same bucket sees nothing of it.
    expect(await s3.storage({ bucket, prefix: 'a/' }).list()).toEqual([]);
    const direct = await fetch(`${s3.endpoint}/${bucket}/a/b/k1.webp`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toBe('image/webp');
    expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('names the variable to fix when the bucket is missing or the keys are refused', async () => {
    const missing = s3.settings({ bucket: 'no-such-bucket' });
    const error = await s3.storage({ bucket: 'no-such-bucket' }).check().catch((e: unknown) => e);
    expect(objectStoreFailure(error, missing)).toMatch(/^STORAGE_URL: there is no bucket "no-such-bucket"/);

    const wrongKeyId = { ...s3.settings(), credentials: { accessKeyId: 'WRONG', secretAccessKey: 'WRONG' } };
    const unknown = await s3Storage(wrongKeyId).check().catch((e: unknown) => e);
    expect(objectStoreFailure(unknown, wrongKeyId)).toMatch(/^S3_ACCESS_KEY_ID: .* does not know this access key$/);

    // The right key with a wrong secret: the signature does not match.
    const wrongSecret = { ...s3.settings(), credentials: { ...s3.settings().credentials!, secretAccessKey: 'WRONG' } };
    const unsigned = await s3Storage(wrongSecret).check().catch((e: unknown) => e);
    expect(objectStoreFailure(unsigned, wrongSecret)).toMatch(/^S3_SECRET_ACCESS_KEY: .* refused the signature made with this secret key$/);
    await expect(s3Storage(wrongSecret).put('k2.webp', text('img'))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    expect(await s3.storage().get('k2.webp')).toBeNull();
  });
});

describe('photos on the object store', () => {
  const photo = async (name = 'a.jpg') => ({
    name,
    filename: name,
    bytes: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer(),
    truncated: false,
  });

  it('leaves no object behind when the row cannot be written after the put', async () => {
    const database = await openTestDatabase();
    try {
      const bucket = 'uploads-refused';
      await s3.createBucket(bucket);
      const storage = s3.storage({ bucket });
      const photos = createPhotosService({ db: database.db, clock: fixedClock(new Date()), storage, log: { error() {} } });
      // No such member: the transaction refuses once both objects are in the bucket.
      const nobody = '00000000-0000-4000-8000-000000000000';
      await expect(photos.upload(nobody, [await photo('a.jpg'), await photo('b.jpg')])).rejects.toMatchObject({ status: 401 });
      expect(await storage.list()).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('writes no row when the put fails', async () => {
    const t = await startTestApp({ storage: 's3' });
    try {
      const { token } = await t.register();
      expect((await t.upload(token, [await photo()])).status).toBe(201);
      await t.s3!.removeBucket(t.s3!.bucket);
      const refused = await t.upload(token, [await photo()]);
      expect(refused.status).toBe(500);
      const me = await t.call('GET', '/auth/me', { token });
      expect(me.body.user.profile.photos).toHaveLength(1);
      expect(await t.database.db.select().from(photosTable)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('with STORAGE_PUBLIC_URL, sends photo URLs on that address (a CDN in front of the bucket), which serves the same bytes', async () => {
    const t = await startTestApp({ storage: 's3', photoPublicUrl: (server) => `${server.endpoint}/${server.bucket}/photos/` });
    try {
      const { token } = await t.register();
      const answer = await t.upload(token, [await photo()]);
      expect(answer.status).toBe(201);
      const [stored] = answer.body.photos as { _id: string; url: string }[];
      const base = `${t.s3!.endpoint}/${t.s3!.bucket}/photos/`;
      expect(stored!.url).toMatch(new RegExp(`^${base.replace(/[.]/g, '\\.')}[0-9a-f-]{36}\\.webp$`));
      expect((await t.call('GET', '/auth/me', { token })).body.user.profile.photos).toEqual(answer.body.photos);

      const fromCdn = await fetch(stored!.url);
      expect(fromCdn.status).toBe(200);
      expect(fromCdn.headers.get('content-type')).toBe('image/webp');
      expect(fromCdn.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const key = stored!.url.split('/').pop()!;
      const fromApi = await fetch(`${t.url}/api/photos/${key}`);
      expect(Buffer.from(await fromCdn.arrayBuffer()).equals(Buffer.from(await fromApi.arrayBuffer()))).toBe(true);
      // Pages may show images from there.
      expect(fromApi.headers.get('content-security-policy')).toContain(`img-src 'self' data: blob: ${t.s3!.endpoint}`);

      expect((await t.call('DELETE', `/users/photos/${key}`, { token })).status).toBe(200);
      expect((await fetch(stored!.url)).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('a server configured with a bucket', () => {
  it('does not start when the bucket is missing, naming STORAGE_URL', async () => {
    const dataDir = tempFolder();
    const env = s3.env({ bucket: 'not-made' });
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      const result = await runCommand('src/server/main.ts', [], dataDir, 60_000);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('STORAGE_URL: there is no bucket "not-made"');
    } finally {
      process.env = saved;
    }
  });

  it.each([
    ['access key', 'S3_ACCESS_KEY_ID', /S3_ACCESS_KEY_ID: .* does not know this access key/],
    ['secret key', 'S3_SECRET_ACCESS_KEY', /S3_SECRET_ACCESS_KEY: .* refused the signature made with this secret key/],
  ])('does not start when the %s is wrong, naming its variable', async (_name, variable, message) => {
    const dataDir = tempFolder();
    const saved = { ...process.env };
    Object.assign(process.env, { ...s3.env(), [variable]: 'WRONG' });
    try {
      const result = await runCommand('src/server/main.ts', [], dataDir, 60_000);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
    } finally {
      process.env = saved;
    }
  });
});
