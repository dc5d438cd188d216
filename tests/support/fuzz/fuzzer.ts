import fc from 'fast-check';
import type { TestApp } from '../test-app.ts';
import { createChecker, createRequestValidator, type Answer, type Problem, type WireRequest } from './checks.ts';
import { buildFixtures, categoryFor, FUZZ_PASSWORD, freshSession, IdPools, IMAGE_KINDS, makeImages, restoreMember, type IdCategory, type ImageKind, type Session } from './fixtures.ts';
import { arbitraryOf, dayFrom, typesOf, type Hint } from './json-schema.ts';
import { defineKey, mutateValue, mutationsOf, NOWHERE_UUID, type Mutation } from './mutations.ts';
import { operationsOf, type OpenApiDocument, type Operation } from './operations.ts';
import { causeSignature, type ServerLog } from './server-log.ts';

/**
 * A property-based fuzzer of the API in the manner of Schemathesis, on fast-check: for each
 * operation of the published OpenAPI document it generates requests from the document's schemas
 * (valid ones, and ones mutated by the schema of the field they spoil), sends each as a verified
 * member and as an admin (and without a session when the call is public), and checks every
 * answer against the document. A failure shrinks to the smallest request that shows it.
 */

/** The test app's admins: the fuzz admin is one of them (a fresh one whenever a session is lost for good). */
export const FUZZ_ADMIN_EMAILS = Array.from({ length: 400 }, (_, i) => `fuzz-admin-${i}@rendezvous.test`);

export type Who = 'anonymous' | 'member' | 'admin';

/** A generated pointer at a known record, resolved when the request is sent (the pools change as the run goes). */
class KnownRef {
  readonly category: IdCategory | 'any';
  readonly index: number;

  constructor(category: IdCategory | 'any', index: number) {
    this.category = category;
    this.index = index;
  }
}

type UploadFile = { kind: ImageKind; name: string; type: string };
type Generated = {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  upload: { field: string; files: UploadFile[] } | undefined;
  mutations: Mutation[];
};

export type RequestBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string | null }
  | { kind: 'multipart'; field: string; files: UploadFile[] };

/** A request as sent: ids resolved, mutations applied. */
export type FuzzRequest = {
  method: string;
  template: string;
  url: string;
  pathParams: Record<string, unknown>;
  query: Record<string, unknown>;
  body: RequestBody;
  /** What the mutations did, in words. */
  mutations: string[];
};

export type Finding = {
  operation: string;
  who: Who;
  request: FuzzRequest;
  answer: Answer;
  problems: Problem[];
  /** The run's seed (FUZZ_SEED, --seed) … */
  baseSeed: number;
  /** … and fast-check's own for this operation, with the path to the shrunk example. */
  seed: number;
  path: string | null;
  shrinks: number;
};

export type OperationResult = {
  operation: string;
  tried: number;
  findings: Finding[];
  ms: number;
  /** Why the operation was not fuzzed, and what was checked instead. */
  note?: string;
  /** How many answers of each status the run got (shrinking included): how deep the examples went. */
  statuses?: Record<number, number>;
};

export const WEBSOCKET_NOTE =
  'not fuzzed: a WebSocket (101) carries messages after the upgrade, which the document does not describe as requests and answers; the handshake is checked instead';

export type FuzzOptions = {
  /** Examples per operation. */
  runs: number;
  /** fast-check's seed (each operation derives its own from it); random when omitted. */
  seed?: number;
  /** Distinct findings looked for per operation (each shrunk on its own) before moving on. */
  maxFindings?: number;
  /** Time for one operation, shrinking included; what is left unrun past it is skipped. */
  timeLimitMs?: number;
};

const BODY_LIMIT_FOR_FILES = 5;

function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

const safeTest = (pattern: string, text: string) => {
  try {
    return new RegExp(pattern).test(text);
  } catch {
    return true;
  }
};

/** Text that can go into a URL: lone surrogates become U+FFFD (encodeURIComponent throws on them). */
const wellFormed = (text: string) => text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
const asText = (value: unknown) => (typeof value === 'string' ? value : value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value));

