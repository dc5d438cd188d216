import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '#server/app.ts';
import { openPostgres, type Database } from '#server/platform/db/client.ts';
import { fixedClock } from '#server/platform/clock.ts';
import { createMailer } from '#server/platform/mail/mailer.ts';
import { configuredStorage } from '#server/platform/storage-configured.ts';
import { folderStorage, type FileStorage } from '#server/platform/storage.ts';
import { DEFAULT_PUSH_ALLOWED_HOSTS, parseAllowedHosts } from '#server/push/push-hosts.ts';
import type { PushDeps } from '#server/push/push.service.ts';
import webpush from 'web-push';
import { startS3Server, type S3Server } from './s3-server.ts';
import { linkIn, startSmtpSink } from './smtp-sink.ts';
import { openTestDatabase } from './test-db.ts';

export const PUBLIC_URL = 'http://rendezvous.test';
export const SUPPORT_EMAIL = 'support@rendezvous.test';
export const START = new Date('2026-11-23T12:00:00Z');
/**
 * Every test member registers from 127.0.0.1 on a clock that barely moves, so the test servers
 * (this one and the process one, REGISTRATIONS_PER_IP) allow this many accounts per hour instead of 5.
 */
export const TEST_REGISTRATIONS_PER_IP = 10_000;

export type ApiAnswer<T = any> = { status: number; body: T; headers: Headers };

async function answerOf(response: Response): Promise<ApiAnswer> {
  const text = await response.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: response.status, body, headers: response.headers };
}

/**
 * The whole API on a real loopback port, with its own fresh database, a real SMTP sink for its
 * mail and a clock the test moves. One per test file.
 */
export async function startTestApp(
  options: {
    adminEmails?: string[];
    database?: Database;
    push?: Partial<PushDeps>;
    logger?: FastifyBaseLogger;
    backups?: { dir: string; keep: number };
    /** Accounts 127.0.0.1 may open per hour: TEST_REGISTRATIONS_PER_IP unless a test checks the limit itself. */
    registrationsPerIp?: number;
    trustProxy?: string[];
    /**
     * Where uploads go: a temp folder, or a bucket of a local S3 server (s3rver) started for this
     * app. TEST_STORAGE=s3 (the api-s3 project) makes the bucket the default.
     */
    storage?: 'folder' | 's3';
    /** STORAGE_PUBLIC_URL: photo URLs point there instead of the API. */
    photoPublicUrl?: string | ((s3: S3Server) => string);
    /** false: left starting, as a server is until it has started (the test calls `app.readiness.ready()`). */
    ready?: boolean;
  } = {},
) {
  const sink = await startSmtpSink();
  // Several instances over one database: pass the same database's own connection to each.
  const database: Database & { url?: string } = options.database ?? (await openTestDatabase());
  const clock = fixedClock(START);
  const photoDir = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-photos-'));
  const s3 = (options.storage ?? process.env.TEST_STORAGE) === 's3' ? await startS3Server() : null;
  const photoPublicUrl = typeof options.photoPublicUrl === 'function' ? options.photoPublicUrl(s3!) : options.photoPublicUrl;
  // As the server makes it from STORAGE_URL=s3://<bucket>/photos.
  const photoStorage: FileStorage = s3
    ? configuredStorage({ dataDir: photoDir, objectStore: { ...s3.settings({ prefix: 'photos/' }), publicUrl: photoPublicUrl } })
    : folderStorage(photoDir);
  const app = await buildApp({
    database,
    clock,
    mailer: createMailer({ smtpUrl: sink.url, from: 'Rendezvous <no-reply@rendezvous.test>', outboxDir: '', log: pino({ level: 'silent' }) }),
    photoStorage,
    photoPublicUrl,
    publicUrl: PUBLIC_URL,
    adminEmails: new Set(options.adminEmails ?? []),
    supportEmail: SUPPORT_EMAIL,
    logger: options.logger,
    backups: options.backups,
    checkAnswers: true,
    registrationsPerIp: options.registrationsPerIp ?? TEST_REGISTRATIONS_PER_IP,
    passwordCost: 'fast',
    trustProxy: options.trustProxy,
    push: {
      vapid: { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@rendezvous.test' },
      allowedHosts: parseAllowedHosts(DEFAULT_PUSH_ALLOWED_HOSTS),
      ...options.push,
    },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  if (options.ready !== false) app.readiness.ready();

  async function call<T = any>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | undefined = options.rawBody;
    if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    return answerOf(await fetch(`${url}/api${path}`, { method, headers, body: payload }));
  }

  /** POST /users/photos as a browser sends it: real multipart, one `photos` part per file (or `field`). */
  async function upload<T = any>(
    token: string | undefined,
    files: { name: string; bytes: Uint8Array; type?: string }[],
    field = 'photos',
  ): Promise<ApiAnswer<T>> {
    const form = new FormData();
    for (const file of files) form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    return answerOf(await fetch(`${url}/api/users/photos`, { method: 'POST', headers, body: form }));
  }

  let counter = 0;
  /** A registration payload that passes every rule; override what a test is about. */
  function registration(overrides: Record<string, unknown> = {}) {
    counter += 1;
    return {
      accountType: 'individual',
      email: `member${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`,
      password: 'correct horse battery',
      name: `Member ${counter}`,
      age: 30,
      gender: 'female',
      location: { city: 'Vancouver', country: 'Canada', coordinates: null },
      ...overrides,
    };
  }

  async function register(overrides: Record<string, unknown> = {}) {
    const payload = registration(overrides);
    const answer = await call('POST', '/auth/register', { body: payload });
    if (answer.status !== 201) throw new Error(`register failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return { ...answer.body, email: payload.email as string, password: payload.password as string };
  }

  /** The token of the newest verification (or reset) link mailed to an address. */
  async function mailedToken(email: string, subjectPart: string) {
    const mail = await sink.waitFor((m) => m.to.includes(email.toLowerCase()) && m.subject.includes(subjectPart));
    return new URL(linkIn(mail)).searchParams.get('token')!;
  }

  async function verifiedMember(overrides: Record<string, unknown> = {}) {
    const member = await register(overrides);
    const token = await mailedToken(member.email, 'Confirm');
    const verified = await call('POST', '/auth/verify-email', { body: { token } });
    if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
    return member;
  }

  return {
    url,
    app,
    sink,
    clock,
    database,
    /** The upload folder when storage is the folder (empty otherwise): prefer `photoStorage`. */
    photoDir,
    photoStorage,
    /** The local S3 server, when storage is a bucket. */
    s3,
    call,
    upload,
    registration,
    register,
    verifiedMember,
    mailedToken,
    async close() {
      await app.close();
      await database.close();
      await sink.close();
      await s3?.close();
      rmSync(photoDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** One more instance over `first`'s PostgreSQL database, with its own pool, listeners and port. */
export function startAnotherInstance(first: TestApp, options: Omit<NonNullable<Parameters<typeof startTestApp>[0]>, 'database'> = {}): Promise<TestApp> {
  return startTestApp({ ...options, database: openPostgres(first.database.url!) });
}
