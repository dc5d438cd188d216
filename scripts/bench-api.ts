// The API half of `npm run bench`: the real server process under load from wrk, on a
// throw-away PostgreSQL holding the filled seed of 100 000 members (npm run seed -- --filled), and on
// the embedded database for reference.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { fillSeed } from '../src/server/demo/seed-filled.ts';
import { seedMembers } from '../src/server/demo/seed-members.ts';
import { openPostgres } from '../src/server/platform/db/client.ts';
import { folderStorage } from '../src/server/platform/storage.ts';
import { startServerProcess, type ServerProcess } from '../tests/support/e2e-server.ts';
import { startCluster } from '../tests/support/postgres-global-setup.ts';
import { judgeOn, machineLine, verdict, type Judge } from './bench-judge.ts';

const execFileAsync = promisify(execFile);
const MEMBERS = 100_000;
export const CONNECTIONS = 50;
export const SECONDS = 10;
export const WARM_UP_SECONDS = 2;
/** The run that counts each call's statements (not the measured one). */
const STATEMENTS_SECONDS = 3;
const GOALS = { p95Ms: 50, requestsPerSecond: 2000, seedSeconds: 120 };
export const BROWSE_PATH = '/api/users/browse?maxDistance=25';
/**
 * The server's connections to PostgreSQL, which runs on the same cores: PostgreSQL's rule of thumb,
 * twice the cores plus one. Its default, 10, served about 8 % fewer browse calls here (decision 65).
 */
const POOL_SIZE = 2 * os.cpus().length + 1;
const PLAN_FILE = path.resolve(import.meta.dirname, '../.tmp/bench-browse-plan.txt');

/** `BENCH_PROFILE=1`: each server process the bench starts writes a CPU profile (`--cpu-prof`) into .tmp/cpu-profiles when it stops. */
export const profiled =
  process.env.BENCH_PROFILE === '1' ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.resolve(import.meta.dirname, '../.tmp/cpu-profiles')}`] } : {};

export type Load = { p50: number; p95: number; p99: number; rps: number; ok: number; failed: number; cpu?: CpuPerRequest };
/**
 * What one request cost: CPU ms of the server process, PostgreSQL (when measured) and the load
 * generator (this process), and the statements PostgreSQL ran for it (when counted).
 */
export type CpuPerRequest = { server: number; postgres: number | null; client: number; statements: number | null; byStatement?: StatementCost[] };
/** One statement's share of a request (pg_stat_statements): calls per request, and its planning and execution ms per call. */
export type StatementCost = { query: string; calls: number; planMs: number | null; execMs: number };
/** The processes whose CPU a measure reads: the server's and the PostgreSQL postmaster's. */
export type Pids = { server: number; postmaster?: number };

const CLOCK_TICKS = 100;
/** A process's /proc/PID/stat fields after its name (Linux): [1] parent, [11] user and [12] system ticks, [13], [14] those of reaped children. */
const statOf = (pid: number | string) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');

/** CPU time (user + system, ms) a process has used. */
export function processCpuMs(pid: number): number {
  const fields = statOf(pid);
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** CPU time (ms) of a PostgreSQL cluster: the postmaster, its live backends, and the children it has reaped. */
export function clusterCpuMs(postmasterPid: number): number {
  const fields = statOf(postmasterPid);
  let ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = statOf(entry);
      if (Number(stat[1]) === postmasterPid) ticks += Number(stat[11]) + Number(stat[12]);
    } catch {
      // The process ended meanwhile: its time is now in the postmaster's reaped children.
    }
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * wrk's script for browse with a different question on each request (age bounds cycling through
 * 1 677 pairs, one statement shape), as many members browsing at once would ask: nothing is
 * answered from a cache. Its `done` prints what `load` reads (latencies in µs).
 */
const QUESTIONS_SCRIPT = `
local n = 0
request = function()
  n = (n + 1) % (43 * 39)
  return wrk.format(nil, string.format("${BROWSE_PATH}&minAge=%d&maxAge=%d", 18 + n % 43, 61 + math.floor(n / 43)))
end
`;
/** wrk's script for requests that go through `paths` in turn (a member's photos, say). */
const pathsScript = (paths: string[]) => `
local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }
local n = 0
request = function()
  n = n % #paths + 1
  return wrk.format(nil, paths[n])
end
`;
const RESULT_SCRIPT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %d %d %.0f %.0f %.0f\\n", summary.requests, summary.duration,
    e.status, e.connect + e.read + e.write + e.timeout, latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
`;

