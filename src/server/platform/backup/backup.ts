import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { embeddedDatabaseFolder, migrationsFolder, type Database, type Tx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { FileStorage } from '../storage.ts';
import { DAY_MS } from '#shared/domain/durations.ts';

/*
 * One file that restores a whole installation (docs/decisions/0068-backups.md): a gzipped tar of
 * manifest.json, each table's rows as JSON lines (tables/NAME.jsonl) and every uploaded file
 * (files/KEY). The rows are read in one repeatable-read snapshot, as the database's own JSON, so a
 * backup of the embedded database restores into PostgreSQL and the other way round.
 */

export const BACKUP_FORMAT = 'rendezvous-backup';
const FORMAT_VERSION = 1;

/** Not kept: sessions (members sign in again after a restore), and what only lives while processes run. */
const NOT_KEPT = new Set([
  'sessions', 'rate_limits', 'realtime_instances', 'realtime_presence', 'idempotency_keys', 'biometric_challenges',
  // Kept browse cards: written again from the rows above; their transaction ids mean nothing in another database.
  'browse_cards', 'browse_card_changes',
]);

const READ_BATCH = 5000;
const WRITE_BATCH = 2000;

type Checked = { sha256: string; bytes: number };
export type Manifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  source: Database['kind'];
  /** How many of the product's migrations the database had: a restore rebuilds that schema, then migrates on. */
  migrations: number;
  tables: { name: string; rows: number; file: Checked }[];
  files: ({ key: string } & Checked)[];
};

export class BackupRefused extends Error {}

const sha256Of = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** The product's tables, each after every table it references (so rows can go back in this order). */
async function tablesInOrder(db: Tx): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`)).map(
    (row) => row.name,
  );
  const edges = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`select c.relname as child, p.relname as parent from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`),
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((table) => !placed.has(table) && edges.every((edge) => edge.child !== table || placed.has(edge.parent)));
    if (ready.length === 0) throw new Error('the tables reference each other in a cycle');
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

async function appliedMigrations(db: Tx): Promise<number> {
  const [table] = rowsOf<{ found: boolean }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`));
  if (!table?.found) return 0;
  const [row] = rowsOf<{ count: string }>(await db.execute(sql`select count(*)::text as count from drizzle.__drizzle_migrations`));
  return Number(row?.count ?? 0);
}

/** One table's rows, in batches of one snapshot, as JSON lines into `file`. */
async function dumpTable(tx: Tx, table: string, file: string): Promise<{ rows: number; file: Checked }> {
  const out = createWriteStream(file);
  const hash = createHash('sha256');
  let rows = 0;
  let bytes = 0;
  let after = '(0,0)';
  for (;;) {
    const batch = rowsOf<{ at: string; row: string }>(
      await tx.execute(sql`select ctid::text as at, row_to_json(t)::text as row from ${sql.identifier(table)} t where ctid > ${after}::tid order by ctid limit ${READ_BATCH}`),
    );
    if (batch.length === 0) break;
    const text = batch.map((entry) => `${entry.row}\n`).join('');
    hash.update(text);
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    rows += batch.length;
    after = batch.at(-1)!.at;
  }
  out.end();
  await finished(out);
  return { rows, file: { sha256: hash.digest('hex'), bytes } };
}

/**
 * Writes a backup of `database` and `storage` to `outFile`, whole or not at all (it appears under
 * its name only once complete). The rows are one consistent snapshot; the uploaded files are
 * copied after it.
 */
