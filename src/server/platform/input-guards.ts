import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, type FieldError } from '#shared/http-error.ts';
import { NOT_JSON } from './errors.ts';

/**
 * "No 500 from input" (issue 29), one rule each, in one place, for every route:
 *
 * - Text PostgreSQL cannot store is refused before any handler sees it: U+0000 (text and jsonb
 *   refuse it) and unpaired UTF-16 surrogates (JSON.parse makes them from "\ud800"; a jsonb column
 *   refuses them, a text column silently stores U+FFFD instead). 400, naming every field at fault.
 * - A body that is not JSON gets 415 (the API speaks JSON), except on the calls that declare
 *   another kind (`config.upload`: multipart, `config.textBody`) and check it themselves.
 * - An error answered while the request body is still arriving (413 too large, 415, 401 …) does
 *   not hang up on the client: the rest of the body is read and dropped, up to a bound, so a
 *   client that sends the whole body before reading (Node's fetch, undici) reads the answer
 *   instead of failing with EPIPE / ECONNRESET.
 */

export const NUL_MESSAGE = 'Text cannot contain the NUL character';
export const SURROGATE_MESSAGE = 'Text cannot contain an unpaired surrogate character';

/** How much of a refused request's body is still read (and dropped) before the connection is cut, and for how long. */
export const HEAR_OUT_BYTES = 16 * 1024 * 1024;
export const HEAR_OUT_MS = 10_000;

/** At most this many fields are named in one refusal (the walk stops there). */
const MAX_FIELDS = 20;

const NUL = /\u0000/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const AT_FAULT = new RegExp(`${NUL.source}|${LONE_SURROGATE.source}`, 'g');

/** Why PostgreSQL could not keep this text, or null when it can. */
export function textProblem(text: string): string | null {
  if (NUL.test(text)) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

/** A key as it can be shown in a field path: the characters at fault written as \uXXXX. */
function printable(key: string): string {
  return key.replace(AT_FAULT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

type PathNode = { key: string; parent: PathNode | null } | null;

function fieldOf(path: PathNode): string {
  const keys: string[] = [];
  for (let node = path; node; node = node.parent) keys.push(printable(node.key));
  return keys.reverse().join('.') || '(body)';
}

/**
 * Every string (values and keys, through objects and arrays) PostgreSQL could not store, with
 * its field path written the way validation errors write theirs (`profile.interests.0`). A loop,
 * not recursion: a 64 KB body can nest 30 000 levels deep.
 */
export function findBadText(root: unknown, found: FieldError[] = []): FieldError[] {
  const stack: [unknown, PathNode][] = [[root, null]];
  while (stack.length > 0 && found.length < MAX_FIELDS) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) found.push({ field: fieldOf(path), message: problem });
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push([value[i], { key: String(i), parent: path }]);
    } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i]!;
        const node = { key, parent: path };
        const problem = textProblem(key);
        if (problem) found.push({ field: fieldOf(node), message: problem });
        stack.push([child, node]);
      }
    }
  }
  return found;
}

function hasBody(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const { 'content-length': length, 'transfer-encoding': encoding } = request.headers;
  return encoding !== undefined || (length !== undefined && length !== '0');
}

function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * The rest of a request's body, read and dropped after an early answer, so the client can finish
 * sending and read that answer. The connection stays open (Fastify asks to close it after a body
 * error: closing while the client still sends makes the kernel reset the connection, and the
 * reset can destroy the answer before the client reads it; the body's framing is intact, so the
 * connection can carry on). Past HEAR_OUT_BYTES or HEAR_OUT_MS the connection is cut after all.
 */
function hearOut(request: FastifyRequest, reply: FastifyReply) {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  if (String(reply.getHeader('connection') ?? '').toLowerCase() === 'close') reply.removeHeader('connection');
  let heard = 0;
  const stop = () => {
    clearTimeout(timer);
    raw.off('data', onData);
    raw.off('end', stop);
    raw.off('close', stop);
  };
  const hangUp = () => {
    stop();
    raw.socket?.destroy();
  };
  const onData = (chunk: Buffer) => {
    heard += chunk.length;
    if (heard > HEAR_OUT_BYTES) hangUp();
  };
  const timer = setTimeout(hangUp, HEAR_OUT_MS);
  timer.unref();
  // Nothing reads this body any more (a multipart reader included): drop it as it comes.
  raw.unpipe();
  raw.on('data', onData);
  raw.once('end', stop);
  raw.once('close', stop);
  raw.resume();
}

export function registerInputGuards(app: FastifyInstance) {
  // After routing and the session check (onRequest), before the body is read.
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.is404 || !hasBody(request)) return payload;
    const config = request.routeOptions.config;
    if (config.upload || config.textBody) return payload;
    if (mediaTypeOf(request.headers['content-type']) !== 'application/json') throw new HttpError(415, NOT_JSON);
    return payload;
  });

  // After the body is parsed, before validation and every handler: params, query and body as sent.
  app.addHook('preValidation', async (request) => {
    const found: FieldError[] = [];
    for (const part of [request.params, request.query, request.body]) findBadText(part, found);
    if (found.length === 0) return;
    const fields = found.filter((f, i) => found.findIndex((g) => g.field === f.field) === i);
    throw new HttpError(400, fields[0]!.message, fields);
  });

  // Any refusal sent while the body is still arriving.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && reply.statusCode < 500) hearOut(request, reply);
    return payload;
  });
}

export const UNREADABLE_UPLOAD = 'The upload could not be read: send the file as multipart/form-data';

/**
 * What an upload's reader throws when the multipart parser fails (no boundary, a body cut short,
 * a broken part header): the client's mistake, 400 on the file field. Our own refusals pass as they are.
 */
export function uploadError(error: unknown, field: string): unknown {
  if (error instanceof HttpError || typeof (error as { statusCode?: unknown })?.statusCode === 'number') return error;
  return new HttpError(400, UNREADABLE_UPLOAD, [{ field, message: UNREADABLE_UPLOAD }]);
}
