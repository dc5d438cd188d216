import { SQL, and, desc, eq, is, notInArray, sql } from 'drizzle-orm';
import { users } from '../auth/auth.read.ts';
import type { Tx } from '../platform/db/client.ts';
import { pushSubscriptions } from './push.tables.ts';

export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Adds the device, or updates it (keys, owner) when its endpoint is known: a device belongs to whoever subscribed last. */
export async function upsertSubscription(db: Tx, values: { userId: string; endpoint: string; p256dh: string; auth: string; now: Date }): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ userId: values.userId, endpoint: values.endpoint, p256dh: values.p256dh, auth: values.auth, createdAt: values.now, updatedAt: values.now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: values.userId, p256dh: values.p256dh, auth: values.auth, updatedAt: values.now },
    });
}

/** Keeps the member's `keep` most recently subscribed devices and deletes the rest. */
export async function trimSubscriptions(db: Tx, userId: string, keep: number): Promise<void> {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
    .limit(keep);
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
}

/** Deletes the member's own subscription for this endpoint; another member's stays. */
export async function deleteOwn(db: Tx, userId: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** Deletes a subscription the push service reported gone, unless it was renewed since (new keys). */
export async function deleteGone(db: Tx, subscription: SubscriptionRow): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, subscription.id), eq(pushSubscriptions.p256dh, subscription.p256dh)));
}

export async function findSubscription(db: Tx, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row;
}

/**
 * One push job payload per device of the member (`payload`: the device, the message, when it
 * expires), none when the member has no device or turned this kind of push off (`setting`). The
 * member, the message (jsonb) and the expiry (ISO text) may be SQL of the statement it runs in.
 */
export function devicePayloads(userId: string | SQL, setting: string, message: object | SQL, expiresAt: string | SQL): SQL {
  const device = pushSubscriptions;
  const json = is(message, SQL) ? message : sql`${JSON.stringify(message)}::jsonb`;
  return sql`select jsonb_build_object('subscriptionId', ${device.id}, 'message', ${json}, 'expiresAt', ${expiresAt}::text) as payload
    from ${device} join ${users} on ${users.id} = ${device.userId}
    where ${device.userId} = ${userId} and (${users.notificationSettings} -> 'push' ->> ${setting}::text) is distinct from 'false'`;
}

/** A removed member's devices (decision 21). */
export async function eraseMember(tx: Tx, userId: string): Promise<void> {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