/** CPU time (ms) of this process and the children it has reaped (wrk, once it ended). */
function clientCpuMs(): number {
  const fields = statOf('self');
  return ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS;
}

/**
 * wrk (Debian's package, a C load generator: on the same cores it costs about a third of the CPU
 * autocannon did, decision 65) for `seconds` at `connections`, from one thread; a failed answer
 * is a non-2xx status or a socket error.
 */
async function load(url: string, token: string | null, seconds: number, requestScript = '', connections = CONNECTIONS): Promise<Load> {
  const script = path.join(os.tmpdir(), `rendezvous-bench-${process.pid}.lua`);
  writeFileSync(script, requestScript + RESULT_SCRIPT);
  const { stdout } = await execFileAsync('wrk', [
    '--threads', '1', '--connections', String(connections), '--duration', `${seconds}s`, '--timeout', '10s',
    '--script', script, ...(token ? ['--header', `authorization: Bearer ${token}`] : []), url,
  ]).finally(() => rmSync(script, { force: true }));
  const result = /RESULT (\d+) (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)/.exec(stdout);
  if (!result) throw new Error(`wrk answered no result:\n${stdout}`);
  const [requests, durationUs, badStatus, socketErrors, p50, p95, p99] = result.slice(1).map(Number) as [number, number, number, number, number, number, number];
  const ok = requests - badStatus;
  return { p50: p50 / 1000, p95: p95 / 1000, p99: p99 / 1000, rps: ok / (durationUs / 1e6), ok, failed: badStatus + socketErrors };
}

/**
 * A warm-up, then the measured run (with its CPU per request when `pids` are given); `connections`
 * defaults to the API half's 50; with `paths`, the requests go through them in turn on `url`'s
 * server. With `statementsDb`, the statements are counted in a short run of their own:
 * pg_stat_statements tracks nothing during the measured run, whose figures it would otherwise
 * raise (it cost about 8 % of browse's PostgreSQL CPU).
 */
export async function measure(
  url: string,
  token: string | null,
  options: { freshQuestions?: boolean; paths?: string[]; connections?: number; pids?: Pids; statementsDb?: pg.Client } = {},
): Promise<Load> {
  const requestScript = options.freshQuestions ? QUESTIONS_SCRIPT : options.paths ? pathsScript(options.paths) : '';
  const run = (seconds: number) => load(url, token, seconds, requestScript, options.connections);
  if (options.statementsDb) await trackStatements(options.statementsDb, false);
  await run(WARM_UP_SECONDS);
  const cpu = options.pids && (await cpuMeter(options.pids));
  const measured = await run(SECONDS);
  if (!cpu) return measured;
  const perRequest = await cpu.perRequest(measured.ok + measured.failed);
  if (!options.statementsDb) return { ...measured, cpu: perRequest };
  await trackStatements(options.statementsDb, true);
  // The pool's connections read the new setting at their next statement.
  await run(1);
  const counter = await cpuMeter(options.pids!, options.statementsDb);
  const counted = await run(STATEMENTS_SECONDS);
  const { statements, byStatement } = await counter.perRequest(counted.ok + counted.failed);
  return { ...measured, cpu: { ...perRequest, statements, byStatement } };
}

/** pg_stat_statements' tracking on (every top-level statement) or off, for every connection (`db` must be a superuser's). */
async function trackStatements(db: pg.Client, on: boolean) {
  await db.query(`alter system set pg_stat_statements.track = '${on ? 'top' : 'none'}'`);
  await db.query('select pg_reload_conf()');
}

/**
 * Starts counting CPU time (and statements, through pg_stat_statements in `statementsDb` when
 * given); `perRequest(n)` divides what was used since by n requests.
 */
export async function cpuMeter(pids: Pids, statementsDb?: pg.Client) {
  await statementsDb?.query('select pg_stat_statements_reset()');
  const server = processCpuMs(pids.server);
  const postgres = pids.postmaster === undefined ? null : clusterCpuMs(pids.postmaster);
  const client = clientCpuMs();
  return {
    async perRequest(n: number): Promise<CpuPerRequest> {
      const cpu = {
        server: (processCpuMs(pids.server) - server) / n,
        postgres: postgres === null ? null : (clusterCpuMs(pids.postmaster!) - postgres) / n,
        client: (clientCpuMs() - client) / n,
      };
      if (!statementsDb) return { ...cpu, statements: null };
      const counted = await statementsDb.query<{ query: string; calls: string; plan_ms: number; exec_ms: number; planning: boolean }>(
        `select query, calls, total_plan_time as plan_ms, total_exec_time as exec_ms,
            current_setting('pg_stat_statements.track_planning')::bool as planning
          from pg_stat_statements where query not like '%pg_stat_statements%' order by total_plan_time + total_exec_time desc`,
      );
      const byStatement = counted.rows.map((row) => ({
        query: row.query.replace(/\s+/g, ' '),
        calls: Number(row.calls) / n,
        planMs: row.planning ? row.plan_ms / Number(row.calls) : null,
        execMs: row.exec_ms / Number(row.calls),
      }));
      return { ...cpu, statements: byStatement.reduce((sum, statement) => sum + statement.calls, 0), byStatement };
    },
  };
}

