import { and, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { blocks } from './blocks.tables.ts';

/*
 * A block is mutual in effect (decision 74): each of the two is hidden from the other and neither
 * can reach the other. Other features filter their queries with these.
 */

/**
 * The members `memberId` has blocked or been blocked by: an uncorrelated subquery, so the planner
 * runs it once per statement (both directions are primary-key or index lookups).
 */
const blockedWith = (memberId: SQLWrapper | string): SQL =>
  sql`(select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${memberId}::uuid union all select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${memberId}::uuid)`;

/** SQL: no block, either way, between the member in `column` and `memberId`. */
export const notBlockedWith = (column: SQLWrapper, memberId: SQLWrapper | string): SQL => sql`${column} not in ${blockedWith(memberId)}`;

/** The advisory lock class of a pair of members' block (presence uses 7262001). */
const BLOCK_PAIR_LOCK = 7262002;

/**
 * The arguments of the advisory lock of the pair `a` and `b`, the same whichever is named first: a
 * block takes it exclusively in its transaction before it ends what is ahead between the two, and
 * a booking request tries it, shared, before it reads anything (bookings.repo `requestBooking`).
 */
export const pairLockKey = (a: SQLWrapper | string, b: SQLWrapper | string): SQL =>
  sql`${BLOCK_PAIR_LOCK}, hashtext(least(${a}::uuid::text, ${b}::uuid::text) || greatest(${a}::uuid::text, ${b}::uuid::text))`;

/** Whether either of the two has blocked the other. */
export async function blockedBetween(db: Tx, a: string, b: string): Promise<boolean> {
  const rows = await db
    .select({ at: blocks.createdAt })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))))
    .limit(1);
  return rows.length > 0;
}
