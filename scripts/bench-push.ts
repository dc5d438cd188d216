// The push part of `npm run bench` (`-- --only push`): the real server process on a throw-away
// PostgreSQL, posting real encrypted Web Push requests to a loopback HTTPS sink that stands in for
// the browser push services (the server process trusts its self-signed certificate through
// NODE_EXTRA_CA_CERTS, set for that child process only, and allows it through PUSH_ALLOWED_HOSTS).
// Measured: from sending a booking request to its push arriving at the sink, one request at a time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServerProcess, type ServerProcess } from '../tests/support/e2e-server.ts';
import { startCluster } from '../tests/support/postgres-global-setup.ts';
import { startPushSink } from '../tests/support/push-sink.ts';
import { browserKeys, subscriptionJson } from '../tests/support/web-push-decrypt.ts';
import { percentile } from './bench-api.ts';
import { bookableMembers, migratedDatabase } from './bench-bookings.ts';

const REQUESTS = 50;
const GOAL_P95_MS = 1000;

async function post(server: ServerProcess, route: string, token: string, body: unknown) {
  const response = await fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (response.status >= 300) throw new Error(`${route}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

export async function benchPush() {
  console.log(`\nPush: ${REQUESTS} booking requests, one at a time, each to a host with one device; the time from the request to its push reaching the push service.`);
  const cluster = await startCluster();
  const sink = await startPushSink();
  const certDir = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-bench-push-'));
  let server: ServerProcess | null = null;
  try {
    const databaseUrl = await migratedDatabase(cluster.url, 'rendezvous_bench_push');

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const hosts = await bookableMembers(client, REQUESTS, 'host');
    const guests = await bookableMembers(client, REQUESTS, 'guest');
    const { rows: slots } = await client.query<{ id: string }>(
      `insert into availability_slots (host_id, date, start_time, end_time, time_zone, starts_at, ends_at, date_type, venue, max_bookings, created_at)
       select id, (now() + interval '2 days')::date, '18:00', '19:30', 'America/Vancouver', now() + interval '2 days', now() + interval '2 days 90 minutes', 'coffee', 'Café', 1, now()
       from unnest($1::uuid[]) with ordinality as h(id, n) order by n
       returning id`,
      [hosts.map((h) => h.id)],
    );
    await client.end();

    const certFile = path.join(certDir, 'sink.pem');
    writeFileSync(certFile, sink.cert);
    server = await startServerProcess({
      env: { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', PUSH_ALLOWED_HOSTS: `127.0.0.1:${sink.port}`, NODE_EXTRA_CA_CERTS: certFile },
      quiet: true,
    });
    const endpoints = hosts.map((_, i) => sink.endpoint(`host-${i}`));
    for (const [i, host] of hosts.entries()) await post(server, '/api/push/subscribe', host.token, subscriptionJson(endpoints[i]!, browserKeys()));

    const latencies: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const sent = Date.now();
      await post(server, '/api/bookings/request', guests[i]!.token, {
        availabilityId: slots[i]!.id,
        requestMessage: 'Coffee?',
        proposedVenue: { name: 'Café', address: '', type: 'cafe', priceRange: '$$' },
        paymentResponsibility: { paidBy: 'requester' },
      });
      while (sink.to(endpoints[i]!).length === 0 && Date.now() - sent < 10_000) await new Promise((resolve) => setTimeout(resolve, 2));
      const [arrived] = sink.to(endpoints[i]!);
      latencies.push(arrived ? arrived.at - sent : Number.POSITIVE_INFINITY);
    }
    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p95 = percentile(latencies, 95);
    console.log(`${'figure'.padEnd(62)}${'value'.padStart(12)}${'goal'.padStart(12)}  result`);
    console.log(`${'booking request → its push at the push service, p50'.padEnd(62)}${`${p50} ms`.padStart(12)}${'—'.padStart(12)}  (reported)`);
    console.log(`${'booking request → its push at the push service, p95'.padEnd(62)}${`${p95} ms`.padStart(12)}${`≤ ${GOAL_P95_MS} ms`.padStart(12)}  ${p95 <= GOAL_P95_MS ? 'PASS' : 'MISS'}`);
  } finally {
    await server?.stop();
    await sink.close();
    cluster.stop();
    rmSync(certDir, { recursive: true, force: true });
  }
}
