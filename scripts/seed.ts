// npm run seed -- --members N: adds N fictional, verified members (no photos) to the database
// the server would use: DATABASE_URL, or else the embedded one in DATA_DIR. Migrates first.
import { parseArgs } from 'node:util';
import { seedMembers } from '../src/server/demo/seed-members.ts';
import { loadConfigOrExit } from '../src/server/platform/config.ts';
import { holdDataDir } from '../src/server/platform/data-dir-lock.ts';
import { openDatabase } from '../src/server/platform/db/client.ts';

const { values } = parseArgs({ options: { members: { type: 'string', default: '1000' }, seed: { type: 'string', default: '1' } } });
const count = Number(values.members);
const seed = Number(values.seed);
if (!Number.isInteger(count) || count < 1 || count > 10_000_000 || !Number.isInteger(seed)) {
  console.error('usage: npm run seed -- --members N [--seed S]   (N from 1 to 10 000 000)');
  process.exit(2);
}

const config = loadConfigOrExit();
const releaseDataDir = holdDataDir(config);
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
try {
  await database.migrate();
  console.log(`Seeding ${count.toLocaleString('en')} members into ${where}…`);
  const started = performance.now();
  await seedMembers(database.db, {
    count,
    seed,
    onBatch: (done) => process.stdout.write(`\r  ${done.toLocaleString('en')} / ${count.toLocaleString('en')}`),
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(`\nAdded ${count.toLocaleString('en')} members in ${seconds.toFixed(1)} s (${Math.round(count / seconds).toLocaleString('en')} per second).`);
} finally {
  await database.close();
  releaseDataDir();
}
