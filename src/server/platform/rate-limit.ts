import { lt, sql, type SQL } from 'drizzle-orm';
import type { Tx } from './db/client.ts';
import { preparedSql } from './db/prepared.ts';
import { RateLimitedError } from './errors.ts';
import { rateLimits } from './rate-limit.tables.ts';
import { DAY_MS } from '#shared/domain/durations.ts';

export type Limit = { max: number; windowMs: number };

/**
 * No limit's window is longer. A row does not record its window's length, so the prune counts
 * with this one: a row whose window started before now − (this + a day) ended over a day ago.
 */
export const LONGEST_WINDOW_MS = DAY_MS;
/** Rows are kept this long after their window ends. */
export const ENDED_WINDOWS_KEPT_MS = DAY_MS;

/**
 * The upsert that counts one attempt against a key in a fixed window and answers the window's
 * `count` and `window_start`, over placeholders `key`, `now` and `windowFloor` (`windowValues`):
 * a statement of its own (`consume`), or part of a write that counts its own attempt (a chat send).
 * With `when`, only an attempt for which it holds is counted (none otherwise: no row answered).
 */
export function countAttemptSql(when?: SQL): SQL {
  const [now, windowFloor] = [sql`${sql.placeholder('now')}::timestamptz`, sql`${sql.placeholder('windowFloor')}::timestamptz`];
  const windowEnded = sql`${rateLimits.windowStart} <= ${windowFloor}`;
  return sql`insert into ${rateLimits} (key, window_start, count) select ${sql.placeholder('key')}::text, ${now}, 1 ${when ? sql`where ${when}` : sql``}
    on conflict (key) do update set count = case when ${windowEnded} then 1 else ${rateLimits.count} + 1 end,
      window_start = case when ${windowEnded} then ${now} else ${rateLimits.windowStart} end
    returning count, window_start`;
}

/** What `countAttemptSql` answers. */
export type Counted = { count: number; window_start: Date | string };

/** The values `countAttemptSql` reads. */
export function windowValues(key: string, limit: Limit, now: Date) {
  if (limit.windowMs > LONGEST_WINDOW_MS) throw new Error(`A rate limit window may be at most ${LONGEST_WINDOW_MS} ms (pruning counts on it)`);
  return { key, now: now.toISOString(), windowFloor: new Date(now.getTime() - limit.windowMs).toISOString() };
}

/** Throws a 429 once the window's budget is spent, from what `countAttemptSql` answered. */
export function refuseOverLimit(counted: Counted, limit: Limit, now: Date): void {
  if (counted.count <= limit.max) return;
  const retryAfterMs = new Date(counted.window_start).getTime() + limit.windowMs - now.getTime();
  throw new RateLimitedError(Math.max(1, Math.ceil(retryAfterMs / 1000)));
}

// Requests and sign-ins count here first: prepared once, then only executed.
const consumeStatement = preparedSql<Counted>('rate_limit_consume', countAttemptSql);

/**
 * Counts one attempt against `key` in a fixed window, atomically (one upsert), and throws a 429
 * once the window's budget is spent.
 */
export async function consume(db: Tx, key: string, limit: Limit, now: Date): Promise<void> {
  const [row] = await consumeStatement(db).execute(windowValues(key, limit, now));
  refuseOverLimit(row!, limit, now);
}

/** Deletes counters whose window ended more than ENDED_WINDOWS_KEPT_MS ago, whatever their limit. */
export async function pruneRateLimits(db: Tx, now: Date): Promise<number> {
  const before = new Date(now.getTime() - LONGEST_WINDOW_MS - ENDED_WINDOWS_KEPT_MS);
  const rows = await db.delete(rateLimits).where(lt(rateLimits.windowStart, before)).returning({ key: rateLimits.key });
  return rows.length;
}
