import { asc, eq, inArray, sql } from 'drizzle-orm';
import { photoUrl } from '#shared/api/profiles.ts';
import type { User } from '#shared/api/auth.ts';
import type { Tx } from '../platform/db/client.ts';
import { preparedPerDb } from '../platform/db/prepared.ts';
import { photos } from './profiles.tables.ts';

export type PhotoRow = typeof photos.$inferSelect;
export type Photo = User['profile']['photos'][number];

export const toPhoto = (row: Pick<PhotoRow, 'id' | 'storageKey' | 'isVerified'>): Photo => ({
  _id: row.id,
  url: photoUrl(row.storageKey),
  isVerified: row.isVerified,
});

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
