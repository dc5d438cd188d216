import { randomBytes, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { users } from '#server/auth/auth.tables.ts';
import { systemClock } from '#server/platform/clock.ts';
import { openPostgres, type Database } from '#server/platform/db/client.ts';
import { INSTANCE_STALE_MS } from '#server/platform/realtime/presence.ts';
import { realtimeInstances, realtimePresence } from '#server/platform/realtime/realtime.tables.ts';
import { TEST_CLOCK_PATH } from '#server/platform/test-clock.routes.ts';
import { photos } from '#server/profiles/profiles.tables.ts';
import { chatPaths } from '#shared/api/chat.ts';
import { requestBody } from '#tests/support/bookings.ts';
import { startServerProcess, type ServerProcess } from '#tests/support/e2e-server.ts';
import { connect, fence, type RealtimeClient } from '#tests/support/realtime.ts';
import { createSlot } from '#tests/support/slots.ts';

/**
 * Two real server processes (`node src/server/main.ts`, as `npm start` runs it) over one
 * PostgreSQL database: what a member does through one reaches a partner's socket on the other, and
 * an instance killed outright (SIGKILL: no shutdown, no cleanup) is swept by the survivor, its
 * members offline for their partners. The in-process variants are in multi-instance-realtime.test.ts.
 */

/** Both processes start at once, but compiling and migrating is slow on a busy machine. */
const STARTUP_MS = 150_000;
/** The sweep runs on A's job poll (every few seconds of real time) once A's clock has moved on. */
const SWEEP_WAIT_MS = 45_000;

const adminUrl = inject('pgAdminUrl');
const databaseName = `rv_test_${randomBytes(6).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let database: Database | undefined;
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
const sockets: RealtimeClient[] = [];

beforeAll(async () => {
  // A fresh database, copied from the suite's migrated template (each process migrates again: nothing to do).
  await admin((client) => client.query(`CREATE DATABASE ${databaseName} TEMPLATE ${inject('pgTemplate')}`));
  database = openPostgres(databaseUrl);
  const env = { DATABASE_URL: databaseUrl, TEST_CLOCK: '1', LOG_LEVEL: 'warn', DEMO_MEMBERS: '0' };
  const started = await Promise.allSettled([startServerProcess({ env, quiet: true }), startServerProcess({ env, quiet: true })]);
  [a, b] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}, STARTUP_MS);

afterAll(async () => {
  await Promise.allSettled(sockets.map((client) => (client.socket.readyState === client.socket.CLOSED ? null : client.close())));
  await Promise.allSettled([a?.stop(), b?.stop()]);
  await database?.close();
  await admin(async (client) => {
    // The processes are gone; a killed one's connections end with it. FORCE ends any straggler.
    await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  });
}, STARTUP_MS);

async function call(server: ServerProcess, method: string, apiPath: string, options: { body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${server.url}/api${apiPath}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as any };
}

/** The token of the verification link the server wrote to its outbox (no SMTP_URL) for this address. */
async function mailedVerificationToken(server: ServerProcess, email: string): Promise<string> {
  const outbox = path.join(server.dataDir, 'outbox');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files) {
      const text = await readFile(path.join(outbox, file), 'utf8');
      if (!text.includes(`\nTo: ${email}\n`) || !/^Subject: .*Confirm/m.test(text)) continue;
      const link = text.match(/https?:\/\/\S+/)?.[0];
      if (link) return new URL(link).searchParams.get('token')!;
    }
    if (Date.now() > deadline) throw new Error(`no verification mail for ${email} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Member = { id: string; token: string };

/** Registered and verified through the server's API, with what booking needs (bio, an interest, a photo row). */
async function bookableMember(server: ServerProcess, name: string): Promise<Member> {
  const email = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const registered = await call(server, 'POST', '/auth/register', {
    body: {
      accountType: 'individual',
      email,
      password: 'correct horse battery',
      name,
      age: 30,
      gender: 'female',
      location: { city: 'Vancouver', country: 'Canada', coordinates: null },
    },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const verified = await call(server, 'POST', '/auth/verify-email', { body: { token: await mailedVerificationToken(server, email) } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const member = { id: registered.body.user._id as string, token: registered.body.token as string };
  // Photos and profile details have their own tests; here they are only what booking needs.
  await database!.db.update(users).set({ bio: 'Coffee first, then a walk.', interests: ['Coffee'] }).where(eq(users.id, member.id));
  await database!.db.insert(photos).values({ userId: member.id, storageKey: `${randomUUID()}.webp`, width: 10, height: 10, createdAt: new Date() });
  return member;
}

/** Host and guest with a confirmed booking between them: chat partners. */
async function partners(server: ServerProcess) {
  const [host, guest] = await Promise.all([bookableMember(server, 'Host'), bookableMember(server, 'Guest')]);
  const slotId = await createSlot({ database: database!, clock: systemClock }, host, { startsInHours: 24 });
  const requested = await call(server, 'POST', '/bookings/request', { token: guest.token, body: requestBody(slotId) });
  expect(requested.status, JSON.stringify(requested.body)).toBe(201);
  const confirmed = await call(server, 'POST', `/bookings/${requested.body.booking._id}/respond`, { token: host.token, body: { action: 'confirm' } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { host, guest };
}

async function socketOn(server: ServerProcess, member: Member) {
  const client = await connect(server.url, member.token);
  sockets.push(client);
  return client;
}

describe('two server processes over one PostgreSQL database', () => {
  it('messages, presence and typing cross between them; a killed process’s members go offline once the other sweeps it', async () => {
    const { host, guest } = await partners(a!);
    const hostOnA = await socketOn(a!, host);
    const guestOnB = await socketOn(b!, guest);

    // Presence: the guest's first connection anywhere (here on B) reaches the host on A.
    expect(await hostOnA.next('userOnline')).toEqual({ type: 'userOnline', userId: guest.id });

    // A message sent through B's HTTP API reaches the host's socket on A.
    const content = `See you at the café ${randomUUID().slice(0, 6)}`;
    const sent = await call(b!, 'POST', chatPaths.send, { token: guest.token, body: { recipientId: host.id, content } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const received = await hostOnA.next('message');
    expect(received.message).toMatchObject({ _id: sent.body.message._id, content });

    // Typing on B's socket reaches the host on A.
    guestOnB.send({ type: 'typing', recipientId: host.id, conversationId: '' });
    expect(await hostOnA.next('userTyping')).toMatchObject({ userId: guest.id });

    // B dies outright: no shutdown, its presence rows stay behind.
    b!.child.kill('SIGKILL');
    await b!.exited;
    expect(b!.child.signalCode).toBe('SIGKILL');
    expect((await guestOnB.closed).code).toBe(1006);
    const guestRows = () => database!.db.select().from(realtimePresence).where(eq(realtimePresence.userId, guest.id));
    expect(await guestRows()).toHaveLength(1);
    // Nothing announced the guest offline by itself (NOTIFY delivers in commit order: the fence comes after anything earlier).
    await fence(database!, [{ id: host.id, client: hostOnA }]);
    expect(hostOnA.events.filter((event) => event.type === 'userOffline')).toEqual([]);

    // Time passes on A beyond the limit: A keeps heartbeating, B is silent. A's sweep (a recurring
    // job on its poll) takes B away, and with it the guest, offline for the host.
    const moved = await call(a!, 'POST', TEST_CLOCK_PATH, { body: { advanceMs: INSTANCE_STALE_MS + 1_000 } });
    expect(moved.status).toBe(200);
    expect(await hostOnA.next('userOffline', undefined, { timeoutMs: SWEEP_WAIT_MS })).toEqual({ type: 'userOffline', userId: guest.id });
    expect(await guestRows()).toEqual([]);
    // Only A is left registered, with the host still online on it.
    expect(await database!.db.select({ id: realtimeInstances.id }).from(realtimeInstances)).toHaveLength(1);
    expect(await database!.db.select().from(realtimePresence).where(eq(realtimePresence.userId, host.id))).toHaveLength(1);
  }, 90_000);
});
