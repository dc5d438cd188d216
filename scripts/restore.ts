// npm run restore -- FILE [--force]: a backup into the database the server would use (DATABASE_URL,
// or the embedded one in DATA_DIR) and DATA_DIR's uploaded files. The target must be empty unless
// --force (the embedded folder is then set aside, never deleted). Every checksum is checked first.
import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupRefused, openBackup, restoreBackup } from '../src/server/platform/backup/backup.ts';
import { loadConfigOrExit } from '../src/server/platform/config.ts';
import { holdDataDir } from '../src/server/platform/data-dir-lock.ts';
import { embeddedDatabaseFolder, openDatabase } from '../src/server/platform/db/client.ts';
import { configuredStorage } from '../src/server/platform/storage-configured.ts';

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error('usage: npm run restore -- FILE [--force]');
  process.exit(2);
}
const config = loadConfigOrExit();
const file = path.resolve(positionals[0]!);
const releaseDataDir = holdDataDir(config);
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;

try {
  const started = performance.now();
  const backup = await openBackup(file);
  const folder = embeddedDatabaseFolder(config.dataDir);
  if (!config.databaseUrl && values.force && existsSync(folder)) {
    const aside = `${folder}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(folder, aside);
    console.log(`The embedded database that was there is set aside in ${aside}.`);
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const manifest = await restoreBackup(backup, database, configuredStorage(config), { force: values.force });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Restored the backup of ${manifest.createdAt} into ${where}: ${rows.toLocaleString('en')} rows and ${manifest.files.length} files in ${((performance.now() - started) / 1000).toFixed(1)} s. Members sign in again.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof BackupRefused ? error.message : `The restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  releaseDataDir();
}
