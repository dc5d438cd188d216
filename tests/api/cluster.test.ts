import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import webpush from 'web-push';
import WebSocket from 'ws';
import { createConnection, type Connection, type ConnectionStatus } from '#app/platform/realtime/connection.ts';
import { users } from '#server/auth/auth.tables.ts';
import { messages as chatMessages } from '#server/chat/chat.tables.ts';
import { systemClock } from '#server/platform/clock.ts';
import { jobs } from '#server/platform/jobs/jobs.tables.ts';
import { announce } from '#server/platform/realtime/announce.ts';
import { photos } from '#server/profiles/profiles.tables.ts';
import { PUSH_JOB } from '#server/push/push.service.ts';
import { authPaths } from '#shared/api/auth.paths.ts';
import { chatPaths } from '#shared/api/chat.ts';
import type { ServerEvent } from '#shared/api/realtime.ts';
import { outboxKeyOf, type OutboxChange, type OutboxQueue } from '#shared/domain/outbox.ts';
import { requestBody } from '#tests/support/bookings.ts';
import { checkShippedConfig, startCaddy, type Caddy } from '#tests/support/caddy.ts';
import { startServerProcess, type ServerProcess } from '#tests/support/e2e-server.ts';
import { freePort } from '#tests/support/free-port.ts';
import { startPushSink, type PushSink } from '#tests/support/push-sink.ts';
import { realtimeUrl } from '#tests/support/realtime.ts';
import { startS3Server, type S3Server } from '#tests/support/s3-server.ts';
import { createSlot } from '#tests/support/slots.ts';
import { throwawayPostgres } from '#tests/support/throwaway-postgres.ts';
import { browserKeys, decryptPush, subscriptionJson, verifyVapid, type BrowserKeys } from '#tests/support/web-push-decrypt.ts';
import { replayOutbox } from '../../sw/outbox-sync.ts';

/**
 * The deployment of docs/deploy.md on this machine, real parts only: Debian's Caddy running the
 * shipped Caddyfile (deploy/caddy; tests/support/caddy.ts) in front of two server processes as
 * `npm start` runs them, one PostgreSQL, one S3-protocol server (s3rver), and a push service
 * (a loopback HTTPS sink, trusted by the processes through NODE_EXTRA_CA_CERTS). Every step talks to
 * the proxy only, and the member's side is the app's own code where it has one: its live
 * connection (createConnection, with the ws package's WebSocket) and its outbox's replay
 * (replayOutbox). The test adds one response header to Caddy's configuration, the instance that
 * answered, so each step can say which one did. The steps run in order and build on each other.
 */

/** Both processes start at once, but compiling and migrating is slow on a busy machine. */
const STARTUP_MS = 150_000;
const UPSTREAM_HEADER = 'x-upstream-addr';
const WAIT_MS = 15_000;
/** Above the shipped health_interval + health_timeout (2 s + 2 s), as docs/deploy.md asks. */
const DRAIN_SECONDS = 5;

let database: Awaited<ReturnType<typeof throwawayPostgres>> | undefined;
let s3: S3Server | undefined;
let sink: PushSink | undefined;
let certDir: string | undefined;
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
let proxy: Caddy | undefined;
/** What docs/deploy.md asks of every instance (set in beforeAll). */
let env: Record<string, string>;
const connections: Connection[] = [];
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@rendezvous.example' };

const startInstance = (port: number, extra: Record<string, string> = {}) => startServerProcess({ port, env: { ...env, ...extra }, quiet: true });