/** Counts statements per request on `databaseUrl`'s cluster (started with pg_stat_statements preloaded); end() when done. */
export async function statementsClient(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('create extension if not exists pg_stat_statements');
  return client;
}

async function call(server: ServerProcess, method: string, url: string, body?: unknown, token?: string) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as any };
}

/** A new member in Vancouver, verified through the link the server wrote to its outbox (no SMTP_URL). */
export async function verifiedViewer(server: ServerProcess): Promise<string> {
  const email = `viewer-${Date.now()}@bench.rendezvous.invalid`;
  const registered = await call(server, 'POST', '/api/auth/register', {
    accountType: 'individual',
    email,
    password: 'benchmark viewer password',
    name: 'Benchmark Viewer',
    age: 34,
    gender: 'female',
    location: { city: 'Vancouver', country: 'Canada', coordinates: null },
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const outbox = path.join(server.dataDir, 'outbox');
  const mail = readdirSync(outbox)
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
    .find((text) => text.includes(`To: ${email}`));
  const token = mail && new URL(mail.match(/https?:\/\/\S+/)![0]).searchParams.get('token');
  if (!token) throw new Error('no verification mail in the outbox');
  const verified = await call(server, 'POST', '/api/auth/verify-email', { token });
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
  return registered.body.token as string;
}

type Plan = { durationMs: number; text: string };

/** The plans auto_explain wrote to the server log since `offset`: one per statement. */
function plansInLog(logFile: string, offset: number): Plan[] {
  const lines = readFileSync(logFile, 'utf8').slice(offset).split('\n');
  const plans: Plan[] = [];
  for (const [i, line] of lines.entries()) {
    const head = /LOG:\s+duration: ([\d.]+) ms\s+plan:/.exec(line);
    if (!head) continue;
    const body: string[] = [];
    for (let j = i + 1; j < lines.length && lines[j]!.startsWith('\t'); j += 1) body.push(lines[j]!.slice(1));
    plans.push({ durationMs: Number(head[1]), text: body.join('\n') });
  }
  return plans;
}

/**
 * EXPLAIN ANALYZE of the very query the server builds for one browse request: auto_explain logs
 * every plan while it is switched on (only for this one request, never during the load runs).
 */
async function explainBrowse(adminUrl: string, logFile: string, server: ServerProcess, token: string): Promise<string | null> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const settings = { 'auto_explain.log_min_duration': '0', 'auto_explain.log_analyze': 'on', 'auto_explain.log_buffers': 'on' };
    for (const [name, value] of Object.entries(settings)) await admin.query(`alter system set ${name} = '${value}'`);
    await admin.query('select pg_reload_conf()');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const offset = readFileSync(logFile, 'utf8').length;
    await call(server, 'GET', BROWSE_PATH, undefined, token);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const name of Object.keys(settings)) await admin.query(`alter system reset ${name}`);
    await admin.query('select pg_reload_conf()');
    const distanceQueries = plansInLog(logFile, offset).filter((plan) => /from "users"/i.test(plan.text) && /point\(|<@|<->|box|circle/i.test(plan.text));
    distanceQueries.sort((a, b) => b.durationMs - a.durationMs);
    return distanceQueries[0]?.text ?? null;
  } finally {
    await admin.end();
  }
}

