import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupRefused, backupsIn, openBackup, restoreBackup, writeBackup, type Manifest } from '#server/platform/backup/backup.ts';
import { openPglite, type Database } from '#server/platform/db/client.ts';
import { rowsOf } from '#server/platform/db/rows.ts';
import { folderStorage } from '#server/platform/storage.ts';
import { chatPaths } from '#shared/api/chat.paths.ts';
import { bookableMember, confirmedBooking } from '#tests/support/bookings.ts';
import type { TestMember } from '#tests/support/members.ts';
import { createSlot } from '#tests/support/slots.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';
import { openTestDatabase } from '#tests/support/test-db.ts';

/*
 * Backups round trip on a database with members, photos, slots, bookings, messages, likes, inbox
 * items and ledger entries: the same rows and the same photo bytes come back, whichever database
 * wrote the backup and whichever receives it. A damaged file is refused and nothing is written.
 */

let t: TestApp;
let work: string;
let host: TestMember;
let guest: TestMember;
let photoKeys: string[];
/** The address of the photo uploaded through the API (bookableMember's photo row has no file). */
let photoUrl: string;
beforeAll(async () => {
  t = await startTestApp();
  work = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-backup-test-'));
  host = await bookableMember(t, { name: 'Hana Host', gender: 'female' });
  guest = await bookableMember(t, { name: 'Gil Guest', gender: 'male' });
  const photo = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#c84' } }).jpeg().toBuffer();
  const uploaded = await t.upload(host.token, [{ name: 'me.jpg', bytes: photo, type: 'image/jpeg' }]);
  expect(uploaded.status).toBe(201);
  photoUrl = uploaded.body.photos.at(-1).url;
  photoKeys = await folderStorage(t.photoDir).list();
  expect(photoKeys.length).toBeGreaterThan(0);
  await confirmedBooking(t, host, guest, await createSlot(t, host, { startsInHours: 30 }));
  await createSlot(t, host, { startsInHours: 50 });
  for (const content of ['Looking forward to it!', 'Me too — see you there.']) {
    const answer = await t.call('POST', chatPaths.send, { token: guest.token, body: { recipientId: host.id, content } });
    expect(answer.status).toBe(201);
  }
  expect((await t.call('POST', `/users/${host.id}/like`, { token: guest.token })).status).toBeLessThan(300);
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

/** Every kept table's rows, as the database writes them in JSON, sorted: what a round trip must give back. */
async function contentOf(database: Database, manifest: Manifest): Promise<Record<string, string[]>> {
  const content: Record<string, string[]> = {};
  for (const { name } of manifest.tables) {
    content[name] = rowsOf<{ row: string }>(await database.db.execute(sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`))
      .map((entry) => entry.row)
      .sort();
  }
  return content;
}

const filesIn = (dir: string) => Object.fromEntries(photoKeys.map((key) => [key, readFileSync(path.join(dir, key)).toString('base64')]));

function embeddedTarget(name: string) {
  const dir = path.join(work, name);
  return { database: openPglite(path.join(dir, 'pglite')), photos: path.join(dir, 'photos') };
}

describe('backup and restore', () => {
  it('round trips: the same rows and photo bytes come back, into the embedded database and into PostgreSQL', async () => {
    const file = path.join(work, 'first.tar.gz');
    expect((await t.call('GET', '/users/browse', { token: guest.token })).status).toBe(200);
    const keptCards = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from browse_cards`))[0]!.n;
    expect(keptCards).toBeGreaterThan(0);
    const manifest = await writeBackup(t.database, folderStorage(t.photoDir), file);
    const rows = Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows]));
    for (const table of ['users', 'photos', 'availability_slots', 'bookings', 'messages', 'likes', 'notifications', 'score_events']) expect(rows[table], table).toBeGreaterThan(0);
    // Sessions are not kept: members sign in again. Nor are kept browse cards: their transaction ids mean nothing elsewhere.
    expect(rows.sessions).toBeUndefined();
    expect(rows.browse_cards).toBeUndefined();
    expect(rows.browse_card_changes).toBeUndefined();
    expect(manifest.files.map((entry) => entry.key).sort()).toEqual(photoKeys.toSorted());
    const expected = await contentOf(t.database, manifest);

    // Into an empty embedded folder.
    const embedded = embeddedTarget('embedded');
    await restoreBackup(file, embedded.database, folderStorage(embedded.photos));
    expect(await contentOf(embedded.database, manifest)).toEqual(expected);
    expect(filesIn(embedded.photos)).toEqual(filesIn(t.photoDir));

    // From there into PostgreSQL (or another embedded database, when that is what the suite runs on).
    const second = path.join(work, 'second.tar.gz');
    await writeBackup(embedded.database, folderStorage(embedded.photos), second);
    await embedded.database.close();
    const server = await openTestDatabase();
    const serverPhotos = path.join(work, 'server-photos');
    try {
      await restoreBackup(second, server, folderStorage(serverPhotos));
      expect(await contentOf(server, manifest)).toEqual(expected);
      expect(filesIn(serverPhotos)).toEqual(filesIn(t.photoDir));
    } finally {
      await server.close();
    }
  });

  it('a restored installation serves the same members, photos and bookings; old sessions end', async () => {
    const file = path.join(work, 'serve.tar.gz');
    await writeBackup(t.database, folderStorage(t.photoDir), file);
    const database = await openTestDatabase();
    const restored = await startTestApp({ database });
    try {
      // The restored app has its own photo folder: the photos come back into it.
      await restoreBackup(file, database, folderStorage(restored.photoDir));
      expect((await restored.call('GET', '/auth/me', { token: guest.token })).status).toBe(401);
      const login = await restored.call('POST', '/auth/login', { body: { email: guest.email, password: 'correct horse battery' } });
      expect(login.status).toBe(200);
      const token = login.body.token as string;
      const page = await restored.call('GET', `/users/${host.id}`, { token });
      expect(page.body.user.profile.name).toBe('Hana Host');
      expect(page.body.user.profile.photos.map((photo: { url: string }) => photo.url)).toContain(photoUrl);
      const image = await fetch(`${restored.url}${photoUrl}`, { headers: { authorization: `Bearer ${token}` } });
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(readFileSync(path.join(t.photoDir, photoUrl.split('/').pop()!)));
      const bookings = await restored.call('GET', '/bookings/my-bookings', { token });
      expect(bookings.body.bookings.map((booking: { status: string }) => booking.status)).toEqual(['confirmed']);
      const thread = await restored.call('GET', chatPaths.conversation(host.id), { token });
      expect(thread.body.messages.map((message: { content: string }) => message.content)).toEqual(['Looking forward to it!', 'Me too — see you there.']);
    } finally {
      await restored.close();
    }
  });

  it('refuses a truncated or altered file and a target that is not empty, writing nothing', async () => {
    const file = path.join(work, 'good.tar.gz');
    await writeBackup(t.database, folderStorage(t.photoDir), file);
    const truncated = path.join(work, 'truncated.tar.gz');
    writeFileSync(truncated, readFileSync(file));
    truncateSync(truncated, Math.floor(statSync(file).size / 2));
    const altered = path.join(work, 'altered.tar.gz');
    const bytes = readFileSync(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    writeFileSync(altered, bytes);

    const target = embeddedTarget('refused');
    try {
      for (const bad of [truncated, altered]) {
        const refusal = await restoreBackup(bad, target.database, folderStorage(target.photos)).catch((error: unknown) => error);
        expect(refusal).toBeInstanceOf(BackupRefused);
        expect((refusal as Error).message).toMatch(new RegExp(`^The backup ${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged or incomplete \\(.+\\): nothing was restored\\.$`));
      }
      const tables = rowsOf(await target.database.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`));
      expect(tables).toEqual([]);
      expect(await folderStorage(target.photos).list()).toEqual([]);

      await restoreBackup(file, target.database, folderStorage(target.photos));
      const again = await restoreBackup(file, target.database, folderStorage(target.photos)).catch((error: unknown) => error);
      expect((again as Error).message).toBe('The target database is not empty: restore into an empty one, or add --force to replace what it holds.');
      await restoreBackup(file, target.database, folderStorage(target.photos), { force: true });
      const [users] = rowsOf<{ count: string }>(await target.database.db.execute(sql`select count(*)::text as count from users`));
      const [source] = rowsOf<{ count: string }>(await t.database.db.execute(sql`select count(*)::text as count from users`));
      expect(users!.count).toBe(source!.count);
    } finally {
      await target.database.close();
    }
  });
});

describe('backup and restore with the uploads in an object store', () => {
  it("copies the bucket's photos into the backup and back into a fresh installation's empty bucket, which serves them byte for byte", async () => {
    const file = path.join(work, 'bucket.tar.gz');
    const source = await startTestApp({ storage: 's3' });
    let signIn = { email: '', password: '' };
    let urls: string[] = [];
    const bytesOf = new Map<string, Buffer>();
    try {
      const member = await source.register({ name: 'Bea Bucket' });
      signIn = { email: member.email, password: member.password };
      const images = await Promise.all(['#c84', '#48c'].map((background) => sharp({ create: { width: 240, height: 180, channels: 3, background } }).jpeg().toBuffer()));
      const uploaded = await source.upload(member.token, images.map((bytes, i) => ({ name: `p${i}.jpg`, bytes, type: 'image/jpeg' })));
      expect(uploaded.status).toBe(201);
      urls = (uploaded.body.photos as { url: string }[]).map((photo) => photo.url);
      for (const key of await source.photoStorage.list()) bytesOf.set(key, (await source.photoStorage.get(key))!);
      expect([...bytesOf.keys()].sort()).toEqual(urls.map((url) => url.split('/').pop()!).sort());

      const manifest = await writeBackup(source.database, source.photoStorage, file);
      expect(manifest.files.map((entry) => entry.key).sort()).toEqual([...bytesOf.keys()].sort());
    } finally {
      // The source's S3 server goes with it: whatever is served next comes from the new bucket.
      await source.close();
    }

    const database = await openTestDatabase();
    const restored = await startTestApp({ database, storage: 's3' });
    try {
      expect(await restored.photoStorage.list()).toEqual([]);
      await restoreBackup(file, database, restored.photoStorage);
      expect((await restored.photoStorage.list()).sort()).toEqual([...bytesOf.keys()].sort());
      const login = await restored.call('POST', '/auth/login', { body: signIn });
      expect(login.status).toBe(200);
      expect((await restored.call('GET', '/auth/me', { token: login.body.token })).body.user.profile.photos.map((photo: { url: string }) => photo.url)).toEqual(urls);
      for (const url of urls) {
        const image = await fetch(`${restored.url}${url}`);
        expect(image.status).toBe(200);
        expect(Buffer.from(await image.arrayBuffer()).equals(bytesOf.get(url.split('/').pop()!)!)).toBe(true);
      }
    } finally {
      await restored.close();
    }
  });
});

describe('the daily backup of the embedded default', () => {
  it('runs once a day into the backups folder and keeps the newest BACKUP_KEEP', async () => {
    const dir = path.join(work, 'daily');
    const daily = await startTestApp({ backups: { dir, keep: 2 } });
    try {
      await daily.register();
      await daily.app.jobs.runDue();
      await daily.app.jobs.runDue();
      const first = await backupsIn(dir);
      expect(first).toHaveLength(1);
      const opened = await openBackup(first[0]!);
      expect(opened.manifest.tables.find((table) => table.name === 'users')!.rows).toBe(1);
      await opened.close();
      for (const day of [1, 2, 3]) {
        daily.clock.advance(24 * 3600_000);
        await daily.app.jobs.runDue();
        await daily.app.jobs.runDue();
        expect(await backupsIn(dir), `day ${day}`).toHaveLength(Math.min(day + 1, 2));
      }
      // The newest two, by their dated names.
      const kept = (await backupsIn(dir)).map((file) => path.basename(file));
      const day = (offset: number) => new Date(daily.clock.now().getTime() - offset * 24 * 3600_000).toISOString().slice(0, 10);
      expect(kept.map((name) => name.slice('rendezvous-backup-'.length, 'rendezvous-backup-'.length + 10))).toEqual([day(0), day(1)]);
    } finally {
      await daily.close();
    }
  });
});