/** A deep copy with known ids resolved (own `__proto__` keys kept as keys). */
function resolve(value: unknown, pools: IdPools): unknown {
  if (value instanceof KnownRef) return pools.pick(value.category, value.index);
  if (Array.isArray(value)) return value.map((item) => resolve(item, pools));
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) defineKey(copy, key, resolve((value as Record<string, unknown>)[key], pools));
    return copy;
  }
  return value;
}

/** The GET /api/openapi.json document; read from the app itself (and the failure returned) when that call does not answer it. */
export async function loadDocument(t: TestApp): Promise<{ document: OpenApiDocument; problem?: string }> {
  const response = await fetch(`${t.url}/api/openapi.json`);
  const text = await response.text();
  if (response.status === 200) {
    try {
      const document = JSON.parse(text) as OpenApiDocument;
      if (document.openapi && document.paths) return { document };
    } catch {
      /* reported below */
    }
  }
  return {
    document: (t.app as unknown as { swagger(): OpenApiDocument }).swagger(),
    problem: `GET /api/openapi.json answered ${response.status} ${response.headers.get('content-type')} ${text.slice(0, 300)}`,
  };
}

export type FuzzerSettings = {
  log?: (line: string) => void;
  /**
   * Also fail when a request the document says is not valid gets a 2xx (Schemathesis's
   * negative_data_rejection). Off by default: the checks asked of the pass are the answer's own.
   */
  strict?: boolean;
  /** The test app's error log (createServerLog, passed to startTestApp as its logger): a 500 then names its cause. */
  serverLog?: ServerLog;
};

export async function createFuzzer(t: TestApp, settings: FuzzerSettings = {}) {
  const { document, problem } = await loadDocument(t);
  return new Fuzzer(t, operationsOf(document), problem, settings);
}

/** The request as the server reads it (decoded path values, query strings as parsed), for the strict check. */
function wireOf(request: FuzzRequest): WireRequest {
  const url = new URL(request.url, 'http://fuzz.invalid');
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  const pathParams = Object.fromEntries(Object.entries(request.pathParams).map(([name, value]) => [name, wellFormed(asText(value))]));
  const body = request.body;
  return {
    pathParams,
    query,
    body:
      body.kind === 'json'
        ? body.value === undefined
          ? { kind: 'none' }
          : { kind: 'json', value: JSON.parse(JSON.stringify(body.value)) }
        : body.kind === 'multipart'
          ? { kind: 'multipart' }
          : body,
  };
}

export class Fuzzer {
  private readonly checker = createChecker();
  private readonly pools = new IdPools();
  private sessions: Record<'member' | 'admin', Session> | null = null;
  private readonly suspect = new Set<'member' | 'admin'>();
  private fixturesDirty = true;
  /** A change went through since the member's profile was last restored. */
  private memberMayHaveChanged = false;
  private images: Record<ImageKind, Uint8Array> | null = null;
  private nextAdmin = 0;
  /** Sessions replaced because the old one ended (logout, ban, deletion…). */
  recoveries = 0;
  /** The seed operations derive theirs from when the run gives none. */
  readonly seed = Math.floor(Math.random() * 2 ** 31);
  /** FUZZ_TRACE=1: every request and answer is logged (to see how deep the examples get). */
  private readonly trace = process.env.FUZZ_TRACE === '1';
  /** Fixture steps that failed (the server is changing too): printed, not fatal. */
  readonly warnings: string[] = [];

  private readonly log: (line: string) => void;
  private readonly invalidity: ReturnType<typeof createRequestValidator> | null;

  private readonly t: TestApp;
  readonly operations: Operation[];
  /** Set when GET /api/openapi.json itself did not answer the document. */
  readonly documentProblem: string | undefined;

  constructor(t: TestApp, operations: Operation[], documentProblem: string | undefined, settings: FuzzerSettings = {}) {
    this.t = t;
    this.operations = operations;
    this.documentProblem = documentProblem;
    this.log = settings.log ?? (() => {});
    this.invalidity = settings.strict ? createRequestValidator() : null;
    this.serverLog = settings.serverLog ?? null;
  }

  private readonly serverLog: ServerLog | null;

