// `npm run fuzz`: the API fuzzer's long run (the bounded pass is tests/api/fuzz.test.ts). Every
// operation of the OpenAPI document, many generated and mutated requests each, against the whole
// API on a loopback port: on the embedded database, or on PostgreSQL when DATABASE_URL is set (a
// fresh database made on that server and dropped at the end). Prints each finding, shrunk, then a
// table (operation, examples, failures); exits 1 on any failure.
//
//   npm run fuzz -- --runs 500 --only /bookings --seed 42 [--strict]
import { parseArgs } from 'node:util';
import { newPglite, openPglite, type Database } from '../src/server/platform/db/client.ts';
import { createFuzzer, documentFinding, formatFinding, formatTable, FUZZ_ADMIN_EMAILS, type OperationResult } from '../tests/support/fuzz/fuzzer.ts';
import { createServerLog } from '../tests/support/fuzz/server-log.ts';
import { startTestApp } from '../tests/support/test-app.ts';
import { throwawayPostgres } from '../tests/support/throwaway-postgres.ts';

const USAGE = `npm run fuzz -- [--runs N] [--only <part of a path>] [--seed N] [--max-findings N] [--minutes-per-operation N]
  --runs N                   examples per operation (default 200)
  --only TEXT                only the operations whose path (or "METHOD path") contains TEXT; repeatable
  --seed N                   fast-check seed (default: random, printed)
  --max-findings N           distinct failures looked for per operation (default 5)
  --minutes-per-operation N  time for one operation, shrinking included (default 10)
  --strict                   also fail when a request the document calls invalid gets a 2xx
DATABASE_URL=postgres://…    fuzz on PostgreSQL (a fresh database on that server) instead of the embedded one`;

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' },
    only: { type: 'string', multiple: true },
    seed: { type: 'string' },
    'max-findings': { type: 'string', default: '5' },
    'minutes-per-operation': { type: 'string', default: '10' },
    strict: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const runs = Number(values.runs);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
const maxFindings = Number(values['max-findings']);
const timeLimitMs = Number(values['minutes-per-operation']) * 60_000;
if (![runs, seed, maxFindings, timeLimitMs].every(Number.isFinite) || runs < 1) {
  console.error(USAGE);
  process.exit(2);
}

/** The embedded database in memory, or a fresh database on DATABASE_URL's server (as tests/support/test-db.ts makes one). */
async function openFuzzDatabase(): Promise<{ database: Database; label: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = openPglite(null, newPglite());
    await database.migrate();
    return { database, label: 'the embedded database (PGlite, in memory)' };
  }
  const database = await throwawayPostgres(serverUrl, { prefix: 'rv_fuzz' });
  await database.migrate();
  return { database, label: `PostgreSQL at ${new URL(serverUrl).host} (database ${database.name}, dropped at the end)` };
}

const { database, label } = await openFuzzDatabase();
const serverLog = createServerLog();
const t = await startTestApp({ database, adminEmails: FUZZ_ADMIN_EMAILS, logger: serverLog.logger });
const started = Date.now();
let exitCode = 0;
try {
  const fuzzer = await createFuzzer(t, { log: (line) => console.log(`  ${line}`), strict: values.strict, serverLog });
  const only = values.only ?? [];
  const operations = fuzzer.operations.filter((op) => only.length === 0 || only.some((part) => op.path.includes(part) || op.name.includes(part)));
  console.log(`Fuzzing ${operations.length} of ${fuzzer.operations.length} operations on ${label}: ${runs} examples each, seed ${seed}${values.strict ? ', strict' : ''}`);
  const results: OperationResult[] = [];
  if (fuzzer.documentProblem) {
    console.log(`FAIL GET /api/openapi.json: ${fuzzer.documentProblem}`);
    results.push({ operation: 'GET /api/openapi.json', tried: 1, findings: [documentFinding(fuzzer.documentProblem)], ms: 0 });
  }
  await fuzzer.prepare();
  for (const operation of operations) {
    const result = await fuzzer.fuzzOperation(operation, { runs, seed, maxFindings, timeLimitMs });
    results.push(result);
    const seen = Object.entries(result.statuses ?? {}).map(([status, count]) => `${status}×${count}`).join(' ');
    const what = result.note ? result.note : `${result.tried} examples (answers ${seen})`;
    console.log(`${result.findings.length === 0 ? 'ok  ' : 'FAIL'} ${operation.name}: ${what}, ${result.findings.length} failures, ${(result.ms / 1000).toFixed(1)} s`);
  }
  const findings = results.flatMap((r) => r.findings);
  if (findings.length > 0) {
    console.log(`\n${findings.length} findings (each shrunk to the smallest request fast-check found):\n`);
    for (const finding of findings) console.log(`${formatFinding(finding)}\n`);
  }
  if (fuzzer.warnings.length > 0) console.log(`Fixture warnings (records the requests could not point at):\n${fuzzer.warnings.map((w) => `  ${w}`).join('\n')}\n`);
  console.log(formatTable(results));
  console.log(`${findings.length} failures; sessions replaced ${fuzzer.recoveries} times; ${((Date.now() - started) / 1000).toFixed(0)} s; seed ${seed}`);
  exitCode = findings.length > 0 ? 1 : 0;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await t.close();
}
process.exit(exitCode);
