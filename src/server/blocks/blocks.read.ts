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
 * The arguments of the advisory lock of the pair `a` and `b`, the same whichever is named first
 * (migration 0021's `block_pair_key`): a block takes it exclusively in its transaction before it
 * ends what is ahead between the two.
 */
export const pairLockKey = (a: SQLWrapper | string, b: SQLWrapper | string): SQL => sql`${BLOCK_PAIR_LOCK}, block_pair_key(${a}::uuid, ${b}::uuid)`;

/**
 * SQL: whether a booking request between `a` and `b` may go on (bookings.repo's request statement
 * asks it before anything it reads can wait): it tries the pair's lock, shared (false while a block
 * between them is under way; a block that begins later waits for the request's transaction and
 * then ends it), then looks for a block with a snapshot of its own, taken after the lock, so a block
 * that committed after the request's statement began is seen too (migration 0021's `block_pair_open`).
 */
export const pairOpenForRequest = (a: SQLWrapper | string, b: SQLWrapper | string): SQL<boolean> =>
  sql<boolean>`block_pair_open(${BLOCK_PAIR_LOCK}, ${a}::uuid, ${b}::uuid)`;

/** Whether either of the two has blocked the other. */
export async function blockedBetween(db: Tx, a: string, b: string): Promise<boolean> {
  const rows = await db
    .select({ at: blocks.createdAt })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))))
    .limit(1);
  return rows.length > 0;
}
