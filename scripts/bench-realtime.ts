// The realtime part of `npm run bench` (`-- --only realtime`): two real server processes (instances
// A and B, each its own port and DATA_DIR, LOG_LEVEL=info) on one throw-away PostgreSQL. 200 members,
// 100 pairs with a confirmed booking, are all connected by WebSocket to B; one member of each pair
// sends through A's `POST /api/messages/send`, in turns at a steady rate. Each message reaches B only
// through PostgreSQL LISTEN/NOTIFY (the announcement is written in the send's transaction).
//
// The commit instant is read from PostgreSQL itself: the cluster runs with track_commit_timestamp=on
// and each message row's pg_xact_commit_timestamp(xmin) is read after the run (the database, the
// servers and the bench share one machine and one clock). The goal is judged on arrival − commit.
// For reference, the two bounds a client could see without it: the message's `createdAt` is taken by
// A before its rate-limit check and its transaction (commit ≥ createdAt: arrival − createdAt is an
// upper bound), and A's 201 answer leaves after the commit (arrival − answer is a lower bound).
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import type { ServerEvent } from '../src/shared/api/realtime.ts';
import { startServerProcess, type ServerProcess } from '../tests/support/e2e-server.ts';
import { startCluster } from '../tests/support/postgres-global-setup.ts';
import { connect, type RealtimeClient } from '../tests/support/realtime.ts';
import { percentile, printLoadTable, type Load, type Row } from './bench-api.ts';
import { bookableMembers, migratedDatabase } from './bench-bookings.ts';

const PAIRS = 100;
/** Messages per second across all senders: each sender every PAIRS / RATE s (2 a second, within the 60 a minute a sender may send). */
const RATE = 200;
const WARM_UP_SECONDS = 2;
const SECONDS = 10;
/** How long to wait for the last messages after the last answer before counting the rest lost. */
const DRAIN_MS = 10_000;
const GOAL_P95_MS = 250;

/** Wall-clock milliseconds with sub-millisecond precision, comparable with the server's Date.now(). */
const wall = () => performance.timeOrigin + performance.now();

type Sent = {
  clientId: string;
  recipient: number;
  measured: boolean;
  started: number;
  answered?: number;
  status?: number;
  createdAt?: number;
  committed?: number;
  arrived?: number;
};

const sortedLoad = (values: number[], count: number, seconds: number, failed: number): Load => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), rps: count / seconds, ok: count, failed };
};

