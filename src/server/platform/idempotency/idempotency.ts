import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '#shared/http-error.ts';
import { requireMember } from '../auth.ts';
import type { Clock } from '../clock.ts';
import type { Db, Tx } from '../db/client.ts';
import { isUuid } from '../ids.ts';
import { idempotencyKeys } from './idempotency.tables.ts';
import { DAY_MS } from '#shared/domain/durations.ts';

/** The request header that names one change (the app's outbox sends a UUID per queued change). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A key is honoured this long; the prune job drops older rows (decision 27). */
export const KEY_KEPT_MS = 7 * DAY_MS;
export const BAD_KEY = 'Idempotency-Key must be a UUID';
export const keyReused = (key: string) => `Idempotency-Key ${key} was already used for a different request`;

/**
 * Runs a service's change in one transaction: `transact(work)` is where the service does its writes
 * (its reads before may use the database as usual). With a key, the work runs in the transaction
 * that also holds the key's row, and its result must be the service's result (the answer is built
 * from it and stored there).
 */
export type Transact = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
export type Answer = { status: number; body: unknown };

/** Thrown inside a claiming transaction whose key a twin request committed meanwhile. */
class AlreadyApplied extends Error {}

/** Stable JSON (keys sorted) of a validated body, so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

export const bodyHashOf = (body: unknown) => createHash('sha256').update(canonical(body)).digest('hex');

/**
 * Idempotent changes: a request with `Idempotency-Key` is applied once per member and key, however
 * often and however simultaneously it is sent; every replay gets the first answer. The key's row is
 * claimed first in the change's own transaction, so a twin arriving meanwhile waits on it (PostgreSQL's
 * unique index) and then answers what the first stored. A refused change (any thrown error) rolls the
 * claim back with it: nothing was applied, so a replay is judged again. The same key with another
 * call or body is a 422 naming the key. Without the header the change runs as it always did.
 */
export function createIdempotency(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function stored(memberId: string, key: string) {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.memberId, memberId), eq(idempotencyKeys.key, key)));
    return row;
  }

  function replay(reply: FastifyReply, row: typeof idempotencyKeys.$inferSelect, request: string, bodyHash: string) {
    if (row.request !== request || row.bodyHash !== bodyHash) {
      const message = keyReused(row.key);
      throw new HttpError(422, message, [{ field: `header.${IDEMPOTENCY_HEADER}`, message }]);
    }
    if (row.status === null) throw new Error('an idempotency key committed without its answer');
    return reply.header('idempotent-replayed', 'true').code(row.status).send(row.response);
  }

  return {
    /**
     * Answers the request with the change's answer: run once, or the stored one for a replay.
     * Without the header `change` is given no `transact` and writes as it would unasked.
     */
    async reply<R>(request: FastifyRequest, reply: FastifyReply, change: (transact?: Transact) => Promise<R>, answerOf: (result: R) => Answer) {
      const header = request.headers[IDEMPOTENCY_HEADER];
      if (header === undefined) {
        const answer = answerOf(await change());
        return reply.code(answer.status).send(answer.body);
      }
      const key = Array.isArray(header) ? '' : header.trim().toLowerCase();
      if (!isUuid(key)) throw new HttpError(400, BAD_KEY, [{ field: `header.${IDEMPOTENCY_HEADER}`, message: BAD_KEY }]);
      const memberId = requireMember(request).id;
      const requestLine = `${request.method} ${request.url.split('?')[0]}`;
      const bodyHash = bodyHashOf(request.body);

      const earlier = await stored(memberId, key);
      if (earlier) return replay(reply, earlier, requestLine, bodyHash);

      let answer: Answer | undefined;
      const transact: Transact = (work) =>
        db.transaction(async (tx) => {
          const [claimed] = await tx
            .insert(idempotencyKeys)
            .values({ memberId, key, request: requestLine, bodyHash, createdAt: clock.now() })
            .onConflictDoNothing()
            .returning({ key: idempotencyKeys.key });
          if (!claimed) throw new AlreadyApplied();
          const result = await work(tx);
          answer = answerOf(result as unknown as R);
          // Stored as it is sent: JSON (dates already strings).
          const response = JSON.parse(JSON.stringify(answer.body ?? null)) as unknown;
          await tx
            .update(idempotencyKeys)
            .set({ status: answer.status, response })
            .where(and(eq(idempotencyKeys.memberId, memberId), eq(idempotencyKeys.key, key)));
          return result;
        });

      try {
        const result = await change(transact);
        answer ??= answerOf(result);
        return reply.code(answer.status).send(answer.body);
      } catch (error) {
        if (!(error instanceof AlreadyApplied)) throw error;
        const twin = await stored(memberId, key);
        if (!twin) throw new Error('an idempotency key conflicted but no row holds it');
        return replay(reply, twin, requestLine, bodyHash);
      }
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;

/** Drops keys older than KEY_KEPT_MS (run by the hourly prune job). */
export async function pruneIdempotencyKeys(db: Tx, now: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEY_KEPT_MS)))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}

/** Forgets a member's keys (an admin's removal of the member). */
export async function forgetIdempotencyKeys(tx: Tx, memberId: string): Promise<void> {
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.memberId, memberId));
}
