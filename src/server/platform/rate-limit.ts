import { lt, sql } from 'drizzle-orm';
import type { Tx } from './db/client.ts';
import { preparedPerDb } from './db/prepared.ts';
import { RateLimitedError } from './errors.ts';
import { rateLimits } from './rate-limit.tables.ts';

export type Limit = { max: number; windowMs: number };

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * No limit's window is longer. A row does not record its window's length, so the prune counts
 * with this one: a row whose window started before now − (this + a day) ended over a day ago.
 */
export const LONGEST_WINDOW_MS = DAY_MS;
/** Rows are kept this long after their window ends. */
export const ENDED_WINDOWS_KEPT_MS = DAY_MS;

// Sends, requests and sign-ins all count here first: prepared once, then only executed.
const consumeStatement = preparedPerDb((db) => {
  const [now, windowFloor] = [sql`${sql.placeholder('now')}::timestamptz`, sql`${sql.placeholder('windowFloor')}::timestamptz`];
  const windowEnded = sql`${rateLimits.windowStart} <= ${windowFloor}`;
  return db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${windowEnded} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${windowEnded} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .prepare('rate_limit_consume');
});

/**
 * Counts one attempt against `key` in a fixed window, atomically (one upsert), and throws a 429
 * once the window's budget is spent.
 */
export async function consume(db: Tx, key: string, limit: Limit, now: Date): Promise<void> {
  if (limit.windowMs > LONGEST_WINDOW_MS) throw new Error(`A rate limit window may be at most ${LONGEST_WINDOW_MS} ms (pruning counts on it)`);
  const windowFloor = new Date(now.getTime() - limit.windowMs);
  const [row] = await consumeStatement(db).execute({ key, now: now.toISOString(), windowFloor: windowFloor.toISOString() });
  if (row && row.count > limit.max) {
    const retryAfterMs = row.windowStart.getTime() + limit.windowMs - now.getTime();
    throw new RateLimitedError(Math.max(1, Math.ceil(retryAfterMs / 1000)));
  }
}

/** Deletes counters whose window ended more than ENDED_WINDOWS_KEPT_MS ago, whatever their limit. */
export async function pruneRateLimits(db: Tx, now: Date): Promise<number> {
  const before = new Date(now.getTime() - LONGEST_WINDOW_MS - ENDED_WINDOWS_KEPT_MS);
  const rows = await db.delete(rateLimits).where(lt(rateLimits.windowStart, before)).returning({ key: rateLimits.key });
  return rows.length;
}
