import { sql } from 'drizzle-orm';
import type { Tx } from './db/client.ts';
import { RateLimitedError } from './errors.ts';
import { rateLimits } from './rate-limit.tables.ts';

export type Limit = { max: number; windowMs: number };

/**
 * Counts one attempt against `key` in a fixed window, atomically (one upsert), and throws a 429
 * once the window's budget is spent.
 */
export async function consume(db: Tx, key: string, limit: Limit, now: Date): Promise<void> {
  const windowFloor = new Date(now.getTime() - limit.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${windowFloor.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowFloor.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  if (row && row.count > limit.max) {
    const retryAfterMs = row.windowStart.getTime() + limit.windowMs - now.getTime();
    throw new RateLimitedError(Math.max(1, Math.ceil(retryAfterMs / 1000)));
  }
}
