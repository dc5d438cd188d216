import { and, desc, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import { users } from '../auth/auth.tables.ts';
import type { Tx } from '../platform/db/client.ts';
import { jobs } from '../platform/jobs/jobs.tables.ts';
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
 * One push job per device of the member, as a single `insert … select` (run alone or inside
 * another statement): none when the member has no device or turned this kind of push off.
 */
export function deviceJobs(job: { kind: string; userId: string; setting: string; message: unknown; expiresAt: Date; runAt: Date; maxAttempts: number }): SQL {
  const device = pushSubscriptions;
  return sql`insert into ${jobs} (${sql.identifier(jobs.kind.name)}, ${sql.identifier(jobs.payload.name)}, ${sql.identifier(jobs.runAt.name)}, ${sql.identifier(jobs.maxAttempts.name)}, ${sql.identifier(jobs.createdAt.name)})
    select ${job.kind}, jsonb_build_object('subscriptionId', ${device.id}, 'message', ${JSON.stringify(job.message)}::jsonb, 'expiresAt', ${job.expiresAt.toISOString()}::text),
      ${job.runAt.toISOString()}::timestamptz, ${job.maxAttempts}::int, ${job.runAt.toISOString()}::timestamptz
    from ${device} join ${users} on ${users.id} = ${device.userId}
    where ${device.userId} = ${job.userId} and (${users.notificationSettings} -> 'push' ->> ${job.setting}::text) is distinct from 'false'
    returning ${jobs.id}`;
}