const ms = (value: number) => (Number.isNaN(value) ? '—' : value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`);

export type Row = { call: string; load: Load | null; goal: string; result: string };

export function printLoadTable(title: string, rows: Row[]) {
  console.log(`\n${title}\n`);
  console.log(`${'call'.padEnd(44)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'p99'.padStart(10)}${'req/s'.padStart(9)}  ${'goal'.padEnd(28)}result`);
  for (const row of rows) {
    const l = row.load;
    const figures = l ? `${ms(l.p50).padStart(10)}${ms(l.p95).padStart(10)}${ms(l.p99).padStart(10)}${Math.round(l.rps).toLocaleString('en').padStart(9)}` : ' '.repeat(39);
    console.log(`${row.call.padEnd(44)}${figures}  ${row.goal.padEnd(28)}${row.result}`);
  }
  const costed = rows.filter((row) => row.load?.cpu);
  if (costed.length === 0) return;
  const cores = os.cpus().length;
  console.log(`\nWhere a request's time goes (CPU ms per request; ${cores} cores shared by all three; the ceiling is ${cores} × 1 000 ms ÷ their sum):\n`);
  console.log(`${'call'.padEnd(44)}${'server'.padStart(10)}${'database'.padStart(10)}${'client'.padStart(10)}${'statements'.padStart(12)}  ceiling on ${cores} cores`);
  for (const row of costed) {
    const cpu = row.load!.cpu!;
    const sum = cpu.server + (cpu.postgres ?? 0) + cpu.client;
    console.log(
      `${row.call.padEnd(44)}${cpu.server.toFixed(2).padStart(10)}${(cpu.postgres === null ? '—' : cpu.postgres.toFixed(2)).padStart(10)}` +
        `${cpu.client.toFixed(2).padStart(10)}${(cpu.statements === null ? '—' : cpu.statements.toFixed(1)).padStart(12)}  ` +
        `${Math.round((cores * 1000) / sum).toLocaleString('en')} req/s`,
    );
  }
  console.log(`\nTheir statements (pg_stat_statements — a load run's counted in a ${STATEMENTS_SECONDS} s run of its own after it: calls per request, then PostgreSQL's planning — when tracked — and execution ms per call):`);
  for (const row of costed) {
    const statements = row.load!.cpu!.byStatement?.filter((statement) => statement.calls >= 0.05);
    if (!statements?.length) continue;
    console.log(`\n  ${row.call}`);
    for (const statement of statements) {
      console.log(
        `  ${statement.calls.toFixed(2).padStart(6)} × plan ${statement.planMs?.toFixed(3) ?? '—'} + run ${statement.execMs.toFixed(3)} ms  ${statement.query.slice(0, 90)}…`,
      );
    }
  }
}

/** A load's goals judged on shares of health's rate in the same run (scripts/bench-judge.ts). */
function judged(load: Load, judge: Judge): string {
  if (load.failed > 0) return `ERRORS (${load.failed} failed answers)`;
  const rate = judge.rate(load.rps, GOALS.requestsPerSecond);
  const p95 = judge.p95(load.p95, GOALS.p95Ms);
  return `${verdict(rate, p95)}: ${rate.text}; ${p95.text}`;
}

const reference = (load: Load) => (load.failed > 0 ? `ERRORS (${load.failed} failed answers)` : '(reference)');

/**
 * The benches' PostgreSQL: pg_stat_statements (with planning) for the statement counts, auto_explain
 * for the browse plan. `shared_buffers` stays at its default: 1 GB (the whole filled seed) made the
 * mix no faster and browse's PostgreSQL CPU a quarter higher (decision 82).
 */
export const BENCH_POSTGRES_SETTINGS = ['shared_preload_libraries=auto_explain,pg_stat_statements', 'pg_stat_statements.track_planning=on'];