  /** A server error's problem, told apart from others by what the server logged for it (its cause and line). */
  private withCause(problems: Problem[]): Problem[] {
    const logged = this.serverLog?.drain() ?? [];
    const error = logged[0];
    if (!error) return problems;
    return problems.map((problem) =>
      problem.kind === 'server-error'
        ? { ...problem, signature: `${problem.signature.split(' ').slice(0, 2).join(' ')} ${causeSignature(error)}`, message: `${problem.message} — the server logged: ${error.message}${error.where ? ` (at ${error.where})` : ''}` }
        : problem,
    );
  }

  /** Sessions, images and fixtures: run once before the first operation (fuzzOperation does it when needed). */
  async prepare() {
    this.images ??= await makeImages();
    if (!this.sessions) {
      const member = await freshSession(this.t, { name: 'Fuzz Member' });
      const admin = await freshSession(this.t, { email: this.adminEmail(), name: 'Fuzz Admin' });
      this.sessions = { member, admin };
    }
    await this.ensureSessions(['member', 'admin']);
    // The last operation may have emptied the member's profile (interests, photos, location): booking needs them.
    if (this.memberMayHaveChanged || this.fixturesDirty) {
      this.memberMayHaveChanged = false;
      const restored = await restoreMember(this.t, this.sessions.member);
      if (restored) this.log(`warning: ${restored}`);
    }
    if (this.fixturesDirty) {
      this.fixturesDirty = false;
      const warnings = await buildFixtures(this.t, this.sessions.member, this.sessions.admin, this.pools, this.images);
      for (const warning of warnings) this.log(`warning: ${warning}`);
      this.warnings.push(...warnings);
    }
  }

  private adminEmail(): string {
    const email = FUZZ_ADMIN_EMAILS[this.nextAdmin % FUZZ_ADMIN_EMAILS.length]!;
    this.nextAdmin += 1;
    return this.nextAdmin > FUZZ_ADMIN_EMAILS.length ? email.replace('@', `+${this.nextAdmin}@`) : email;
  }

