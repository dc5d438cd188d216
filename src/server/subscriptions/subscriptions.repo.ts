import { and, eq } from 'drizzle-orm';
import { users } from '../auth/auth.read.ts';
import type { Tx } from '../platform/db/client.ts';
import { subscriptionPayments, subscriptions, type SubscriptionRecordStatus } from './subscriptions.tables.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The member's row, locked: purchases, cancellations and renewals of one member queue here. */
export async function lockMember(db: Tx, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, gender: users.gender, accountStatus: users.accountStatus, isBanned: users.isBanned })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

export async function memberOf(db: Tx, userId: string) {
  const [row] = await db.select({ gender: users.gender, carTier: users.carTier }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function activeOf(db: Tx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')))
    .limit(1);
  return row;
}

export async function hasEverSubscribed(db: Tx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row !== undefined;
}

export async function ownerOf(db: Tx, subscriptionId: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.id, subscriptionId)).limit(1);
  return row?.userId;
}

export async function lockSubscription(db: Tx, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row;
}

export async function insertSubscription(db: Tx, row: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
  const [inserted] = await db.insert(subscriptions).values(row).returning();
  return inserted!;
}

export async function endSubscription(db: Tx, id: string, status: Exclude<SubscriptionRecordStatus, 'active'>, at: Date): Promise<void> {
  await db.update(subscriptions).set({ status, endedAt: at }).where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'active')));
}

export async function renewSubscription(db: Tx, id: string, period: { periods: number; start: Date; end: Date }): Promise<void> {
  await db
    .update(subscriptions)
    .set({ periods: period.periods, currentPeriodStart: period.start, currentPeriodEnd: period.end })
    .where(eq(subscriptions.id, id));
}

export async function insertPayment(db: Tx, row: typeof subscriptionPayments.$inferInsert): Promise<void> {
  await db.insert(subscriptionPayments).values(row);
}

