import { and, eq, gt, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { announceEach, EVENTS_CHANNEL, type Announcement } from './announce.ts';
import { realtimeInstances, realtimePresence } from './realtime.tables.ts';

/**
 * Presence across instances, in the database every instance shares. A member is online while
 * their connections summed over every instance's row are above zero. Each change runs in one
 * transaction under an advisory lock on the member, so two instances changing the same member at
 * once queue: exactly one of them sees the 0 → 1 (or 1 → 0) step and announces it, in the same
 * transaction, to the member's chat partners.
 */

/** An instance silent this long is taken for dead and swept. */
export const INSTANCE_STALE_MS = 30_000;
const PRESENCE_LOCK = 7262001;

export type PartnersOf = (userId: string) => Promise<string[]>;

async function lockMember(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PRESENCE_LOCK}, hashtext(${userId}))`);
}

async function connectionsOf(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${realtimePresence.connections}), 0)`.mapWith(Number) })
    .from(realtimePresence)
    .where(eq(realtimePresence.userId, userId));
  return row?.n ?? 0;
}

/** Registers the instance (again, after a sweep took it for dead). */
export async function registerInstance(db: Tx, instanceId: string, now: Date): Promise<void> {
  await db
    .insert(realtimeInstances)
    .values({ id: instanceId, startedAt: now, seenAt: now })
    .onConflictDoUpdate({ target: realtimeInstances.id, set: { seenAt: now } });
}

/** The instance is alive; false when it was swept meanwhile (its presence rows are gone). */
export async function heartbeat(db: Tx, instanceId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(realtimeInstances)
    .set({ seenAt: now })
    .where(eq(realtimeInstances.id, instanceId))
    .returning({ id: realtimeInstances.id });
  return rows.length > 0;
}

/**
 * Sets the member's connection count on this instance to `count` (0 removes the row) and
 * announces `userOnline` or `userOffline` to their partners when the total crossed zero.
 */
export async function setConnections(db: Db, instanceId: string, userId: string, partners: string[], count: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const before = await connectionsOf(tx, userId);
    const [mine] = await tx
      .select({ n: realtimePresence.connections })
      .from(realtimePresence)
      .where(and(eq(realtimePresence.userId, userId), eq(realtimePresence.instanceId, instanceId)));
    if (count > 0) {
      await tx
        .insert(realtimePresence)
        .values({ userId, instanceId, connections: count })
        .onConflictDoUpdate({ target: [realtimePresence.userId, realtimePresence.instanceId], set: { connections: count } });
    } else {
      await tx.delete(realtimePresence).where(and(eq(realtimePresence.userId, userId), eq(realtimePresence.instanceId, instanceId)));
    }
    const after = before - (mine?.n ?? 0) + count;
    if (before === 0 && after > 0) await announceEach(tx, [{ to: partners, event: { type: 'userOnline', userId } }]);
    if (before > 0 && after === 0) await announceEach(tx, [{ to: partners, event: { type: 'userOffline', userId } }]);
  });
}

/** SQL: whether the member has an open realtime connection on any instance (as `onlineAmong` reads it). */
export const isOnlineSql = (userId: string | SQL): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${realtimePresence} where ${realtimePresence.userId} = ${userId} and ${realtimePresence.connections} > 0)`;

/**
 * SQL for announceWith: the payloads (`p`) telling two members whose chat partnership just began
 * (`userOnline`) or ended (`userOffline`) that the other is so, for whichever of them is online (as
 * `onlineAmong` reads it), when `holds`.
 */
export const presenceBetweenPayloads = (a: string, b: string, type: 'userOnline' | 'userOffline', holds: SQL = sql`true`): SQL =>
  sql`select json_build_object('to', json_build_array(case when online.user_id = ${a}::uuid then ${b}::uuid else ${a}::uuid end),
    'event', json_build_object('type', ${type}::text, 'userId', online.user_id))::text as p
    from (select distinct ${realtimePresence.userId} as user_id from ${realtimePresence}
      where ${realtimePresence.userId} in (${a}::uuid, ${b}::uuid) and ${realtimePresence.connections} > 0 and ${holds}) as online`;

/** Sends `presenceBetweenPayloads`' events when the transaction commits, in one statement. */
export async function announcePresenceBetween(tx: Tx, ...between: Parameters<typeof presenceBetweenPayloads>): Promise<void> {
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, p) from (${presenceBetweenPayloads(...between)}) as payloads`);
}

/** Which of these members are online anywhere. */
export async function onlineAmong(db: Tx, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: realtimePresence.userId })
    .from(realtimePresence)
    .where(and(inArray(realtimePresence.userId, userIds), gt(realtimePresence.connections, 0)));
  return rows.map((row) => row.userId);
}

/** Members with connections on an instance. */
export async function membersOn(db: Tx, instanceId: string): Promise<string[]> {
  const rows = await db.select({ userId: realtimePresence.userId }).from(realtimePresence).where(eq(realtimePresence.instanceId, instanceId));
  return rows.map((row) => row.userId);
}

/**
 * Removes an instance and its connections (a dead one, or this one shutting down); members left
 * with none anywhere go offline for their partners, in the same transaction. Members are locked
 * in id order, so two sweepers never wait on each other in a circle.
 */
export async function removeInstance(db: Db, instanceId: string, partnersOf: PartnersOf): Promise<string[]> {
  const members = (await membersOn(db, instanceId)).sort();
  const partners = new Map<string, string[]>();
  for (const userId of members) partners.set(userId, await partnersOf(userId));
  return db.transaction(async (tx) => {
    // Members first, as every presence change takes them (an insert on this instance then holds a
    // key-share lock on its row: taking the row first could wait in a circle).
    for (const userId of members) await lockMember(tx, userId);
    // Whoever removes it first does; another sweeper (or its own shutdown) then finds nothing to do.
    const [still] = await tx.select({ id: realtimeInstances.id }).from(realtimeInstances).where(eq(realtimeInstances.id, instanceId)).for('update');
    if (!still) return [];
    const gone: string[] = [];
    for (const userId of members) {
      const [elsewhere] = await tx
        .select({ n: sql<number>`coalesce(sum(${realtimePresence.connections}), 0)`.mapWith(Number) })
        .from(realtimePresence)
        .where(and(eq(realtimePresence.userId, userId), ne(realtimePresence.instanceId, instanceId)));
      if ((elsewhere?.n ?? 0) === 0) gone.push(userId);
    }
    // The presence rows go with the instance (on delete cascade).
    await tx.delete(realtimeInstances).where(eq(realtimeInstances.id, instanceId));
    const announcements: Announcement[] = gone.map((userId) => ({ to: partners.get(userId) ?? [], event: { type: 'userOffline', userId } }));
    await announceEach(tx, announcements);
    return gone;
  });
}

/** Instances other than `self` that have not been seen for INSTANCE_STALE_MS. */
export async function staleInstances(db: Tx, self: string, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: realtimeInstances.id })
    .from(realtimeInstances)
    .where(and(ne(realtimeInstances.id, self), lt(realtimeInstances.seenAt, new Date(now.getTime() - INSTANCE_STALE_MS))));
  return rows.map((row) => row.id);
}
