// The bookings part of `npm run bench` (`-- --only bookings`): the real server on a throw-away
// PostgreSQL. 1 000 members request one slot (maxBookings 1) at once, then its host confirms all
// 1 000 at once: exactly one may be confirmed. The same burst first runs once on another host's
// slot (a fresh server's first burst, reported apart), so the measured one meets a warmed-up process
// as members would. Then one member's bookings among 1 000 000 slots.
import os from 'node:os';
import pg from 'pg';
import { UNUSABLE_PASSWORD_HASH } from '../src/server/demo/demo-members.ts';
import { bookingsOf } from '../src/server/bookings/bookings.repo.ts';
import { openPostgres } from '../src/server/platform/db/client.ts';
import { startServerProcess, type ServerProcess } from '../tests/support/e2e-server.ts';
import { startCluster } from '../tests/support/postgres-global-setup.ts';
import { BENCH_POSTGRES_SETTINGS, cpuMeter, measure, percentile, printLoadTable, profiled, statementsClient, type Load, type Pids, type Row } from './bench-api.ts';
import { signIn } from './bench-members.ts';

const GUESTS = 1000;
const SLOTS = 1_000_000;
const MY_BOOKINGS = 200;
const GOALS = { myBookingsP95Ms: 50 };
const CORES = os.availableParallelism();

/**
 * A burst's latency goal is the machine's floor, not a fixed figure: n calls at once that each cost
 * c ms of CPU (server, PostgreSQL and client) cannot all be answered before n × c ÷ cores ms, so the
 * p95 may be at most 1.5 times that. A figure above it shows waste (lock convoys, retries, waiting).
 */
function floorGoal(load: Load, calls: number): { ms: number; text: string; formula: string } | null {
  const cpu = load.cpu;
  if (!cpu || cpu.postgres === null) return null;
  const perCall = cpu.server + cpu.postgres + cpu.client;
  const ms = (1.5 * calls * perCall) / CORES;
  return { ms, text: `p95 ≤ ${Math.round(ms)} ms (floor)`, formula: `1.5 × ${calls} calls × ${perCall.toFixed(2)} ms of CPU ÷ ${CORES} cores = ${Math.round(ms)} ms` };
}
const floorVerdict = (load: Load, calls: number) => {
  const goal = floorGoal(load, calls);
  return goal ? verdict(load.p95, goal.ms) : 'MISS (no CPU figure)';
};

type Timed = { status: number; ms: number };