export async function writeBackup(database: Database, storage: FileStorage, outFile: string, now = new Date()): Promise<Manifest> {
  const staging = await mkdtemp(path.join(os.tmpdir(), 'rendezvous-backup-'));
  try {
    await mkdir(path.join(staging, 'tables'));
    await mkdir(path.join(staging, 'files'));
    const { migrations, tables } = await database.db.transaction(
      async (tx) => {
        const migrations = await appliedMigrations(tx);
        const tables: Manifest['tables'] = [];
        for (const name of (await tablesInOrder(tx)).filter((table) => !NOT_KEPT.has(table))) {
          tables.push({ name, ...(await dumpTable(tx, name, path.join(staging, 'tables', `${name}.jsonl`))) });
        }
        return { migrations, tables };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const files: Manifest['files'] = [];
    for (const key of (await storage.list()).sort()) {
      const bytes = await storage.get(key);
      if (!bytes) continue; // deleted since it was listed
      await writeFile(path.join(staging, 'files', key), bytes);
      files.push({ key, sha256: sha256Of(bytes), bytes: bytes.length });
    }
    const manifest: Manifest = { format: BACKUP_FORMAT, version: FORMAT_VERSION, createdAt: now.toISOString(), source: database.kind, migrations, tables, files };
    await writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const partial = `${outFile}.partial`;
    await mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, ['manifest.json', 'tables', 'files']);
    await rename(partial, outFile);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** A backup unpacked into a temporary folder, every checksum checked; `close` removes the folder. */
export type OpenedBackup = { file: string; dir: string; manifest: Manifest; close(): Promise<void> };

async function sha256OfFile(file: string): Promise<Checked> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

const damaged = (file: string, why: string) => new BackupRefused(`The backup ${file} is damaged or incomplete (${why}): nothing was restored.`);

/** Unpacks and checks a backup: a truncated or altered file, or one of another format, is refused before anything is written. */
export async function openBackup(file: string): Promise<OpenedBackup> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rendezvous-restore-'));
  const close = () => rm(dir, { recursive: true, force: true, maxRetries: 5 });
  try {
    // The whole file through gunzip first: its CRC catches a truncated or altered file before anything is unpacked.
    try {
      await pipeline(createReadStream(file), createGunzip(), new Writable({ write: (_chunk, _encoding, done) => done() }));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupRefused(`There is no backup file at ${file}.`);
      throw damaged(file, (error as Error).message);
    }
    try {
      await tar.extract({ file, cwd: dir, strict: true });
    } catch (error) {
      throw damaged(file, (error as Error).message);
    }
    const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8').catch(() => 'null')) as Manifest | null;
    if (manifest?.format !== BACKUP_FORMAT) throw damaged(file, 'no Rendezvous manifest');
    if (manifest.version > FORMAT_VERSION) throw new BackupRefused(`The backup ${file} was written by a newer version of Rendezvous (format ${manifest.version}): update first.`);
    const expected = [
      ...manifest.tables.map((table) => ({ where: `tables/${table.name}.jsonl`, ...table.file })),
      ...manifest.files.map((entry) => ({ where: `files/${entry.key}`, sha256: entry.sha256, bytes: entry.bytes })),
    ];
    for (const entry of expected) {
      const found = await sha256OfFile(path.join(dir, entry.where)).catch(() => null);
      if (!found) throw damaged(file, `${entry.where} is missing`);
      if (found.sha256 !== entry.sha256 || found.bytes !== entry.bytes) throw damaged(file, `${entry.where} does not match its checksum`);
    }
    return { file, dir, manifest, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The product's migrations up to `count`, as a folder of their own (a restore rebuilds the backup's schema first). */
async function migrationsUpTo(count: number): Promise<{ folder: string; total: number }> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  if (count > journal.entries.length) {
    throw new BackupRefused(`The backup has ${count} database migrations and this version of Rendezvous knows ${journal.entries.length}: update first.`);
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), 'rendezvous-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  return { folder, total: journal.entries.length };
}

/** True when the database holds any row of the tables a backup keeps (or none of its tables yet). */
async function holdsData(db: Tx): Promise<boolean> {
  for (const table of await tablesInOrder(db)) {
    if (NOT_KEPT.has(table)) continue;
    const [row] = rowsOf<{ found: boolean }>(await db.execute(sql`select exists (select 1 from ${sql.identifier(table)}) as found`));
    if (row?.found) return true;
  }
  return false;
}

/** Empties a database for `--force`: its tables, the migrations' record and the functions they made. */
async function wipe(db: Tx) {
  await db.execute(sql`drop schema if exists public cascade`);
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`create schema public`);
}

async function insertRows(tx: Tx, table: string, file: string): Promise<number> {
  let batch: string[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await tx.execute(
      sql`insert into ${sql.identifier(table)} overriding system value select * from json_populate_recordset(null::${sql.identifier(table)}, ${`[${batch.join(',')}]`}::json)`,
    );
    count += batch.length;
    batch = [];
  };
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line) continue;
    batch.push(line);
    if (batch.length >= WRITE_BATCH) await flush();
  }
  await flush();
  return count;
}

