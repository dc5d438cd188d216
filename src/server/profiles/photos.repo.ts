import { and, asc, count, eq, inArray, max, ne, sql } from 'drizzle-orm';
import { users } from '../auth/auth.read.ts';
import type { Tx } from '../platform/db/client.ts';
import { preparedPerDb } from '../platform/db/prepared.ts';
import { toPhoto, type Photo } from './photos.read.ts';
import { photos } from './profiles.tables.ts';

export { toPhoto, type Photo };

export type PhotoRow = typeof photos.$inferSelect;

// The member's own record carries their photos on every /auth/me: prepared once, then only executed.
const photosOfMember = preparedPerDb((db) =>
  db
    .select()
    .from(photos)
    .where(eq(photos.userId, sql.placeholder('userId')))
    .orderBy(asc(photos.createdAt), asc(photos.id))
    .prepare('profiles_photos_of_member'),
);

export async function listPhotos(db: Tx, userId: string): Promise<Photo[]> {
  const rows = await photosOfMember(db).execute({ userId });
  return rows.map(toPhoto);
}

// Photos beside a list of members (a chat thread, conversations, available dates): the members as one array.
const photosOfMembers = preparedPerDb((db) =>
  db
    .select()
    .from(photos)
    .where(sql`${photos.userId} = any(${sql.placeholder('userIds')}::uuid[])`)
    .orderBy(asc(photos.createdAt), asc(photos.id))
    .prepare('profiles_photos_of_members'),
);

/** Photos of many members in one query, oldest first per member. */
export async function photosByMember(db: Tx, userIds: string[]): Promise<Map<string, Photo[]>> {
  const byMember = new Map<string, Photo[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byMember;
  const rows = await photosOfMembers(db).execute({ userIds });
  for (const row of rows) byMember.get(row.userId)?.push(toPhoto(row));
  return byMember;
}

/**
 * Locks the member's row until the transaction ends, so their photo uploads run one at a time;
 * false for an account an admin removed meanwhile (its photos are gone and must stay gone).
 */
export async function lockMember(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), ne(users.accountStatus, 'deleted')))
    .for('update');
  return rows.length > 0;
}

/** How many photos the member has and when the newest was added. */
export async function photoStats(db: Tx, userId: string): Promise<{ count: number; newest: Date | null }> {
  const [row] = await db.select({ n: count(), newest: max(photos.createdAt) }).from(photos).where(eq(photos.userId, userId));
  return { count: row?.n ?? 0, newest: row?.newest ?? null };
}

export async function insertPhotos(db: Tx, rows: (typeof photos.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(photos).values(rows);
}

/** Deletes one of the member's photos, found by its id or its storage key; returns the key, if any was deleted. */
export async function deleteOwnPhoto(db: Tx, userId: string, by: { id: string } | { storageKey: string }): Promise<string | undefined> {
  const match = 'id' in by ? eq(photos.id, by.id) : eq(photos.storageKey, by.storageKey);
  const [row] = await db
    .delete(photos)
    .where(and(eq(photos.userId, userId), match))
    .returning({ storageKey: photos.storageKey });
  return row?.storageKey;
}

/** A removed member's photo rows; their file keys are returned for removal once committed. */
export async function eraseMember(tx: Tx, userId: string): Promise<string[]> {
  const removed = await tx.delete(photos).where(eq(photos.userId, userId)).returning({ key: photos.storageKey });
  return removed.map((photo) => photo.key);
}

/** Which of these storage keys a photo row names. */
export async function photoKeysIn(db: Tx, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db.select({ key: photos.storageKey }).from(photos).where(inArray(photos.storageKey, keys));
  return rows.map((row) => row.key);
}
