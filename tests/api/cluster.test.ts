import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import webpush from 'web-push';
import { users } from '#server/auth/auth.tables.ts';
import { systemClock } from '#server/platform/clock.ts';
import { jobs } from '#server/platform/jobs/jobs.tables.ts';
import { PUSH_JOB } from '#server/push/push.service.ts';
import { messages as chatMessages } from '#server/chat/chat.tables.ts';
import { photos } from '#server/profiles/profiles.tables.ts';
import { authPaths } from '#shared/api/auth.paths.ts';
import { chatPaths } from '#shared/api/chat.ts';
import { flushOutbox, type OutboxAnswer, type OutboxChange, type OutboxQueue } from '#shared/domain/outbox.ts';
import { requestBody } from '#tests/support/bookings.ts';
import { startServerProcess, type ServerProcess } from '#tests/support/e2e-server.ts';
import { freePort } from '#tests/support/free-port.ts';
import { checkShippedConfig, startNginx, type Nginx } from '#tests/support/nginx.ts';
import { startPushSink, type PushSink } from '#tests/support/push-sink.ts';
import { connect, fence, type RealtimeClient } from '#tests/support/realtime.ts';
import { startS3Server, type S3Server } from '#tests/support/s3-server.ts';
import { createSlot } from '#tests/support/slots.ts';
import { throwawayPostgres } from '#tests/support/throwaway-postgres.ts';
import { browserKeys, decryptPush, subscriptionJson, verifyVapid, type BrowserKeys } from '#tests/support/web-push-decrypt.ts';

/**
 * The deployment of docs/deploy.md on this machine, real parts only: Debian's nginx with the shipped
 * configuration (deploy/nginx; tests/support/nginx.ts) in front of two server processes as
 * `npm start` runs them, one PostgreSQL, one S3-protocol server (s3rver), and a push service
 * (a loopback HTTPS sink, trusted by the processes through NODE_EXTRA_CA_CERTS). Every step talks to
 * the proxy only. The test's server block adds one header, the instance that answered
 * (`$upstream_addr`, "B, A" when nginx passed a request on), so each step can say which one did.
 * The steps run in order and build on each other.
 */

/** Both processes start at once, but compiling and migrating is slow on a busy machine. */
const STARTUP_MS = 150_000;
const UPSTREAM_HEADER = 'x-upstream-addr';
const WAIT_MS = 15_000;

