import { and, desc, eq, or, sql } from 'drizzle-orm';
import { users } from '../auth/auth.read.ts';
import { firstPhotoKeyOf } from '../profiles/photos.read.ts';
import type { Tx } from '../platform/db/client.ts';
import { pairLockKey } from './blocks.read.ts';
import { blocks } from './blocks.tables.ts';

/**
 * Holds the pair's lock until the transaction ends: a booking request between the two that tries
 * it meanwhile is refused; one that holds it commits first (its pending booking is then seen and ended).
 */
export async function lockPair(db: Tx, a: string, b: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${pairLockKey(a, b)})`);
}

/** Whether the block is new (false: it was already there). */
export async function insertBlock(db: Tx, blockerId: string, blockedId: string, at: Date): Promise<boolean> {
  const rows = await db.insert(blocks).values({ blockerId, blockedId, createdAt: at }).onConflictDoNothing().returning({ at: blocks.createdAt });
  return rows.length > 0;
}

export async function deleteBlock(db: Tx, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

/** The members `blockerId` blocked, newest first, with their name and first photo. */
export async function blockedBy(db: Tx, blockerId: string) {
  return db
    .select({ id: users.id, name: users.name, photoKey: firstPhotoKeyOf(sql`${users.id}`), blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), users.id);
}

/** A removed member's blocks, made and received (the foreign keys cascade too; this keeps erasure explicit). */
export async function eraseMember(tx: Tx, userId: string): Promise<void> {
  await tx.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
}
