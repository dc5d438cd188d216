import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { embeddedDatabaseFolder, migrationsFolder, newPglite, openDatabase, openPglite, pgliteExtensions } from '#server/platform/db/client.ts';

const root = path.resolve(import.meta.dirname, '../..');
const PREFIX = 'rendezvous-pglite-template-';
const DUMP_PREFIX = 'rendezvous-pglite-dump-';

/** Changes with any migration and with PGlite's version: a template made by other code is never used. */
function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

let made: Promise<string> | null = null;

/**
 * The embedded database as a server's first start on an empty DATA_DIR leaves it (created and
 * migrated, no rows), made once per machine and set of migrations and shared by every test process.
 * A fresh server process started on a copy skips PGlite's initdb and the migrations: several
 * seconds of CPU each time, and the suites start dozens.
 */
export function pgliteTemplate(): Promise<string> {
  made ??= (async () => {
    const dir = path.join(os.tmpdir(), `${PREFIX}${templateKey()}`);
    if (existsSync(dir)) return dir;
    const building = mkdtempSync(path.join(os.tmpdir(), `${PREFIX}building-`));
    const database = openDatabase({ dataDir: building }); // as a server's first start opens DATA_DIR
    await database.migrate();
    await database.close();
    try {
      renameSync(building, dir); // atomic: another process that got there first keeps its own
    } catch {
      rmSync(building, { recursive: true, force: true });
    }
    removeOthers(PREFIX, dir);
    return dir;
  })();
  return made;
}

/** Removes what an earlier set of migrations left under os.tmpdir() (never one still being built). */
function removeOthers(prefix: string, kept: string) {
  for (const old of readdirSync(os.tmpdir())) {
    const other = path.join(os.tmpdir(), old);
    if (old.startsWith(prefix) && other !== kept && !old.includes('building')) rmSync(other, { recursive: true, force: true });
  }
}

let dumped: Promise<string> | null = null;

/**
 * The same empty, migrated database as a PGlite dump (a tar file), made once per machine and set of
 * migrations. An in-memory PGlite loaded from it costs about 1.3 s of CPU; creating one (initdb),
 * migrating and cloning it cost 5.5 s, in every API test file.
 */
export function pgliteTemplateDump(): Promise<string> {
  dumped ??= (async () => {
    const file = path.join(os.tmpdir(), `${DUMP_PREFIX}${templateKey()}.tar`);
    if (existsSync(file)) return file;
    const client = newPglite();
    await openPglite(null, client).migrate();
    const dump = await client.dumpDataDir('none');
    await client.close();
    const building = `${file}.building-${process.pid}`;
    writeFileSync(building, Buffer.from(await dump.arrayBuffer()));
    renameSync(building, file); // atomic: a reader sees no file or all of it
    removeOthers(DUMP_PREFIX, file);
    return file;
  })();
  return dumped;
}

let dumpBytes: Promise<Blob> | null = null;

/** A fresh in-memory PGlite holding the migrated, empty database (the dump is read once per process). */
export async function pgliteFromTemplate(): Promise<PGlite> {
  dumpBytes ??= pgliteTemplateDump().then((file) => new Blob([readFileSync(file)]));
  const client = new PGlite({ loadDataDir: await dumpBytes, extensions: pgliteExtensions });
  await client.waitReady;
  return client;
}

/** Puts a copy of the template's database into an empty DATA_DIR. */
export async function copyPgliteTemplate(dataDir: string): Promise<void> {
  cpSync(embeddedDatabaseFolder(await pgliteTemplate()), embeddedDatabaseFolder(dataDir), { recursive: true });
}
