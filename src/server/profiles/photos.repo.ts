import { and, asc, count, eq, inArray, max, ne, sql, type SQL } from 'drizzle-orm';
import { photoUrl } from '#shared/api/profiles.ts';
import type { User } from '#shared/api/auth.ts';
import { users } from '../auth/auth.tables.ts';
import type { Tx } from '../platform/db/client.ts';
import { jsonArrayOf, jsonObject, jsonValue, jsonUuid } from '../platform/db/json-text.ts';
import { preparedPerDb } from '../platform/db/prepared.ts';
import { photos } from './profiles.tables.ts';

export type PhotoRow = typeof photos.$inferSelect;
export type Photo = User['profile']['photos'][number];

export const toPhoto = (row: Pick<PhotoRow, 'id' | 'storageKey' | 'isVerified'>): Photo => ({
  _id: row.id,
  url: photoUrl(row.storageKey),
  isVerified: row.isVerified,
});

export type PhotoJson = Pick<PhotoRow, 'id' | 'storageKey' | 'isVerified'>;

/**
 * A member's photos, oldest first, as a JSON array to read with another row rather than in
 * another query; `ownerId` names the member (spelled out with its table: inside the subquery a
 * lone "id" would be the photo's).
 */
export const photosJsonOf = (ownerId: SQL) =>
  sql<PhotoJson[]>`coalesce((select json_agg(json_build_object('id', ${photos.id}, 'storageKey', ${photos.storageKey}, 'isVerified', ${photos.isVerified}) order by ${photos.createdAt}, ${photos.id}) from ${photos} where ${photos.userId} = ${ownerId}), '[]'::json)`;

/** A member's photos, oldest first, as the JSON text of `toPhoto`'s objects (decision 62). */
export const photosJsonTextOf = (ownerId: SQL) =>
  jsonArrayOf(
    jsonObject({
      _id: jsonUuid(photos.id),
      url: jsonValue(sql`${photoUrl('')} || ${photos.storageKey}`),
      isVerified: sql`${photos.isVerified}::text`,
    }),
    sql`from ${photos} where ${photos.userId} = ${ownerId}`,
    sql`${photos.createdAt}, ${photos.id}`,
    sql`exists (select 1 from ${photos} where ${photos.userId} = ${ownerId})`,
  );

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

/** Photos of many members in one query, oldest first per member. */
export async function photosByMember(db: Tx, userIds: string[]): Promise<Map<string, Photo[]>> {
  const byMember = new Map<string, Photo[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byMember;
  const rows = await db
    .select()
    .from(photos)
    .where(inArray(photos.userId, userIds))
    .orderBy(asc(photos.createdAt), asc(photos.id));
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
