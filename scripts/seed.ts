// npm run seed -- --members N [--filled]: adds N fictional, verified members to the database the
// server would use: DATABASE_URL, or else the embedded one in DATA_DIR. Migrates first. With
// --filled, also what a living product has around them (src/server/demo/seed-filled.ts): photos
// (files in the configured storage: STORAGE_URL, or else DATA_DIR/photos), free times, bookings in
// every state, conversations, likes, nudges, inbox items and score ledgers; it prints each part's time.
import { parseArgs } from 'node:util';
import { fillSeed } from '../src/server/demo/seed-filled.ts';
import { seedMembers } from '../src/server/demo/seed-members.ts';
import { loadConfigOrExit } from '../src/server/platform/config.ts';
import { holdDataDir } from '../src/server/platform/data-dir-lock.ts';
import { openDatabase } from '../src/server/platform/db/client.ts';
import { configuredStorage } from '../src/server/platform/storage-configured.ts';

const { values } = parseArgs({
  options: { members: { type: 'string', default: '1000' }, seed: { type: 'string', default: '1' }, filled: { type: 'boolean', default: false } },
});
const count = Number(values.members);
const seed = Number(values.seed);
if (!Number.isInteger(count) || count < 1 || count > 10_000_000 || !Number.isInteger(seed)) {
  console.error('usage: npm run seed -- --members N [--seed S] [--filled]   (N from 1 to 10 000 000; --filled adds photos, free times, dates, chats, likes, inbox)');
  process.exit(2);
}

const config = loadConfigOrExit();
const releaseDataDir = holdDataDir(config);
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
const line = (part: string, seconds: number, rows: number) =>
  console.log(`  ${part.padEnd(52)}${`${seconds.toFixed(1)} s`.padStart(9)}${rows.toLocaleString('en').padStart(12)} rows`);
try {
  await database.migrate();
  console.log(`Seeding ${count.toLocaleString('en')} members${values.filled ? ', filled,' : ''} into ${where}…`);
  const started = performance.now();
  const run = await seedMembers(database.db, {
    count,
    seed,
    onBatch: (done) => process.stdout.write(`\r  ${done.toLocaleString('en')} / ${count.toLocaleString('en')}`),
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(`\nAdded ${count.toLocaleString('en')} members in ${seconds.toFixed(1)} s (${Math.round(count / seconds).toLocaleString('en')} per second).`);
  if (values.filled) {
    line('members', seconds, count);
    await fillSeed(database.db, configuredStorage(config), run, { seed, onPart: line });
    console.log(`Filled seed in ${((performance.now() - started) / 1000).toFixed(1)} s in total (members included).`);
  }
} finally {
  await database.close();
  releaseDataDir();
}