  private async call(method: string, path: string, token?: string, body?: unknown) {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.t.url}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: response.status, body: json };
  }

  /** Keeps a live member and admin session: a suspect one is checked, signed in again, or replaced by a fresh account. */
  private async ensureSessions(whos: ('member' | 'admin')[]) {
    const sessions = this.sessions!;
    for (const who of whos) {
      if (!this.suspect.has(who)) continue;
      this.suspect.delete(who);
      const session = sessions[who];
      if ((await this.call('GET', '/auth/me', session.token)).status === 200) continue;
      const login = await this.call('POST', '/auth/login', undefined, { email: session.email, password: session.password });
      if (login.status === 200 && typeof login.body?.token === 'string') {
        sessions[who] = { ...session, token: login.body.token };
        if ((await this.call('GET', '/auth/me', login.body.token)).status === 200) continue;
      }
      sessions[who] = await freshSession(this.t, who === 'admin' ? { email: this.adminEmail(), name: 'Fuzz Admin' } : { name: 'Fuzz Member' });
      this.recoveries += 1;
      this.fixturesDirty = true;
    }
    this.pools.setFixed('user', [...new Set([sessions.member.id, sessions.admin.id, ...this.pools.list('user').slice(0, 3)])]);
  }

  private async tokenOf(who: Who): Promise<string | undefined> {
    if (who === 'anonymous') return undefined;
    await this.ensureSessions([who]);
    return this.sessions![who].token;
  }

  /** Plausible values for fields the schema alone would rarely get right: known ids, e-mails, dates, times, zones, cards. */
  private hintFor(operation: Operation): Hint {
    return ({ name, schema }) => {
      if (!name) return undefined;
      const isText = typesOf(schema).includes('string') || (!schema.type && !schema.enum);
      if (!isText || schema.enum) return undefined;
      const category = categoryFor(operation.path, name);
      // Ids are uuids here: a field whose pattern takes none (a 32-hex visitor id) is left to its schema.
      const takesUuid = !schema.pattern || safeTest(schema.pattern, NOWHERE_UUID);
      if (category && takesUuid) return fc.nat({ max: 40 }).map((index) => new KnownRef(category, index));
      if (/email$/i.test(name)) {
        return fc.oneof(
          fc.nat({ max: 5 }).map((index) => new KnownRef('email', index)),
          fc.uuid({ version: 4 }).map((uuid) => `fuzz-${uuid.slice(0, 8)}@example.com`),
        );
      }
      if (name === 'password') return fc.constant(FUZZ_PASSWORD);
      if (name === 'cardNumber') return fc.constantFrom('4242424242424242', '4000000000000002', '4000000000000341', '4242 4242 4242 4242');
      if (name === 'expiryDate') return fc.constantFrom('12/30', '01/27', '13/30', '12/20');
      if (name === 'cvv') return fc.constantFrom('123', '1234');
      if (/date$/i.test(name)) return fc.integer({ min: -3, max: 60 }).map(dayFrom);
      if (/^(startTime|endTime)$/.test(name)) {
        return fc.integer({ min: 0, max: 95 }).map((quarter) => `${String(Math.floor(quarter / 4)).padStart(2, '0')}:${String((quarter % 4) * 15).padStart(2, '0')}`);
      }
      if (name === 'zone') return fc.constantFrom('America/Vancouver', 'Europe/Paris', 'UTC', 'Asia/Kolkata', 'America/St_Johns', 'Etc/GMT+12');
      if (name === 'city') return fc.constantFrom('Vancouver', 'Toronto', 'Montréal', 'Paris');
      if (name === 'q') return fc.constantFrom('Van', 'Toronto', 'Par', 'São Paulo');
      if (name === 'endpoint') return fc.constantFrom('https://fcm.googleapis.com/fcm/send/fuzz', 'https://updates.push.services.mozilla.com/wpush/v2/fuzz', 'https://evil.example.com/push');
      if (name === 'link' || name === 'url') return fc.constantFrom('https://example.com/fuzz', 'http://example.com', 'javascript:alert(1)');
      return undefined;
    };
  }

  /** Valid requests from the document's schemas, and (two times in three) the same with one or two mutations. */
  requestArbitrary(operation: Operation): fc.Arbitrary<Generated> {
    const hint = this.hintFor(operation);
    const pathModel: Record<string, fc.Arbitrary<unknown>> = {};
    for (const parameter of operation.pathParams) {
      pathModel[parameter.name] = arbitraryOf(parameter.schema, { hint, name: parameter.name, pointer: [parameter.name] }).filter((value) => !['', '.', '..'].includes(asText(value)));
    }
    const queryModel: Record<string, fc.Arbitrary<unknown>> = {};
    for (const parameter of operation.queryParams) queryModel[parameter.name] = arbitraryOf(parameter.schema, { hint, name: parameter.name, pointer: [parameter.name] });
    const requiredQuery = operation.queryParams.filter((p) => p.required).map((p) => p.name);
    const body = operation.body?.kind === 'json' ? arbitraryOf(operation.body.schema, { hint }) : fc.constant(undefined);
    const upload =
      operation.body?.kind === 'multipart'
        ? fc.record({
            field: fc.oneof({ withCrossShrink: true }, { weight: 6, arbitrary: fc.constant(operation.body.field) }, fc.constantFrom('file', 'image', 'photo', 'photos[]', '')),
            files: fc.array(
              fc.record({
                kind: fc.oneof({ withCrossShrink: true }, { weight: 4, arbitrary: fc.constantFrom<ImageKind>('jpeg', 'png', 'webp') }, fc.constantFrom(...IMAGE_KINDS)),
                name: fc.constantFrom('photo.jpg', 'a.png', 'x.webp', '', '../../evil.webp', 'фото.jpg', `${'n'.repeat(300)}.jpg`, 'no-extension'),
                type: fc.constantFrom('image/jpeg', 'image/png', 'image/webp', 'application/octet-stream', 'text/plain'),
              }),
              { minLength: 0, maxLength: Math.min(operation.body.maxFiles + 1, BODY_LIMIT_FOR_FILES + 1) },
            ),
          })
        : fc.constant(undefined);
    const mutation = mutationsOf(operation);
    const mutations = mutation
      ? fc.oneof({ withCrossShrink: true }, { weight: 1, arbitrary: fc.constant<Mutation[]>([]) }, { weight: 2, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 2 }) })
      : fc.constant<Mutation[]>([]);
    return fc.record({ path: fc.record(pathModel), query: fc.record(queryModel, { requiredKeys: requiredQuery }), body, upload, mutations });
  }

  /** The request to send: ids resolved from the pools, mutations applied. */
  materialize(operation: Operation, generated: Generated): FuzzRequest {
    let pathParams = resolve(generated.path, this.pools) as Record<string, unknown>;
    let query = resolve(generated.query, this.pools) as Record<string, unknown>;
    let body: RequestBody =
      operation.body?.kind === 'json'
        ? { kind: 'json', value: resolve(generated.body, this.pools) }
        : operation.body?.kind === 'multipart' && generated.upload
          ? { kind: 'multipart', ...generated.upload }
          : { kind: 'none' };
    for (const mutation of generated.mutations) {
      if (mutation.kind === 'no-body') body = { kind: 'none' };
      else if (mutation.kind === 'raw-body') body = { kind: 'raw', text: mutation.text, contentType: mutation.contentType };
      else {
        // A fresh copy of the mutation's value (they are shared constants, some 3000 levels deep: JSON, not recursion).
        const copied = { ...mutation, value: 'value' in mutation && mutation.value !== undefined ? JSON.parse(JSON.stringify(mutation.value)) : undefined } as typeof mutation;
        if (mutation.where === 'path') pathParams = mutateValue(pathParams, copied) as Record<string, unknown>;
        else if (mutation.where === 'query') query = mutateValue(query, copied) as Record<string, unknown>;
        else {
          const current: unknown = body.kind === 'json' ? body.value : mutation.pointer.length === 0 ? undefined : {};
          body = { kind: 'json', value: mutateValue(current, copied) };
        }
      }
    }
    const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(wellFormed(asText(pathParams[name]))));
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) search.append(key, wellFormed(asText(item)));
    }
    const queryString = search.toString();
    return {
      method: operation.method,
      template: operation.path,
      url: queryString ? `${path}?${queryString}` : path,
      pathParams,
      query,
      body,
      mutations: generated.mutations.map((m) => ('pointer' in m && m.pointer.length > 0 ? `${m.where}.${m.pointer.join('.')}: ${m.why}` : 'where' in m ? `${m.where}: ${m.why}` : m.why)),
    };
  }

  /** Sends one request; an answer that never comes (refused, reset, 30 s) is status 0. */
  async send(request: FuzzRequest, token: string | undefined): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    const part = request.body;
    if (part.kind === 'json' && part.value !== undefined) {
      body = JSON.stringify(part.value);
      headers['content-type'] = 'application/json';
    } else if (part.kind === 'raw') {
      body = new TextEncoder().encode(part.text);
      if (part.contentType !== null) headers['content-type'] = part.contentType;
    } else if (part.kind === 'multipart') {
      const form = new FormData();
      for (const file of part.files) form.append(part.field, new Blob([new Uint8Array(this.images![file.kind])], { type: file.type }), file.name);
      body = form;
    }
    const started = performance.now();
    try {
      const response = await fetch(`${this.t.url}${request.url}`, { method: request.method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
      const bytes = new Uint8Array(await response.arrayBuffer());
      const contentType = response.headers.get('content-type');
      const isJson = /json/i.test(contentType ?? '');
      const text = isJson || !/^(image|audio|video)\//i.test(contentType ?? '') ? new TextDecoder().decode(bytes) : '';
      let json: unknown;
      if (isJson) {
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
      }
      return { status: response.status, contentType, bytes, text, json, ms: performance.now() - started };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return {
        status: 0,
        contentType: null,
        bytes: new Uint8Array(0),
        text: '',
        json: undefined,
        error: `${(error as Error).name}: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
        ms: performance.now() - started,
      };
    }
  }

  /** What an answer tells the run: ids to reuse, sessions that may have ended, fixtures that may be gone. */
  private afterAnswer(operation: Operation, who: Who, answer: Answer) {
    const ok = answer.status >= 200 && answer.status < 300;
    if (ok && answer.json !== undefined) this.pools.harvest(answer.json);
    if (ok && operation.method !== 'GET') {
      this.memberMayHaveChanged = true;
      this.suspect.add('member');
      this.suspect.add('admin');
      if (operation.path.startsWith('/api/admin/users')) this.fixturesDirty = true;
    }
    if (who !== 'anonymous' && (answer.status === 401 || answer.status === 403)) this.suspect.add(who);
  }

  /** Who sends each example: a verified member and an admin, and nobody when the call is public. */
  whoFor(operation: Operation): Who[] {
    return operation.isPublic ? ['anonymous', 'member', 'admin'] : ['member', 'admin'];
  }

  /**
   * After fast-check's shrinking, one more step it does not take: each mutation left out in turn,
   * kept out when the request still fails (fast-check shrinks a list from its front only).
   */
  private async dropMutations(
    example: Generated | undefined,
    run: (generated: Generated) => Promise<boolean>,
    lastFailure: () => Pick<Finding, 'who' | 'request' | 'answer' | 'problems'> | null,
  ): Promise<Pick<Finding, 'who' | 'request' | 'answer' | 'problems'> | null> {
    if (!example || example.mutations.length < 2) return null;
    let current = example;
    let found: Pick<Finding, 'who' | 'request' | 'answer' | 'problems'> | null = null;
    for (let i = current.mutations.length - 1; i >= 0 && current.mutations.length > 1; i -= 1) {
      const candidate = { ...current, mutations: current.mutations.filter((_, j) => j !== i) };
      try {
        if (!(await run(candidate))) {
          current = candidate;
          found = lastFailure();
        }
      } catch {
        return found;
      }
    }
    return found;
  }

  /** The strict check: a request the document says is not valid must not get a 2xx. */
  private acceptedInvalid(operation: Operation, request: FuzzRequest, answer: Answer): Problem[] {
    if (!this.invalidity || answer.status < 200 || answer.status >= 300) return [];
    const invalid = this.invalidity(operation, wireOf(request));
    if (!invalid) return [];
    const where = invalid.replace(/\/\d+(?=\/|\s)/g, '/*').split(' ').slice(0, 3).join(' ');
    return [{ kind: 'accepted-invalid', signature: `accepted-invalid ${where}`, message: `a request the document says is not valid (${invalid}) was answered ${answer.status}` }];
  }

  /** A WebSocket operation: the upgrade is answered 101 and the socket opens. */
  private async handshake(operation: Operation): Promise<Omit<OperationResult, 'ms'>> {
    const url = `${this.t.url.replace(/^http/, 'ws')}${operation.path}`;
    const error = await new Promise<string | null>((done) => {
      const socket = new WebSocket(url);
      const timer = setTimeout(() => {
        socket.close();
        done('no open within 10 s');
      }, 10_000);
      socket.addEventListener('open', () => {
        clearTimeout(timer);
        socket.close();
        done(null);
      });
      socket.addEventListener('error', (event) => {
        clearTimeout(timer);
        done(`the handshake failed: ${(event as ErrorEvent).message ?? 'error'}`);
      });
    });
    const findings: Finding[] = error
      ? [
          {
            operation: operation.name,
            who: 'anonymous',
            request: { method: 'GET', template: operation.path, url: operation.path, pathParams: {}, query: {}, body: { kind: 'none' }, mutations: ['a WebSocket upgrade'] },
            answer: { status: 0, contentType: null, bytes: new Uint8Array(0), text: '', json: undefined, ms: 0, error },
            problems: [{ kind: 'no-answer', signature: 'websocket', message: `WebSocket ${url}: ${error}` }],
            baseSeed: 0,
            seed: 0,
            path: null,
            shrinks: 0,
          },
        ]
      : [];
    return { operation: operation.name, tried: 1, findings };
  }

  /**
   * Runs `runs` examples of one operation. On a failure fast-check shrinks it; the run then goes on
   * (with the examples left) looking for a different failure, up to `maxFindings`.
   */
  async fuzzOperation(operation: Operation, options: FuzzOptions): Promise<OperationResult> {
    const started = Date.now();
    await this.prepare();
    if (operation.websocket) return { ...(await this.handshake(operation)), ms: Date.now() - started, note: WEBSOCKET_NOTE };
    const arbitrary = this.requestArbitrary(operation);
    const whos = this.whoFor(operation);
    const maxFindings = options.maxFindings ?? 3;
    const timeLimitMs = options.timeLimitMs ?? 60_000;
    const runSeed = options.seed ?? this.seed;
    const operationSeed = (runSeed ^ hashOf(operation.name)) | 0;
    const ignored = new Set<string>();
    const findings: Finding[] = [];
    const statuses: Record<number, number> = {};
    let tried = 0;
    while (findings.length < maxFindings && tried < options.runs) {
      const remainingMs = timeLimitMs - (Date.now() - started);
      if (remainingMs <= 0) break;
      let failing: Pick<Finding, 'who' | 'request' | 'answer' | 'problems'> | null = null;
      let lastRequest: FuzzRequest | null = null;
      let lastWho: Who = whos[0]!;
      let harnessError: unknown = null;
      const runExample = async (generated: Generated): Promise<boolean> => {
        try {
          const request = this.materialize(operation, generated);
          lastRequest = request;
          for (const who of whos) {
            lastWho = who;
            const token = await this.tokenOf(who);
            this.serverLog?.drain();
            const answer = await this.send(request, token);
            statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
            if (this.trace) this.log(`${who} ${request.method} ${request.url.slice(0, 120)} ${show(request.body.kind === 'json' ? request.body.value : request.body.kind).slice(0, 160)} → ${answer.status} ${answer.text.slice(0, 160)}`);
            this.afterAnswer(operation, who, answer);
            const problems = this.withCause([...this.checker.check(operation, answer), ...this.acceptedInvalid(operation, request, answer)]).filter(
              (problem) => !ignored.has(problem.signature),
            );
            if (problems.length > 0) {
              failing = { who, request, answer, problems };
              harnessError = null;
              return false;
            }
          }
          return true;
        } catch (error) {
          harnessError = error;
          throw error;
        }
      };
      const property = fc.asyncProperty(arbitrary, runExample);
      const seed = (operationSeed + findings.length * 7919) | 0;
      const details = await fc.check(property, { numRuns: options.runs - tried, seed, interruptAfterTimeLimit: remainingMs, markInterruptAsFailure: false });
      tried += details.numRuns;
      if (!details.failed) break;
      let found = failing as Pick<Finding, 'who' | 'request' | 'answer' | 'problems'> | null;
      if (found && !harnessError) {
        found = (await this.dropMutations(details.counterexample?.[0], runExample, () => failing)) ?? found;
        harnessError = null;
      }
      if (!found || harnessError) {
        // The fuzzer itself threw (a fixture or session step): a finding too, so it is seen.
        const error = (harnessError ?? details.errorInstance) as Error | undefined;
        found = {
          who: lastWho,
          request: lastRequest ?? { method: operation.method, template: operation.path, url: operation.path, pathParams: {}, query: {}, body: { kind: 'none' }, mutations: [] },
          answer: { status: 0, contentType: null, bytes: new Uint8Array(0), text: '', json: undefined, ms: 0, error: String(error?.stack ?? error) },
          problems: [{ kind: 'no-answer', signature: `fuzzer-error ${error?.message}`, message: `the fuzzer failed: ${error?.message}` }],
        };
      }
      findings.push({ operation: operation.name, ...found, baseSeed: runSeed, seed, path: details.counterexamplePath, shrinks: details.numShrinks });
      for (const problem of found.problems) ignored.add(problem.signature);
      this.log(`${operation.name}: ${found.problems.map((p) => p.message).join('; ')}`);
    }
    return { operation: operation.name, tried, findings, ms: Date.now() - started, statuses };
  }
}

/** GET /api/openapi.json not answering the document, as a finding of its own. */
export function documentFinding(problem: string): Finding {
  return {
    operation: 'GET /api/openapi.json',
    who: 'anonymous',
    request: { method: 'GET', template: '/api/openapi.json', url: '/api/openapi.json', pathParams: {}, query: {}, body: { kind: 'none' }, mutations: [] },
    answer: { status: 0, contentType: null, bytes: new Uint8Array(0), text: '', json: undefined, ms: 0, error: problem },
    problems: [{ kind: 'undocumented-status', signature: 'document', message: `the document is not served: ${problem}` }],
    baseSeed: 0,
    seed: 0,
    path: null,
    shrinks: 0,
  };
}

/** A value for a report: long strings, big arrays and deep nesting shortened. */
export function show(value: unknown, depth = 0): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') {
    if (value.length <= 80) return JSON.stringify(value);
    return `${JSON.stringify(value.slice(0, 24)).slice(0, -1)}…" (${value.length} chars)`;
  }
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? String(value);
  if (depth > 5) return Array.isArray(value) ? `[…${depth > 50 ? '' : ' nested'}]` : '{…}';
  if (Array.isArray(value)) {
    if (value.length > 8) return `[${value.slice(0, 3).map((item) => show(item, depth + 1)).join(', ')}, … (${value.length} items)]`;
    return `[${value.map((item) => show(item, depth + 1)).join(', ')}]`;
  }
  const entries = Object.keys(value).map((key) => `${show(key)}: ${show((value as Record<string, unknown>)[key], depth + 1)}`);
  return `{${entries.join(', ')}}`;
}

function showBody(body: RequestBody): string {
  switch (body.kind) {
    case 'none':
      return '(none)';
    case 'json':
      return `application/json ${show(body.value)}`;
    case 'raw':
      return `${body.contentType === null ? '(no content type)' : JSON.stringify(body.contentType)} ${show(body.text)}`;
    case 'multipart':
      return `multipart/form-data field ${JSON.stringify(body.field)}: ${body.files.length === 0 ? 'no files' : body.files.map((f) => `${f.kind} as ${JSON.stringify(f.name)} (${f.type})`).join(', ')}`;
  }
}

/** One finding, as the report and a failing test print it. */
export function formatFinding(finding: Finding): string {
  const { request, answer } = finding;
  const shown = answer.status === 0 ? answer.error : `${answer.status} ${answer.contentType ?? '(no content type)'} ${answer.json !== undefined ? show(answer.json) : show(answer.text.slice(0, 300))}`;
  return [
    `${finding.operation} — ${finding.problems.map((p) => p.message).join('; ')}`,
    `  request: ${request.method} ${request.url}  as ${finding.who}`,
    `  path:    ${show(request.pathParams)}`,
    `  query:   ${show(request.query)}`,
    `  body:    ${showBody(request.body)}`,
    `  mutated: ${request.mutations.length > 0 ? request.mutations.join(' | ') : '(a valid request)'}`,
    `  answer:  ${shown}`,
    `  replay:  FUZZ_SEED=${finding.baseSeed} (npm test), or npm run fuzz -- --seed ${finding.baseSeed} --only '${finding.request.template}' (fast-check seed ${finding.seed}, path ${JSON.stringify(finding.path)}, ${finding.shrinks} shrinks; earlier calls' effects may differ)`,
  ].join('\n');
}

/** operation, examples tried, failures; then the total. */
export function formatTable(results: OperationResult[]): string {
  const width = Math.max(9, ...results.map((r) => r.operation.length));
  const line = (name: string, tried: string, failures: string, ms: string) => `${name.padEnd(width)}  ${tried.padStart(8)}  ${failures.padStart(8)}  ${ms.padStart(8)}`;
  const rows = [line('operation', 'examples', 'failures', 'seconds'), '-'.repeat(width + 30)];
  for (const r of results) rows.push(line(r.operation, r.note ? 'handshake' : String(r.tried), String(r.findings.length), (r.ms / 1000).toFixed(1)));
  rows.push('-'.repeat(width + 30));
  const total = (pick: (r: OperationResult) => number) => results.reduce((sum, r) => sum + pick(r), 0);
  rows.push(line(`total (${results.length} operations)`, String(total((r) => r.tried)), String(total((r) => r.findings.length)), (total((r) => r.ms) / 1000).toFixed(1)));
  return rows.join('\n');
}