export async function benchRealtime() {
  console.log(
    `\nRealtime: ${PAIRS * 2} members on WebSockets to instance B, ${PAIRS} senders posting through instance A at ${RATE} messages/s ` +
      `(${SECONDS} s after a ${WARM_UP_SECONDS} s warm-up); ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the start.`,
  );
  const cluster = await startCluster({ settings: ['track_commit_timestamp=on'] });
  const servers: ServerProcess[] = [];
  const sockets: RealtimeClient[] = [];
  try {
    const databaseUrl = await migratedDatabase(cluster.url, 'rendezvous_bench_realtime');

    // 100 pairs, each with a confirmed booking on a slot of the recipient's (so they may chat).
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const recipients = await bookableMembers(client, PAIRS, 'recipient');
    const senders = await bookableMembers(client, PAIRS, 'sender');
    await client.query(
      `with slots as (
         insert into availability_slots (host_id, date, start_time, end_time, time_zone, starts_at, ends_at, date_type, venue, max_bookings, confirmed_count, created_at)
         select id, (now() + interval '2 days')::date, '18:00', '19:30', 'America/Vancouver', now() + interval '2 days', now() + interval '2 days 90 minutes', 'coffee', 'Café', 1, 1, now()
         from unnest($1::uuid[]) as h(id)
         returning id, host_id, starts_at, ends_at)
       insert into bookings (slot_id, host_id, guest_id, status, starts_at, ends_at, request_message, proposed_venue, created_at, updated_at)
       select s.id, s.host_id, p.guest, 'confirmed', s.starts_at, s.ends_at, 'Coffee?', '{"name":"Café","address":"","type":"cafe","priceRange":"$$"}'::jsonb, now(), now()
       from slots s join unnest($1::uuid[], $2::uuid[]) as p(host, guest) on p.host = s.host_id`,
      [recipients.map((m) => m.id), senders.map((m) => m.id)],
    );
    await client.query('analyze');
    await client.end();

    const env = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'info' };
    // One after the other, so that a failed start of B still leaves A to be stopped.
    const a = await startServerProcess({ env, quiet: true });
    servers.push(a);
    const b = await startServerProcess({ env, quiet: true });
    servers.push(b);

    // Every recipient's socket notes when each message for it arrives; the senders are connected too (they get the echo).
    const sent = new Map<string, Sent>();
    const early = new Map<string, number>();
    const members = [...recipients, ...senders];
    for (let i = 0; i < members.length; i += 20) {
      const batch = await Promise.all(members.slice(i, i + 20).map((member) => connect(b!.url, member.token)));
      sockets.push(...batch);
    }
    for (const [index, socket] of sockets.slice(0, PAIRS).entries()) {
      socket.socket.on('message', (data) => {
        const at = wall();
        const event = JSON.parse(data.toString()) as ServerEvent;
        if (event.type !== 'message' || event.message.recipient._id !== recipients[index]!.id) return;
        const message = sent.get(event.message.clientId!);
        if (message) message.arrived ??= at;
        else early.set(event.message.clientId!, at);
      });
      // The helper keeps every event for `next`; nothing here waits on them.
      socket.events.length = 0;
    }

    const send = async (k: number, measured: boolean) => {
      const pair = k % PAIRS;
      const message: Sent = { clientId: randomUUID(), recipient: pair, measured, started: wall() };
      sent.set(message.clientId, message);
      try {
        const response = await fetch(`${a!.url}/api/messages/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${senders[pair]!.token}` },
          body: JSON.stringify({ recipientId: recipients[pair]!.id, content: `Benchmark message ${k}`, clientId: message.clientId }),
        });
        const body = (await response.json()) as { message?: { createdAt: string } };
        message.answered = wall();
        message.status = response.status;
        if (body.message) message.createdAt = Date.parse(body.message.createdAt);
      } catch {
        message.answered = wall();
        message.status = 0;
      }
      message.arrived ??= early.get(message.clientId);
    };

    // Open loop: message k is due at start + k / RATE whatever the answers to the earlier ones; sender k % PAIRS sends it.
    const total = (WARM_UP_SECONDS + SECONDS) * RATE;
    const warmUp = WARM_UP_SECONDS * RATE;
    const inFlight: Promise<void>[] = [];
    const start = wall();
    let k = 0;
    while (k < total) {
      const now = wall();
      while (k < total && start + (k * 1000) / RATE <= now) {
        inFlight.push(send(k, k >= warmUp));
        k += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const measuredFrom = start + WARM_UP_SECONDS * 1000;
    const measuredUntil = start + (WARM_UP_SECONDS + SECONDS) * 1000;
    await Promise.all(inFlight);
    const lastAnswer = wall();
    const all = [...sent.values()];
    while (all.some((m) => m.status === 201 && m.arrived === undefined) && wall() - lastAnswer < DRAIN_MS) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }

    // The commit instants of the stored messages (after the run, so the reading costs the run nothing).
    const commits = new pg.Client({ connectionString: databaseUrl });
    await commits.connect();
    const { rows: committed } = await commits.query<{ client_id: string; at: number }>(
      `select client_id, extract(epoch from pg_xact_commit_timestamp(xmin)) * 1000 as at from messages where client_id is not null`,
    );
    await commits.end();
    for (const row of committed) {
      const message = sent.get(row.client_id);
      if (message) message.committed = Number(row.at);
    }

    const measured = all.filter((m) => m.measured);
    const created = measured.filter((m) => m.status === 201);
    const delivered = created.filter((m) => m.arrived !== undefined);
    const lost = created.length - delivered.length;
    const refused = measured.length - created.length;
    const sentInWindow = created.filter((m) => m.answered! >= measuredFrom && m.answered! < measuredUntil).length;
    const deliveredInWindow = delivered.filter((m) => m.arrived! >= measuredFrom && m.arrived! < measuredUntil).length;
    const sentRate = sentInWindow / SECONDS;
    const deliveredRate = deliveredInWindow / SECONDS;

    const fromCommit = sortedLoad(delivered.map((m) => m.arrived! - m.committed!), deliveredInWindow, SECONDS, lost);
    const fromCreatedAt = sortedLoad(delivered.map((m) => m.arrived! - m.createdAt!), deliveredInWindow, SECONDS, lost);
    const fromAnswer = sortedLoad(delivered.map((m) => m.arrived! - m.answered!), deliveredInWindow, SECONDS, lost);
    const fromSend = sortedLoad(delivered.map((m) => m.arrived! - m.started), deliveredInWindow, SECONDS, lost);
    const answers = sortedLoad(created.map((m) => m.answered! - m.started), sentInWindow, SECONDS, refused);
    const sendToCreatedAt = sortedLoad(created.map((m) => m.createdAt! - m.started), sentInWindow, SECONDS, refused);
    const createdToCommit = sortedLoad(created.map((m) => m.committed! - m.createdAt!), sentInWindow, SECONDS, refused);
    const commitToAnswer = sortedLoad(created.map((m) => m.answered! - m.committed!), sentInWindow, SECONDS, refused);
    const arrivedBeforeAnswer = delivered.filter((m) => m.arrived! < m.answered!).length;

    const rows: Row[] = [
      {
        call: 'commit on A → arrival on B',
        load: fromCommit,
        goal: `p95 ≤ ${GOAL_P95_MS} ms`,
        result: fromCommit.p95 <= GOAL_P95_MS ? 'PASS' : 'MISS',
      },
      { call: '  createdAt → arrival (upper bound)', load: fromCreatedAt, goal: '—', result: '(reported)' },
      { call: "  A's 201 answer → arrival (lower bound)", load: fromAnswer, goal: '—', result: `(reported; ${arrivedBeforeAnswer} before the answer)` },
      { call: 'POST /api/messages/send on A (send → 201)', load: answers, goal: '—', result: '(reported)' },
      { call: '  of which send → createdAt (auth, access)', load: sendToCreatedAt, goal: '—', result: '(reported)' },
      { call: '  of which createdAt → commit', load: createdToCommit, goal: '—', result: '(reported)' },
      { call: '  of which commit → 201 at the client', load: commitToAnswer, goal: '—', result: '(reported)' },
      { call: 'send → arrival on B', load: fromSend, goal: '—', result: '(reported)' },
      {
        call: 'messages per second sustained',
        load: null,
        goal: `${RATE}/s offered`,
        result: `${sentRate.toFixed(1)} sent (201), ${deliveredRate.toFixed(1)} delivered on B`,
      },
      { call: `messages lost (of ${created.length} sent)`, load: null, goal: '0', result: `${lost}: ${lost === 0 ? 'PASS' : 'FAIL'}` },
      { call: 'answers other than 201', load: null, goal: '0', result: `${refused}: ${refused === 0 ? 'PASS' : 'FAIL'}` },
    ];
    printLoadTable(`Realtime across two instances on one PostgreSQL (measured: ${measured.length} messages; req/s = per second over the ${SECONDS} s)`, rows);
  } finally {
    await Promise.all(sockets.map((socket) => socket.close().catch(() => undefined)));
    await Promise.all(servers.map((server) => server.stop()));
    cluster.stop();
  }
}