/** Identity columns continue after the highest value restored. */
async function resetIdentities(tx: Tx) {
  const identities = rowsOf<{ table: string; column: string }>(
    await tx.execute(sql`select table_name as table, column_name as column from information_schema.columns where table_schema = 'public' and is_identity = 'YES'`),
  );
  for (const { table, column } of identities) {
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table)}), 0) + 1, false)`,
    );
  }
}

/**
 * Restores a backup into `database` and `storage`: refused unless the database is empty (or
 * `force`, which empties it first). The backup's schema is rebuilt, its rows go back in one
 * transaction (triggers off: derived tables come back as they were), its files are written, then
 * the database is migrated to this version.
 */
export async function restoreBackup(from: string | OpenedBackup, database: Database, storage: FileStorage, options: { force?: boolean } = {}): Promise<Manifest> {
  const backup = typeof from === 'string' ? await openBackup(from) : from;
  const file = backup.file;
  try {
    const { manifest } = backup;
    const holds = await holdsData(database.db);
    if (holds && !options.force) throw new BackupRefused('The target database is not empty: restore into an empty one, or add --force to replace what it holds.');
    // Emptied when told to, or when its (empty) tables are of a later schema than the backup's.
    if (holds || (await appliedMigrations(database.db)) > manifest.migrations) await wipe(database.db);
    const upTo = await migrationsUpTo(manifest.migrations);
    try {
      await database.migrate(upTo.folder);
    } finally {
      await rm(upTo.folder, { recursive: true, force: true });
    }
    const written: string[] = [];
    try {
      for (const entry of manifest.files) {
        await storage.put(entry.key, await readFile(path.join(backup.dir, 'files', entry.key)));
        written.push(entry.key);
      }
      await database.db.transaction(async (tx) => {
        const tables = manifest.tables.map((table) => table.name);
        for (const table of tables) await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger user`);
        for (const table of manifest.tables) {
          const count = await insertRows(tx, table.name, path.join(backup.dir, 'tables', `${table.name}.jsonl`));
          if (count !== table.rows) throw damaged(file, `${table.name} holds ${count} rows, its manifest ${table.rows}`);
        }
        for (const table of tables) await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger user`);
        await resetIdentities(tx);
      });
    } catch (error) {
      await Promise.all(written.map((key) => storage.delete(key).catch(() => {})));
      throw error;
    }
    await database.migrate();
    return manifest;
  } finally {
    await backup.close();
  }
}

/** Backups in a folder, newest first (their names sort by date: `backupName`). */
export async function backupsIn(folder: string): Promise<string[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  return names
    .filter((name) => /^rendezvous-backup-.*\.tar\.gz$/.test(name))
    .sort()
    .reverse()
    .map((name) => path.join(folder, name));
}

/** "rendezvous-backup-2026-11-27T07-40-00Z.tar.gz" */
export const backupName = (at: Date) => `rendezvous-backup-${at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-')}.tar.gz`;

export const DAILY_BACKUP_JOB = 'daily-backup';

/**
 * The embedded database's daily backup into `dir` (a recurring job: one run a day however many
 * instances poll), keeping the newest `keep`.
 */
export function registerDailyBackups(jobs: Jobs, deps: { database: Database; storage: FileStorage; dir: string; keep: number }) {
  jobs.every(DAILY_BACKUP_JOB, DAY_MS, async (_payload, { now }) => {
    await writeBackup(deps.database, deps.storage, path.join(deps.dir, backupName(now)), now);
    for (const old of (await backupsIn(deps.dir)).slice(deps.keep)) await rm(old, { force: true });
  });
}

/** What to tell someone whose embedded database no longer opens: what happened, and the backup to restore. */
export async function unopenedDatabaseAdvice(dataDir: string, error: unknown): Promise<string> {
  const folder = embeddedDatabaseFolder(path.resolve(dataDir));
  const why = ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message;
  const [newest] = await backupsIn(path.join(path.resolve(dataDir), 'backups'));
  return (
    `The embedded database in ${folder} could not be opened: it may be damaged (${why.split('\n')[0]}).\n` +
    (newest
      ? `The newest backup is ${newest}. To restore it (the damaged folder is set aside, not deleted): npm run restore -- ${newest} --force`
      : `There is no backup in ${path.join(path.resolve(dataDir), 'backups')}. Restore one you keep elsewhere with: npm run restore -- FILE --force`)
  );
}
