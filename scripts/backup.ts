// npm run backup -- [--out FILE]: one file that restores the whole installation (the database the
// server uses, and the uploaded files). Works while the server runs: PostgreSQL is read in a
// snapshot of its own; the embedded database, which only one process may open, through the server.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupName, writeBackup, type Manifest } from '../src/server/platform/backup/backup.ts';
import { backupThroughServer } from '../src/server/platform/backup/control-socket.ts';
import { loadConfigOrExit } from '../src/server/platform/config.ts';
import { DataDirBusy, lockDataDir } from '../src/server/platform/data-dir-lock.ts';
import { openDatabase } from '../src/server/platform/db/client.ts';
import { configuredStorage } from '../src/server/platform/storage-configured.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfigOrExit();
const out = path.resolve(values.out ?? backupName(new Date()));
const storage = configuredStorage(config);

async function directly(): Promise<Manifest> {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await writeBackup(database, storage, out);
  } finally {
    await database.close();
  }
}

async function backup(): Promise<Manifest> {
  if (config.databaseUrl) return directly();
  let release: () => void;
  try {
    release = lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirBusy)) throw error;
    console.log(`The server (pid ${error.holder.pid}) owns ${config.dataDir}: asking it for the backup…`);
    return backupThroughServer(config.dataDir, out).catch((cause: unknown) => {
      throw new Error(`${error.holder.command} (pid ${error.holder.pid}) holds ${config.dataDir} and did not answer (${(cause as Error).message}): wait for it to finish, or stop it and try again`);
    });
  }
  try {
    return await directly();
  } finally {
    release();
  }
}

try {
  const started = performance.now();
  const manifest = await backup();
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(`Backed up ${rows.toLocaleString('en')} rows of ${manifest.tables.length} tables and ${manifest.files.length} files in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  console.log(out);
} catch (error) {
  console.error(`The backup failed: ${(error as Error).message}`);
  process.exit(1);
}
