import { and, desc, eq, like, sql, sum, type SQL } from 'drizzle-orm';
import { SCORE_MAX, SCORE_MIN, SCORE_START } from '#shared/domain/score.ts';
import { users } from '../auth/auth.read.ts';
import type { Tx } from '../platform/db/client.ts';
import { scoreEvents } from './score.tables.ts';

export type NewScoreEvent = typeof scoreEvents.$inferInsert;
export type ScoreEventRow = typeof scoreEvents.$inferSelect;

/**
 * The member's stored score, with their row locked until the transaction ends: two changes to
 * one member's score run one after the other, so each sees the other's entry. The lock is FOR NO
 * KEY UPDATE, which the foreign-key checks of rows naming the member (an inbox item, a counter)
 * do not wait for: a FOR UPDATE here made two transitions between the same two members, each
 * holding such a check on one and wanting the other's score, deadlock.
 */
export async function lockScore(db: Tx, userId: string): Promise<number | undefined> {
  const [row] = await db.select({ score: users.score }).from(users).where(eq(users.id, userId)).for('no key update');
  return row?.score;
}

/** Inserts an entry; one with a once-key the member already has is skipped. True when inserted. */
export async function insertEvent(db: Tx, event: NewScoreEvent): Promise<boolean> {
  const rows = await db.insert(scoreEvents).values(event).onConflictDoNothing().returning({ id: scoreEvents.id });
  return rows.length > 0;
}

/** The member's score from their ledger, as SQL (auth stores it beside the member for fast reads). */
export function scoreFromLedger(userId: string): SQL<number> {
  const total = sql`coalesce((select sum(${scoreEvents.points}) from ${scoreEvents} where ${scoreEvents.userId} = ${userId}), 0)`;
  return sql<number>`least(${SCORE_MAX}, greatest(${SCORE_MIN}, ${SCORE_START} + ${total}))`;
}

/** The member's whole ledger, newest first. */
export async function ledgerOf(db: Tx, userId: string): Promise<ScoreEventRow[]> {
  return db
    .select()
    .from(scoreEvents)
    .where(eq(scoreEvents.userId, userId))
    .orderBy(desc(scoreEvents.createdAt), desc(scoreEvents.id));
}

export async function scoreOf(db: Tx, userId: string): Promise<number | undefined> {
  const [row] = await db.select({ score: users.score }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.score;
}

/** A removed member's score entries. */
export async function eraseMember(tx: Tx, userId: string): Promise<void> {
  await tx.delete(scoreEvents).where(eq(scoreEvents.userId, userId));
}

/** The points of a member's entries whose once-key starts with `prefix` (one kind of award). */
export async function pointsWithKeyPrefix(db: Tx, userId: string, prefix: string): Promise<number> {
  const [row] = await db
    .select({ total: sum(scoreEvents.points) })
    .from(scoreEvents)
    .where(and(eq(scoreEvents.userId, userId), like(scoreEvents.onceKey, `${prefix}%`)));
  return Number(row?.total ?? 0);
}
