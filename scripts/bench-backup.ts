// npm run bench -- --only backup: a backup of the 100 000-member seed on PostgreSQL and its restore
// into an empty database, timed, and the file's size beside the database's size on disk.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { seedMembers } from '../src/server/demo/seed-members.ts';
import { restoreBackup, writeBackup } from '../src/server/platform/backup/backup.ts';
import { openPostgres } from '../src/server/platform/db/client.ts';
import { folderStorage } from '../src/server/platform/storage.ts';
import { startCluster } from '../tests/support/postgres-global-setup.ts';

const MEMBERS = 100_000;
const GOAL_SECONDS = 60;

export async function benchBackup() {
  console.log(`\nBackup and restore of ${MEMBERS.toLocaleString('en')} seeded members on PostgreSQL; load average ${os.loadavg()[0]!.toFixed(1)} at the start.`);
  const cluster = await startCluster();
  const work = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-bench-backup-'));
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database bench_source');
    await admin.query('create database bench_target');
    const urlOf = (name: string) => Object.assign(new URL(cluster.url), { pathname: `/${name}` }).toString();
    const source = openPostgres(urlOf('bench_source'));
    await source.migrate();
    await seedMembers(source.db, { count: MEMBERS });
    const sizeOnDisk = Number((await admin.query<{ size: string }>(`select pg_database_size('bench_source')::text as size`)).rows[0]!.size);

    const file = path.join(work, 'bench.tar.gz');
    const storage = folderStorage(path.join(work, 'photos'));
    let started = performance.now();
    await writeBackup(source, storage, file);
    const backupSeconds = (performance.now() - started) / 1000;
    await source.close();
    const fileSize = statSync(file).size;

    const target = openPostgres(urlOf('bench_target'));
    started = performance.now();
    await restoreBackup(file, target, folderStorage(path.join(work, 'restored-photos')));
    const restoreSeconds = (performance.now() - started) / 1000;
    await target.close();
    await admin.end();

    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    const rows = [
      ['backup (npm run backup)', `${backupSeconds.toFixed(1)} s`, `≤ ${GOAL_SECONDS} s`, backupSeconds <= GOAL_SECONDS],
      ['restore into an empty database (npm run restore)', `${restoreSeconds.toFixed(1)} s`, `≤ ${GOAL_SECONDS} s`, restoreSeconds <= GOAL_SECONDS],
      ['backup file size', mb(fileSize), `≤ ${mb(sizeOnDisk)}`, fileSize <= sizeOnDisk],
    ] as const;
    console.log(`${'figure'.padEnd(52)}${'value'.padStart(10)}${'goal'.padStart(12)}  result`);
    for (const [figure, value, goal, pass] of rows) console.log(`${figure.padEnd(52)}${value.padStart(10)}${goal.padStart(12)}  ${pass ? 'PASS' : 'MISS'}`);
  } finally {
    cluster.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