export async function benchApi() {
  console.log(
    `\nAPI under load: ${CONNECTIONS} connections, ${SECONDS} s per call after a ${WARM_UP_SECONDS} s warm-up, wrk (one thread) on the same cores; ` +
      `${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the start.`,
  );
  const cluster = await startCluster({ settings: BENCH_POSTGRES_SETTINGS });
  let statementsDb: pg.Client | null = null;
  let server: ServerProcess | null = null;
  let pgDataDir: string | null = null;
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    const version = (await admin.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]!.v.split(' ')[0]!;
    await admin.query('create database rendezvous_bench');
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = '/rendezvous_bench';
    const databaseUrl = url.toString();

    const database = openPostgres(databaseUrl);
    await database.migrate();
    process.stdout.write(`Seeding ${MEMBERS.toLocaleString('en')} members, filled, into PostgreSQL ${version}…`);
    const seedStarted = performance.now();
    // The photo files go where the server started below reads them: its DATA_DIR's photos folder.
    pgDataDir = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-bench-'));
    const run = await seedMembers(database.db, { count: MEMBERS });
    await fillSeed(database.db, folderStorage(path.join(pgDataDir, 'photos')), run);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await database.close();
    console.log(` ${seedSeconds.toFixed(1)} s`);

    server = await startServerProcess({
      env: { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: String(POOL_SIZE), LOG_LEVEL: 'info' },
      dataDir: pgDataDir,
      quiet: true,
      ...profiled,
    });
    statementsDb = await statementsClient(databaseUrl);
    const costs = { pids: { server: server.child.pid!, postmaster: cluster.pid }, statementsDb };
    const token = await verifiedViewer(server);
    const browseStatus = (await call(server, 'GET', BROWSE_PATH, undefined, token)).status;
    const hasBrowse = browseStatus !== 404;

    // Health first: the machine's speed in this run, which the goals below are judged against.
    const health = await measure(`${server.url}/api/health`, null, costs);
    const judge = judgeOn(health.rps);
    console.log(machineLine(health.rps));
    const rows: Row[] = [{ call: 'GET /api/health', load: health, goal: '', result: reference(health) }];
    if (hasBrowse) {
      const browse = await measure(`${server.url}${BROWSE_PATH}`, token, { freshQuestions: true, ...costs });
      rows.push({
        call: `GET ${BROWSE_PATH}&minAge…&maxAge…`,
        load: browse,
        goal: `p95 ≤ ${GOALS.p95Ms} ms, ≥ ${GOALS.requestsPerSecond.toLocaleString('en')} req/s`,
        result: judged(browse, judge),
      });
    } else {
      rows.push({ call: `GET ${BROWSE_PATH}`, load: null, goal: '', result: 'not measured: the endpoint answers 404 (not built yet)' });
    }
    const me = await measure(`${server.url}/api/auth/me`, token, costs);
    rows.push({ call: 'GET /api/auth/me', load: me, goal: '', result: reference(me) });
    const plan = hasBrowse ? await explainBrowse(cluster.url, cluster.logFile, server, token) : null;
    await server.stop();
    server = null;

    server = await startServerProcess({ env: { LOG_LEVEL: 'info' }, quiet: true, ...profiled });
    const pgliteToken = await verifiedViewer(server);
    const pgliteMe = await measure(`${server.url}/api/auth/me`, pgliteToken, { pids: { server: server.child.pid! } });
    rows.push({ call: 'GET /api/auth/me (embedded PGlite)', load: pgliteMe, goal: '', result: reference(pgliteMe) });
    if (hasBrowse) {
      // The demo members a new install gets: what `npm start` browses.
      const pgliteBrowse = await measure(`${server.url}${BROWSE_PATH}`, pgliteToken, { pids: { server: server.child.pid! } });
      rows.push({ call: `GET ${BROWSE_PATH} (embedded PGlite)`, load: pgliteBrowse, goal: '', result: reference(pgliteBrowse) });
    }
    await server.stop();
    server = null;

    printLoadTable(
      `PostgreSQL ${version}, ${MEMBERS.toLocaleString('en')} seeded members, a verified viewer in Vancouver; the server's pool DATABASE_POOL_SIZE=${POOL_SIZE}`,
      rows,
    );
    console.log(
      `\n${`filled seed, ${MEMBERS.toLocaleString('en')} members (npm run seed)`.padEnd(44)}${`${seedSeconds.toFixed(1)} s`.padStart(10)}` +
        `${''.padStart(29)}  ${`≤ ${GOALS.seedSeconds} s`.padEnd(28)}${seedSeconds <= GOALS.seedSeconds ? 'PASS' : 'MISS'}`,
    );

    if (hasBrowse) {
      console.log('\nThe browse query as the server ran it for one request (auto_explain, EXPLAIN ANALYZE):\n');
      if (plan) {
        mkdirSync(path.dirname(PLAN_FILE), { recursive: true });
        writeFileSync(PLAN_FILE, `${plan}\n`);
        const [queryText, ...planLines] = plan.split(/\n(?=\s*(?:Limit|Sort|Nested Loop|Hash|Merge|Seq Scan|Index Scan|Bitmap|Aggregate|Subquery Scan|Append|Result|CTE Scan|Unique|WindowAgg)\b)/);
        console.log(`  ${queryText!.replace(/\s+/g, ' ').slice(0, 160)}…  (full text: ${path.relative(process.cwd(), PLAN_FILE)})`);
        console.log(planLines.join('\n').replace(/^/gm, '  '));
        console.log(`\nGiST index users_position_idx: ${plan.includes('users_position_idx') ? 'used' : 'NOT used'}`);
      } else {
        console.log('  (no query with a position condition on users was logged)');
      }
    }
  } finally {
    await statementsDb?.end();
    await server?.stop();
    cluster.stop();
    if (pgDataDir) rmSync(pgDataDir, { recursive: true, force: true });
  }
}
