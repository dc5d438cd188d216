import { and, eq } from 'drizzle-orm';
import { takesPartSql, users } from '../auth/auth.read.ts';
import type { Tx } from '../platform/db/client.ts';
import { calendarFeeds } from './calendar.tables.ts';

/** The member's feed secret, made with `secret` when they have none yet; a race keeps the first one. */
export async function feedSecretOf(db: Tx, userId: string, secret: string, now: Date): Promise<string> {
  const [created] = await db
    .insert(calendarFeeds)
    .values({ userId, secret, createdAt: now })
    .onConflictDoNothing({ target: calendarFeeds.userId })
    .returning({ secret: calendarFeeds.secret });
  if (created) return created.secret;
  const [kept] = await db.select({ secret: calendarFeeds.secret }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  if (!kept) throw new Error('calendar feed row vanished while it was read');
  return kept.secret;
}

/** Replaces the member's secret (the old one stops naming anything). */
export async function replaceFeedSecret(db: Tx, userId: string, secret: string, now: Date): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ userId, secret, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { secret, createdAt: now } });
}

/** Whose feed a secret opens: only a member who still takes part (not banned, not removed). */
export async function feedOwner(db: Tx, secret: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.secret, secret), takesPartSql));
  return row?.userId;
}

/** A removed member's feed: its address stops working. */
export async function eraseMember(tx: Tx, userId: string): Promise<void> {
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}