beforeAll(async () => {
  checkShippedConfig();
  [database, s3, sink] = await Promise.all([
    throwawayPostgres(inject('pgAdminUrl'), { prefix: 'rv_cluster', template: inject('pgTemplate') }),
    startS3Server(),
    startPushSink(),
  ]);
  certDir = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-cluster-'));
  writeFileSync(path.join(certDir, 'push-sink.pem'), sink.cert);

  const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
  // One database, one bucket, one VAPID key pair, the proxy's address as PUBLIC_URL.
  env = {
    DATABASE_URL: database.url,
    ...s3.env(),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: vapid.subject,
    PUSH_ALLOWED_HOSTS: `127.0.0.1:${sink.port}`,
    NODE_EXTRA_CA_CERTS: path.join(certDir, 'push-sink.pem'),
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
  };
  const started = await Promise.allSettled([
    // A is the one drained below.
    startInstance(portA, { DRAIN_SECONDS: String(DRAIN_SECONDS) }),
    startInstance(portB),
    startCaddy({
      port: proxyPort,
      upstreams: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`],
      responseHeaders: { [UPSTREAM_HEADER]: '{http.reverse_proxy.upstream.hostport}' },
    }),
  ]);
  const value = <T,>(result: PromiseSettledResult<T>) => (result.status === 'fulfilled' ? result.value : undefined);
  a = value(started[0]) as ServerProcess | undefined;
  b = value(started[1]) as ServerProcess | undefined;
  proxy = value(started[2]) as Caddy | undefined;
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  // Caddy's first health checks ran before the instances listened; until its next ones, it answers
  // a POST 503 at once (a GET waits for an instance, up to lb_try_duration).
  const seen = new Set<string>();
  await until(async () => seen.add((await viaProxy('GET', '/health')).upstream).has('A') && seen.has('B'), 'the proxy to count both instances healthy');
}, STARTUP_MS);

afterAll(async () => {
  for (const connection of connections) connection.stop();
  await Promise.allSettled([proxy?.stop(), a?.stop(), b?.stop()]);
  await Promise.allSettled([database?.close(), s3?.close(), sink?.close()]);
  if (certDir) rmSync(certDir, { recursive: true, force: true });
}, STARTUP_MS);

type Answer = { status: number; body: any; headers: Headers; upstream: string };

/** A request through the proxy; `upstream` names the instance that answered ('A' or 'B'; '' when the proxy answered itself). */
async function viaProxy(method: string, apiPath: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${proxy!.url}/api${apiPath}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  return { status: response.status, body: await response.json().catch(() => null), headers: response.headers, upstream: instanceOf(response.headers.get(UPSTREAM_HEADER)) };
}

function instanceOf(upstreamAddr: string | null | undefined): string {
  if (upstreamAddr === `127.0.0.1:${a!.port}`) return 'A';
  if (upstreamAddr === `127.0.0.1:${b!.port}`) return 'B';
  return upstreamAddr ?? '';
}

/**
 * Caddy (`lb_policy round_robin`) takes the instances it counts healthy in turn: after an answer
 * from the other one, the next request goes to `target`. Its health checks do not move the turn.
 */
async function nextGoesTo(target: 'A' | 'B') {
  for (let tries = 0; tries < 4; tries += 1) if ((await viaProxy('GET', '/health')).upstream !== target) return;
  throw new Error(`the proxy sent four requests in a row to ${target}`);
}

async function until(condition: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + WAIT_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The verification token an instance mailed to this address (no SMTP_URL: into its DATA_DIR/outbox; either instance may have sent it). */
async function mailedVerificationToken(email: string): Promise<string> {
  let token: string | null = null;
  await until(async () => {
    for (const server of [a!, b!]) {
      const outbox = path.join(server.dataDir, 'outbox');
      for (const file of await readdir(outbox).catch(() => [] as string[])) {
        const text = await readFile(path.join(outbox, file), 'utf8');
        if (!text.includes(`\nTo: ${email}\n`) || !/^Subject: .*Confirm/m.test(text)) continue;
        const link = text.match(/https?:\/\/\S+/)?.[0];
        if (link) token = new URL(link).searchParams.get('token');
      }
    }
    return token !== null;
  }, `the verification mail to ${email}`);
  return token!;
}

type Member = { id: string; token: string };

/** Registered and verified through the proxy; the bio and interest booking needs are written directly (their API is tested elsewhere). */
async function member(name: string): Promise<Member> {
  const email = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const registered = await viaProxy('POST', authPaths.register, {
    body: { accountType: 'individual', email, password: 'correct horse battery', name, age: 30, gender: 'female', location: { city: 'Vancouver', country: 'Canada', coordinates: null } },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const verified = await viaProxy('POST', authPaths.verifyEmail, { body: { token: await mailedVerificationToken(email) } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const id = registered.body.user._id as string;
  await database!.db.update(users).set({ bio: 'Coffee first, then a walk.', interests: ['Coffee'] }).where(eq(users.id, id));
  return { id, token: registered.body.token as string };
}

type AppConnection = {
  connection: Connection;
  /** Every event it handed on, in order, across its reconnects. */
  events: ServerEvent[];
  statuses: ConnectionStatus[];
};

/** The app's live connection (createConnection) through the proxy, with the ws package's WebSocket. */
function appConnection(who: Member): AppConnection {
  const app: Omit<AppConnection, 'connection'> = { events: [], statuses: [] };
  class BrowserLike extends WebSocket {
    constructor(url: string) {
      super(url);
      // A browser's WebSocket reports a failed attempt by its close event alone; ws would throw an unheard 'error'.
      this.on('error', () => {});
    }
  }
  const connection = createConnection({
    url: realtimeUrl(proxy!.url),
    token: who.token,
    onEvent: (event) => app.events.push(event),
    onStatus: (status) => app.statuses.push(status),
    WebSocket: BrowserLike as unknown as typeof globalThis.WebSocket,
    events: { window: new EventTarget(), document: Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState }) },
  });
  connections.push(connection);
  return { connection, ...app };
}

const contentsOf = (events: ServerEvent[]) => events.flatMap((event) => (event.type === 'message' ? [event.message.content] : []));

/** Resolves once nothing more is on its way to `who`'s connection: an event announced after everything before it (NOTIFY delivers in commit order) has arrived. */
async function settled(app: AppConnection, who: Member) {
  const marker = `fence-${randomUUID()}`;
  await announce(database!.db, [who.id], { type: 'notification', notificationId: marker, notificationType: 'fence' });
  await until(() => app.events.some((event) => event.type === 'notification' && event.notificationId === marker), 'the fence to reach the connection');
}

/** A queued chat message, as the page's queueChange writes it; `seq` orders the queue. */
function queuedMessage(from: Member, to: Member, content: string, seq: number): OutboxChange {
  return {
    id: randomUUID(),
    memberId: from.id,
    seq,
    kind: 'chat.send',
    method: 'POST',
    path: chatPaths.send,
    body: { recipientId: to.id, content },
    label: 'To Host',
    createdAt: new Date().toISOString(),
    invalidates: [],
    state: 'waiting',
  };
}

/** The outbox's queue interface over a Map, keyed as the IndexedDB store is (Node has no IndexedDB). */
function memoryQueue(): OutboxQueue & { get(change: OutboxChange): OutboxChange | undefined } {
  const store = new Map<string, OutboxChange>();
  return {
    list: async (memberId) =>
      [...store.entries()]
        .filter(([key]) => key.startsWith(`${memberId}:`))
        .sort(([x], [y]) => (x < y ? -1 : 1))
        .map(([, change]) => change),
    put: async (change) => void store.set(outboxKeyOf(change), change),
    remove: async (change) => void store.delete(outboxKeyOf(change)),
    get: (change) => store.get(outboxKeyOf(change)),
  };
}

type Attempt = { method: string; path: string; key: string | null; status: number; upstream: string; replayed: boolean };

/** The fetch the service worker would use, on the proxy's origin; every attempt is noted. */
function proxyFetch(attempts: Attempt[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input), proxy!.url);
    const noted = { method: init?.method ?? 'GET', path: url.pathname, key: new Headers(init?.headers).get('idempotency-key') };
    try {
      const response = await fetch(url, init);
      attempts.push({ ...noted, status: response.status, upstream: instanceOf(response.headers.get(UPSTREAM_HEADER)), replayed: response.headers.get('idempotent-replayed') === 'true' });
      return response;
    } catch (error) {
      attempts.push({ ...noted, status: 0, upstream: '', replayed: false });
      throw error;
    }
  };
}

type Streamed = { method: string; status: number; upstream: string };

/** One member's requests through the proxy, one after another, a read and a write in turn, until stopped (at most a minute). */
function steadyStream(who: Member, other: Member) {
  const answers: Streamed[] = [];
  let stopped = false;
  const running = (async () => {
    const deadline = Date.now() + 60_000;
    for (let i = 0; !stopped && Date.now() < deadline; i += 1) {
      const [method, apiPath] = i % 2 === 0 ? ['GET', chatPaths.unreadCount] : ['POST', chatPaths.markRead(other.id)];
      const answer = await viaProxy(method!, apiPath!, { token: who.token }).catch(() => ({ status: 0, upstream: '' }));
      answers.push({ method: method!, status: answer.status, upstream: answer.upstream });
    }
  })();
  return {
    answers,
    async stop() {
      stopped = true;
      await running;
      return answers;
    },
  };
}

let host: Member;
let guest: Member;
let hostApp: AppConnection;
const sent: string[] = [];

describe('the cluster: Caddy, two server processes, one PostgreSQL, one object store', () => {
  it('a photo uploaded by a member lands in the object store and is served by both instances', async () => {
    [host, guest] = await Promise.all([member('Host'), member('Guest')]);
    // Noise: a large upload (~0.3 MB), streamed through the proxy.
    const jpeg = await sharp(randomBytes(800 * 600 * 3), { raw: { width: 800, height: 600, channels: 3 } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('photos', new Blob([jpeg], { type: 'image/jpeg' }), 'me.jpg');
    const response = await fetch(`${proxy!.url}/api/users/photos`, { method: 'POST', headers: { authorization: `Bearer ${host.token}` }, body: form });
    expect(response.status, await response.clone().text()).toBe(201);
    const url = ((await response.json()) as { photos: { url: string }[] }).photos[0]!.url;
    const key = url.split('/').pop()!;

    const stored = await s3!.storage().get(key);
    expect(stored, `no object ${key} in the bucket`).not.toBeNull();
    expect(stored!.length).toBeGreaterThan(64 * 1024);

    const served = [];
    for (let i = 0; i < 2; i += 1) {
      const photo = await fetch(`${proxy!.url}${url}`);
      served.push({ status: photo.status, type: photo.headers.get('content-type'), upstream: instanceOf(photo.headers.get(UPSTREAM_HEADER)), bytes: Buffer.from(await photo.arrayBuffer()) });
    }
    expect(served.map((photo) => photo.upstream).sort()).toEqual(['A', 'B']);
    for (const photo of served) {
      expect(photo).toMatchObject({ status: 200, type: 'image/webp' });
      expect(photo.bytes.equals(stored!)).toBe(true);
    }
  });

  it('a booking request’s push job runs once, signed with the one VAPID key', async () => {
    const endpoint = sink!.endpoint(`host-${randomUUID().slice(0, 8)}`);
    const keys: BrowserKeys = browserKeys();
    const subscribed = await viaProxy('POST', '/push/subscribe', { token: host.token, body: subscriptionJson(endpoint, keys) });
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200);
    // The guest's profile photo: only the host's upload is under test.
    await database!.db.insert(photos).values({ userId: guest.id, storageKey: `${randomUUID()}.webp`, width: 10, height: 10, createdAt: new Date() });

    const slotId = await createSlot({ database: database!, clock: systemClock }, host, { startsInHours: 24 });
    const requested = await viaProxy('POST', '/bookings/request', { token: guest.token, body: requestBody(slotId) });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);

    // Both instances poll the one queue; the job is done once, and done means never run again.
    const pushJobs = () => database!.db.select().from(jobs).where(eq(jobs.kind, PUSH_JOB));
    await until(async () => (await pushJobs()).some((job) => job.doneAt !== null), 'the push job to be done');
    expect(await pushJobs()).toEqual([expect.objectContaining({ attempts: 1, failedAt: null })]);
    const pushes = sink!.to(endpoint);
    expect(pushes).toHaveLength(1);
    expect(JSON.parse(decryptPush(pushes[0]!.body, keys)).type).toBe('booking_request');
    verifyVapid(pushes[0]!.headers.authorization as string, { publicKey: vapid.publicKey, audience: sink!.origin, nowS: Math.floor(Date.now() / 1000) });

    const confirmed = await viaProxy('POST', `/bookings/${requested.body.booking._id}/respond`, { token: host.token, body: { action: 'confirm' } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  });

  it('a chat message sent through one instance reaches the app’s live connection held by the other', async () => {
    // Its upgrade takes B's turn (Caddy sets no header on a 101): the connection is cut when B is
    // killed, below, and only then.
    await nextGoesTo('B');
    hostApp = appConnection(host);
    await until(() => hostApp.connection.status === 'open', 'the host’s connection to open');

    for (const through of ['A', 'B']) {
      const content = `Message ${sent.length + 1} ${randomUUID().slice(0, 6)}`;
      const answer = await viaProxy('POST', chatPaths.send, { token: guest.token, body: { recipientId: host.id, content } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.upstream).toBe(through);
      await until(() => contentsOf(hostApp.events).includes(content), `${content} to reach the host’s connection`);
      sent.push(content);
    }
    // The connection stays on B: it is cut when B is killed, below.
  });

  it('a rate limit counts across both instances', async () => {
    // Three password-reset mails an hour for one address (unknown addresses count too).
    const email = `nobody-${randomUUID().slice(0, 8)}@example.com`;
    const answers: Answer[] = [];
    for (let i = 0; i < 4; i += 1) answers.push(await viaProxy('POST', authPaths.forgotPassword, { body: { email } }));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(new Set(answers.slice(0, 3).map((answer) => answer.upstream))).toEqual(new Set(['A', 'B']));
    expect(Number(answers[3]!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('an instance drained with SIGTERM: /api/ready answers 503, the proxy’s health check takes it out before it closes, a steady stream of requests sees no failure, and it is back after its restart', async () => {
    const drained = a!;
    const readyOf = async (server: ServerProcess) => {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/ready`);
      return { status: response.status, body: await response.json() };
    };
    const stream = steadyStream(host, guest);
    const servedBy = (from: number) => stream.answers.slice(from).map((answer) => answer.upstream);
    await until(() => new Set(servedBy(0)).size === 2, 'the stream to reach both instances');

    drained.child.kill('SIGTERM');
    await until(async () => (await readyOf(drained)).status === 503, 'A to answer 503 on /api/ready');
    expect((await readyOf(drained)).body).toEqual({ status: 'draining' });
    const drainBegan = stream.answers.length;
    // Round robin over two healthy instances alternates: three answers in a row from B mean the
    // proxy counts A out…
    await until(() => servedBy(drainBegan).slice(-3).join() === 'B,B,B', 'the proxy to stop sending to A');
    // …while A still serves and drains (it answers, directly, until DRAIN_SECONDS are over).
    expect(await readyOf(drained)).toEqual({ status: 503, body: { status: 'draining' } });
    // Then it closes by itself.
    await drained.exited;
    expect(drained.child.exitCode).toBe(0);
    await drained.stop();

    // Started again on its port: the health check brings it back.
    a = await startInstance(drained.port);
    const restarted = stream.answers.length;
    await until(() => servedBy(restarted).includes('A'), 'the proxy to send to the restarted A');

    const answers = await stream.stop();
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(new Set(answers.map((answer) => answer.method))).toEqual(new Set(['GET', 'POST']));
  }, 90_000);

  it('an instance killed with SIGKILL: reads go on, the app’s connection reconnects by itself to the survivor, the outbox’s messages are stored once', async () => {
    // The service worker's replay (replayOutbox) of the guest's queue, through the proxy.
    const queue = memoryQueue();
    const attempts: Attempt[] = [];
    const replay = () => replayOutbox({ token: async () => guest.token, fetch: proxyFetch(attempts), queue, lock: (work) => work() });
    const queued = [3, 4].map((n) => queuedMessage(guest, host, `Message ${n} ${randomUUID().slice(0, 6)}`, Date.now() * 1000 + n));
    for (const change of queued) await queue.put(change);
    // Open since the chat step, through the drain of A.
    expect(hostApp.statuses).toEqual(['connecting', 'open']);

    // B crashes with requests in its hands: frozen (SIGSTOP) so that a read and the outbox's first
    // send reach it and wait there (the replay asks who the member is first: A answers), then
    // killed outright.
    await nextGoesTo('B');
    process.kill(b!.child.pid!, 'SIGSTOP');
    const reading = viaProxy('GET', chatPaths.conversation(guest.id), { token: host.token });
    await until(() => memberRequestsWaitingAt(b!.port) >= 1, 'the read to reach B');
    // Its rejection is awaited below, once the read is in.
    const replaying = replay().catch((error: unknown) => error);
    await until(() => memberRequestsWaitingAt(b!.port) >= 2, 'the outbox’s send to reach B');
    b!.child.kill('SIGKILL');
    await b!.exited;
    expect(b!.child.signalCode).toBe('SIGKILL');

    // The read was passed on to A (a GET is safe to send twice)…
    const read = await reading;
    expect(read).toMatchObject({ status: 200, upstream: 'A' });
    // …the message was not (a POST that reached B may have been applied there): a 502, which the
    // outbox keeps for another try, with the one after it waiting behind.
    expect(await replaying).toEqual(new Error('2 change(s) still waiting'));
    expect(attempts).toMatchObject([
      { method: 'GET', path: '/api/auth/me', status: 200, upstream: 'A' },
      { method: 'POST', path: '/api/messages/send', key: queued[0]!.id, status: 502 },
    ]);

    // The app's connection held by B is cut; it reconnects by itself (its backoff), through the
    // proxy, to the survivor.
    await until(() => hostApp.statuses.length > 2 && hostApp.connection.status === 'open', 'the host’s connection to reconnect');
    expect(hostApp.statuses).toEqual(['connecting', 'open', 'waiting', 'connecting', 'open']);
    const sinceReconnect = hostApp.events.length;

    // The next requests all succeed, on A.
    for (let i = 0; i < 3; i += 1) expect(await viaProxy('GET', chatPaths.unreadCount, { token: host.token })).toMatchObject({ status: 200, upstream: 'A' });

    // The outbox's next run sends both, in order, with their keys; both reach the connection.
    expect(await replay()).toEqual({ sent: 2, refused: 0, waiting: 0 });
    for (const change of queued) {
      const content = (change.body as { content: string }).content;
      await until(() => contentsOf(hostApp.events.slice(sinceReconnect)).includes(content), `${content} to reach the host’s connection`);
      sent.push(content);
    }
    // A send whose outcome the device did not keep (the app closed before marking it sent) is
    // sent again with its key: answered as the first time, stored once.
    await queue.put({ ...queue.get(queued[1]!)!, state: 'waiting' });
    expect(await replay()).toEqual({ sent: 1, refused: 0, waiting: 0 });
    expect(attempts.filter((attempt) => attempt.key === queued[1]!.id)).toMatchObject([
      { status: 201, upstream: 'A', replayed: false },
      { status: 201, upstream: 'A', replayed: true },
    ]);

    // One more message after the crash, live on the reconnected connection.
    const last = `Message 5 ${randomUUID().slice(0, 6)}`;
    const answer = await viaProxy('POST', chatPaths.send, { token: guest.token, body: { recipientId: host.id, content: last } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    sent.push(last);
    // Nothing else on its way to the host: the three messages since the reconnect, once each.
    await settled(hostApp, host);
    expect(contentsOf(hostApp.events.slice(sinceReconnect))).toEqual(sent.slice(2));

    // Nothing lost, nothing twice: the five messages, once each, in order.
    const thread = await viaProxy('GET', chatPaths.conversation(guest.id), { token: host.token });
    expect(thread.status).toBe(200);
    expect(thread.body.messages.map((message: { content: string }) => message.content)).toEqual(sent);
    const rows = await database!.db.select().from(chatMessages).where(and(eq(chatMessages.senderId, guest.id), eq(chatMessages.recipientId, host.id)));
    expect(rows.map((row) => row.content).sort()).toEqual([...sent].sort());
  }, 60_000);
});

/**
 * Caddy's own health check (GET /api/ready, about 100 bytes) also waits in a frozen instance's
 * socket queue; a member's request it passes on carries the member's headers, Authorization and
 * X-Forwarded-*, and is three times that.
 */
const MEMBER_REQUEST_BYTES = 250;

/**
 * Connections to this loopback port holding a member's request the process has not read: requests
 * waiting in a frozen process's hands (Linux's /proc/net/tcp: local address, state 01 =
 * established, rx queue).
 */
function memberRequestsWaitingAt(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => {
      const [, local, , state, queues] = line.trim().split(/\s+/);
      return local?.endsWith(`:${hexPort}`) && state === '01' && Number.parseInt(queues?.split(':')[1] ?? '0', 16) >= MEMBER_REQUEST_BYTES;
    }).length;
}