let database: Awaited<ReturnType<typeof throwawayPostgres>> | undefined;
let s3: S3Server | undefined;
let sink: PushSink | undefined;
let certDir: string | undefined;
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
let proxy: Nginx | undefined;
const sockets: RealtimeClient[] = [];
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@rendezvous.example' };

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
  // What docs/deploy.md asks of every instance: one database, one bucket, one VAPID key pair, the
  // proxy's address as PUBLIC_URL.
  const env = {
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
    startServerProcess({ port: portA, env, quiet: true }),
    startServerProcess({ port: portB, env, quiet: true }),
    startNginx({
      port: proxyPort,
      upstreams: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`],
      serverLines: [`add_header ${UPSTREAM_HEADER} $upstream_addr always;`],
    }),
  ]);
  const value = <T,>(result: PromiseSettledResult<T>) => (result.status === 'fulfilled' ? result.value : undefined);
  a = value(started[0]) as ServerProcess | undefined;
  b = value(started[1]) as ServerProcess | undefined;
  proxy = value(started[2]) as Nginx | undefined;
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}, STARTUP_MS);

afterAll(async () => {
  await Promise.allSettled(sockets.map((client) => (client.socket.readyState === client.socket.CLOSED ? null : client.close())));
  await Promise.allSettled([proxy?.stop(), a?.stop(), b?.stop()]);
  await Promise.allSettled([database?.close(), s3?.close(), sink?.close()]);
  if (certDir) rmSync(certDir, { recursive: true, force: true });
}, STARTUP_MS);

type Answer = { status: number; body: any; headers: Headers; upstream: string };

/** A request through the proxy; `upstream` names who answered: 'A', 'B', or 'B, A' when nginx passed it on. */
async function viaProxy(method: string, apiPath: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${proxy!.url}/api${apiPath}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  return { status: response.status, body: await response.json().catch(() => null), headers: response.headers, upstream: instancesOf(response.headers.get(UPSTREAM_HEADER)) };
}

function instancesOf(upstreamAddr: string | null): string {
  return (upstreamAddr ?? '')
    .split(', ')
    .map((address) => (address === `127.0.0.1:${a!.port}` ? 'A' : address === `127.0.0.1:${b!.port}` ? 'B' : address))
    .join(', ');
}

/**
 * nginx (one worker) takes its instances in turn: after an answer from the other one, the next
 * request goes to `target`. Health checks move the turn without touching anything.
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

async function socketThroughProxy(who: Member) {
  const client = await connect(proxy!.url, who.token);
  sockets.push(client);
  return client;
}

let host: Member;
let guest: Member;
let hostSocket: RealtimeClient;
const sent: string[] = [];

describe('the cluster: nginx, two server processes, one PostgreSQL, one object store', () => {
  it('a photo uploaded by a member lands in the object store and is served by both instances', async () => {
    [host, guest] = await Promise.all([member('Host'), member('Guest')]);
    // Noise: large enough (~0.3 MB) that nginx buffers the upload and the answer in its temp files.
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

    const served = await Promise.all(
      [0, 1].map(async () => {
        const photo = await fetch(`${proxy!.url}${url}`);
        return { status: photo.status, type: photo.headers.get('content-type'), upstream: instancesOf(photo.headers.get(UPSTREAM_HEADER)), bytes: Buffer.from(await photo.arrayBuffer()) };
      }),
    );
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

  it('a chat message sent through one instance reaches a socket held by the other', async () => {
    await nextGoesTo('B');
    hostSocket = await socketThroughProxy(host);

    for (const through of ['A', 'B']) {
      const content = `Message ${sent.length + 1} ${randomUUID().slice(0, 6)}`;
      const answer = await viaProxy('POST', chatPaths.send, { token: guest.token, body: { recipientId: host.id, content } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.upstream).toBe(through);
      expect((await hostSocket.next('message')).message).toMatchObject({ _id: answer.body.message._id, content });
      sent.push(content);
    }
    // The socket is on B: it ends when B does, below.
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

  it('an instance killed with SIGKILL: reads go on, the socket reconnects to the survivor, the outbox’s changes are stored once', async () => {
    // The app's outbox, as the page and the service worker run it (flushOutbox), sending through the proxy.
    const changes = new Map<string, OutboxChange>();
    const queue: OutboxQueue = {
      list: async (memberId) => [...changes.values()].filter((change) => change.memberId === memberId).sort((x, y) => x.seq - y.seq),
      put: async (change) => void changes.set(change.id, change),
      remove: async (change) => void changes.delete(change.id),
    };
    const attempts: (OutboxAnswer & { key: string; upstream: string; replayed: boolean })[] = [];
    const send = async (change: OutboxChange): Promise<OutboxAnswer> => {
      const answer = await viaProxy(change.method, change.path, { token: guest.token, body: change.body, headers: { 'idempotency-key': change.id } });
      attempts.push({ status: answer.status, body: answer.body, key: change.id, upstream: answer.upstream, replayed: answer.headers.get('idempotent-replayed') === 'true' });
      return { status: answer.status, body: answer.body };
    };
    const queued = [3, 4].map((n, seq) => {
      const content = `Message ${n} ${randomUUID().slice(0, 6)}`;
      const change: OutboxChange = {
        id: randomUUID(),
        memberId: guest.id,
        seq,
        kind: 'chat.send',
        method: 'POST',
        path: chatPaths.send,
        body: { recipientId: host.id, content },
        createdAt: new Date().toISOString(),
        invalidates: [],
        state: 'waiting',
      };
      changes.set(change.id, change);
      return change;
    });

    // B crashes with requests in its hands: frozen (SIGSTOP) so that a read and the outbox's first
    // send reach it and wait there, then killed outright.
    await nextGoesTo('B');
    process.kill(b!.child.pid!, 'SIGSTOP');
    const reading = viaProxy('GET', chatPaths.conversation(guest.id), { token: host.token });
    await until(() => requestsWaitingAt(b!.port) >= 1, 'the read to reach B');
    expect((await viaProxy('GET', '/health')).upstream).toBe('A');
    const flushing = flushOutbox(guest.id, { queue, send });
    await until(() => requestsWaitingAt(b!.port) >= 2, 'the outbox’s send to reach B');
    b!.child.kill('SIGKILL');
    await b!.exited;
    expect(b!.child.signalCode).toBe('SIGKILL');

    // The read was passed on to A (a GET is safe to send twice)…
    const read = await reading;
    expect(read.status).toBe(200);
    expect(read.upstream).toBe('B, A');
    // …the message was not (a POST that reached B may have been applied there): a 502, which the
    // outbox keeps for another try, with the one after it waiting behind.
    expect(await flushing).toEqual({ sent: 0, refused: 0, waiting: 2 });
    expect(attempts).toMatchObject([{ key: queued[0]!.id, status: 502, upstream: 'B' }]);

    // The socket held by B is gone; its reconnect through the proxy lands on the survivor.
    expect((await hostSocket.closed).code).toBe(1006);
    hostSocket = await socketThroughProxy(host);

    // The next requests all succeed, on A.
    for (let i = 0; i < 3; i += 1) {
      const answer = await viaProxy('GET', chatPaths.unreadCount, { token: host.token });
      expect(answer.status).toBe(200);
      expect(answer.upstream).toMatch(/A$/);
    }

    // The outbox's next run sends both, in order, with their keys; both reach the new socket.
    expect(await flushOutbox(guest.id, { queue, send })).toEqual({ sent: 2, refused: 0, waiting: 0 });
    for (const change of queued) {
      const content = (change.body as { content: string }).content;
      expect((await hostSocket.next('message')).message).toMatchObject({ content });
      sent.push(content);
    }
    // A send whose answer was lost is sent again with its key: answered as the first time, stored once.
    const first = attempts.find((attempt) => attempt.key === queued[1]!.id && attempt.status === 201)!;
    const again = await send(queued[1]!);
    expect(again).toEqual({ status: 201, body: first.body });
    expect(attempts.at(-1)!.replayed).toBe(true);

    // One more message after the crash, live on the new socket.
    const last = `Message 5 ${randomUUID().slice(0, 6)}`;
    const answer = await viaProxy('POST', chatPaths.send, { token: guest.token, body: { recipientId: host.id, content: last } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect((await hostSocket.next('message')).message).toMatchObject({ content: last });
    sent.push(last);
    // Nothing else was announced to the host (NOTIFY delivers in commit order: the fence comes after anything earlier).
    await fence(database!, [{ id: host.id, client: hostSocket }]);
    expect(hostSocket.events.filter((event) => event.type === 'message')).toHaveLength(3);

    // Nothing lost, nothing twice: the five messages, once each, in order.
    const thread = await viaProxy('GET', chatPaths.conversation(guest.id), { token: host.token });
    expect(thread.status).toBe(200);
    expect(thread.body.messages.map((message: { content: string }) => message.content)).toEqual(sent);
    const rows = await database!.db.select().from(chatMessages).where(and(eq(chatMessages.senderId, guest.id), eq(chatMessages.recipientId, host.id)));
    expect(rows).toHaveLength(5);
  }, 60_000);
});

/**
 * Connections to this loopback port holding bytes the process has not read: requests waiting in a
 * frozen process's hands (Linux's /proc/net/tcp: local address, state 01 = established, rx queue).
 */
function requestsWaitingAt(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => {
      const [, local, , state, queues] = line.trim().split(/\s+/);
      return local?.endsWith(`:${hexPort}`) && state === '01' && Number.parseInt(queues?.split(':')[1] ?? '0', 16) > 0;
    }).length;
}