async function timedPost(server: ServerProcess, path: string, token: string, body: unknown): Promise<Timed> {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** `count` members in Vancouver with everything booking needs (verified, bio, interest, photo) and a session each; their ids and tokens. */
/** A new database on the benchmark's PostgreSQL, migrated; its URL. */
export async function migratedDatabase(clusterUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  await database.migrate();
  await database.close();
  return url.toString();
}

export async function bookableMembers(client: pg.Client, count: number, prefix: string): Promise<{ id: string; token: string }[]> {
  const { rows } = await client.query<{ id: string }>(
    `insert into users (email, password_hash, email_verified_at, account_type, name, age, gender, bio, interests, city, country,
       longitude, latitude, referral_code, created_at)
     select $1 || i || '@bench.rendezvous.invalid', $2, now(), 'individual', 'Bench ' || i, 30, 'female', 'Here for the benchmark.',
       array['Coffee'], 'Vancouver', 'Canada', -123.12, 49.28, upper($1) || i, now()
     from generate_series(1, $3::int) as i
     returning id`,
    [prefix, UNUSABLE_PASSWORD_HASH, count],
  );
  const members = await signIn(client, rows.map((row) => row.id));
  await client.query(
    `insert into photos (user_id, storage_key, width, height, created_at) select id, id || '.webp', 10, 10, now() from unnest($1::uuid[]) as id`,
    [members.map((m) => m.id)],
  );
  return members;
}

const requestBody = (slotId: string) => ({
  availabilityId: slotId,
  requestMessage: 'Coffee?',
  proposedVenue: { name: 'Café', address: '', type: 'cafe', priceRange: '$$' },
  paymentResponsibility: { paidBy: 'requester' },
});

const verdict = (value: number, goal: number) => (value <= goal ? 'PASS' : 'MISS');

/** Sends every call at once; the answers' latencies, the rate achieved, and what each call cost (CPU, statements). */
async function burst(calls: (() => Promise<Timed>)[], pids: Pids, statementsDb: pg.Client): Promise<{ answers: Timed[]; load: Load }> {
  const cpu = await cpuMeter(pids, statementsDb);
  const started = performance.now();
  const answers = await Promise.all(calls.map((call) => call()));
  const seconds = (performance.now() - started) / 1000;
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  const load: Load = {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    rps: answers.length / seconds,
    ok: answers.filter((a) => a.status < 500).length,
    failed: answers.filter((a) => a.status >= 500).length,
    cpu: await cpu.perRequest(answers.length),
  };
  return { answers, load };
}

/** 1 000 requests for the slot at once, then its host's 1 000 confirmations at once. */
async function requestsAndConfirms(server: ServerProcess, client: pg.Client, host: Member, guests: Member[], slotId: string, pids: Pids) {
  const requests = await burst(
    guests.map((guest) => () => timedPost(server, '/api/bookings/request', guest.token, requestBody(slotId))),
    pids,
    client,
  );
  const { rows: pending } = await client.query<{ id: string }>(`select id from bookings where slot_id = $1`, [slotId]);
  const confirms = await burst(
    pending.map((booking) => () => timedPost(server, `/api/bookings/${booking.id}/respond`, host.token, { action: 'confirm' })),
    pids,
    client,
  );
  const {
    rows: [counted],
  } = await client.query<{ confirmed: number; declined: number }>(
    `select count(*) filter (where status = 'confirmed')::int as confirmed, count(*) filter (where status = 'declined')::int as declined from bookings where slot_id = $1`,
    [slotId],
  );
  return { requests, confirms, pending: pending.length, created: requests.answers.filter((a) => a.status === 201).length, ...counted! };
}

type Member = { id: string; token: string };

/** A slot with maxBookings 1, `days` from now (the two bursts' slots do not overlap: the first one's guest is free for the second). */
const insertSlot = (client: pg.Client, hostId: string, days: number) =>
  client.query<{ id: string }>(
    `insert into availability_slots (host_id, date, start_time, end_time, time_zone, starts_at, ends_at, date_type, venue, max_bookings, created_at)
     values ($1, (now() + $2::int * interval '1 day')::date, '18:00', '19:30', 'America/Vancouver', now() + $2::int * interval '1 day', now() + $2::int * interval '1 day' + interval '90 minutes', 'coffee', 'Café', 1, now())
     returning id`,
    [hostId, days],
  );

export async function benchBookings() {
  console.log(`\nBookings: ${GUESTS.toLocaleString('en')} requests for one slot at once, then ${GUESTS.toLocaleString('en')} confirmations at once; my bookings among ${SLOTS.toLocaleString('en')} slots.`);
  const cluster = await startCluster({ settings: BENCH_POSTGRES_SETTINGS });
  let server: ServerProcess | null = null;
  try {
    const databaseUrl = await migratedDatabase(cluster.url, 'rendezvous_bench_bookings');

    const client = await statementsClient(databaseUrl);
    const [host, firstHost] = await bookableMembers(client, 2, 'host');
    const guests = await bookableMembers(client, GUESTS, 'guest');
    const {
      rows: [slot],
    } = await insertSlot(client, host!.id, 2);
    const {
      rows: [firstSlot],
    } = await insertSlot(client, firstHost!.id, 3);
    await client.query('analyze');

    server = await startServerProcess({ env: { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }, quiet: true, ...profiled });
    const pids = { server: server.child.pid!, postmaster: cluster.pid };
    // A fresh process's first burst also compiles its code: run once on another host's slot, reported apart.
    const first = await requestsAndConfirms(server, client, firstHost!, guests, firstSlot!.id, pids);
    const measured = await requestsAndConfirms(server, client, host!, guests, slot!.id, pids);
    const failures = [first, measured].flatMap((round) => [...round.requests.answers, ...round.confirms.answers]).filter((a) => a.status >= 500).length;

    // One member's bookings among a million slots: every member hosts ~1 000 slots two hours apart, a fifth
    // of them booked by someone; the benchmark member is the guest of 200 of them.
    process.stdout.write(`Inserting ${SLOTS.toLocaleString('en')} slots and their bookings…`);
    const insertStarted = performance.now();
    const everyone = [host!, firstHost!, ...guests];
    const perMember = Math.ceil(SLOTS / everyone.length);
    await client.query(
      `insert into availability_slots (host_id, date, start_time, end_time, time_zone, starts_at, ends_at, date_type, venue, max_bookings, confirmed_count, created_at)
       select m.id, (now() + (n * 2 + 120) * interval '1 hour')::date, '10:00', '11:00', 'America/Vancouver',
         now() + (n * 2 + 120) * interval '1 hour', now() + (n * 2 + 121) * interval '1 hour', 'coffee', 'Café', 1, (n % 5 = 0)::int, now()
       from unnest($1::uuid[]) as m(id) cross join generate_series(1, $2::int) as n
       limit $3`,
      [everyone.map((m) => m.id), perMember, SLOTS],
    );
    const me = guests[0]!;
    const bookingValues = `'Coffee?', '{"name":"Café","address":"","type":"cafe","priceRange":"$$"}'::jsonb, now(), now()`;
    // The member is the guest of the first 200 booked slots, other members of the rest (none of the member's own).
    await client.query(
      `insert into bookings (slot_id, host_id, guest_id, status, starts_at, ends_at, request_message, proposed_venue, created_at, updated_at)
       select s.id, s.host_id, case when s.n <= $2 then $1 else ($3::uuid[])[1 + s.n % array_length($3::uuid[], 1)] end,
         (array['confirmed', 'completed', 'cancelled', 'no_show_guest'])[1 + s.n % 4], s.starts_at, s.ends_at, ${bookingValues}
       from (select *, row_number() over (order by starts_at, id)::int as n from availability_slots where confirmed_count = 1 and host_id <> $1) s`,
      [me.id, MY_BOOKINGS, guests.slice(1).map((m) => m.id)],
    );
    await client.query('analyze');
    const {
      rows: [mine],
    } = await client.query<{ n: number; slots: number }>(
      `select (select count(*)::int from bookings where guest_id = $1 or host_id = $1) as n, (select count(*)::int from availability_slots) as slots`,
      [me.id],
    );
    console.log(` ${((performance.now() - insertStarted) / 1000).toFixed(1)} s (${mine!.slots.toLocaleString('en')} slots; the member has ${mine!.n} bookings)`);

    // Where a my-bookings answer spends its time: its one query (bookings, slots, the other parties with their
    // photos and date counters), timed alone, read into rows as the server reads it.
    const timing = openPostgres(databaseUrl);
    const timed = async (run: () => Promise<unknown>) => {
      const runs: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const started = performance.now();
        await run();
        runs.push(performance.now() - started);
      }
      return percentile(runs.sort((a, b) => a - b), 50);
    };
    const listMs = await timed(() => bookingsOf(timing.db, me.id, { perspective: 'all' }));
    await timing.close();
    console.log(`my-bookings query (median of 20): ${listMs.toFixed(1)} ms`);

    const myBookings = await measure(`${server.url}/api/bookings/my-bookings?perspective=all&status=null`, me.token, {
      connections: 1,
      pids,
      statementsDb: client,
    });
    await client.end();

    const rows: Row[] = [
      {
        call: `POST /api/bookings/request ×${GUESTS} at once`,
        load: measured.requests.load,
        goal: floorGoal(measured.requests.load, GUESTS)?.text ?? '',
        result: `${floorVerdict(measured.requests.load, GUESTS)} (${measured.created} created)`,
      },
      {
        call: `POST /api/bookings/{id}/respond ×${measured.pending} at once`,
        load: measured.confirms.load,
        goal: floorGoal(measured.confirms.load, measured.pending)?.text ?? '',
        result: floorVerdict(measured.confirms.load, measured.pending),
      },
      {
        call: 'confirmed on the slot (maxBookings 1)',
        load: null,
        goal: 'exactly 1',
        result: `${measured.confirmed} confirmed, ${measured.declined} declined: ${measured.confirmed === 1 && first.confirmed === 1 ? 'PASS' : 'FAIL'}`,
      },
      { call: 'answers 5xx', load: null, goal: '0', result: `${failures}: ${failures === 0 ? 'PASS' : 'FAIL'}` },
      { call: '  first burst on a fresh server: request', load: first.requests.load, goal: '', result: '(reference)' },
      { call: '  first burst on a fresh server: respond', load: first.confirms.load, goal: '', result: '(reference)' },
      {
        call: `GET my-bookings (${mine!.n} bookings, 1 connection)`,
        load: myBookings,
        goal: `p95 ≤ ${GOALS.myBookingsP95Ms} ms`,
        result: myBookings.failed > 0 ? `ERRORS (${myBookings.failed})` : verdict(myBookings.p95, GOALS.myBookingsP95Ms),
      },
    ];
    printLoadTable(`Bookings on PostgreSQL, ${SLOTS.toLocaleString('en')} slots`, rows);
    console.log('\nThe bursts\' goals, the machine\'s floor: 1.5 × the calls × their CPU each ÷ the cores');
    console.log(`  request: ${floorGoal(measured.requests.load, GUESTS)?.formula ?? 'no CPU figure'}`);
    console.log(`  respond: ${floorGoal(measured.confirms.load, measured.pending)?.formula ?? 'no CPU figure'}`);
  } finally {
    await server?.stop();
    cluster.stop();
  }
}
