import { sql, type SQL } from 'drizzle-orm';
import { PhotoSchema, type User } from '#shared/api/auth.ts';
import { photoUrl } from '#shared/api/profiles.ts';
import { jsonArrayOf, jsonObjectOf, jsonUuid, jsonValue } from '../platform/db/json-text.ts';
import { photos } from './profiles.tables.ts';

/** A member's photos as other features read them with their own rows. */
export type Photo = User['profile']['photos'][number];
type PhotoRow = typeof photos.$inferSelect;

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
    jsonObjectOf(PhotoSchema, {
      _id: jsonUuid(photos.id),
      url: jsonValue(sql`${photoUrl('')} || ${photos.storageKey}`),
      isVerified: sql`${photos.isVerified}::text`,
    }),
    sql`from ${photos} where ${photos.userId} = ${ownerId}`,
    sql`${photos.createdAt}, ${photos.id}`,
    sql`exists (select 1 from ${photos} where ${photos.userId} = ${ownerId})`,
  );

/** How many photos a member has (an SQL expression; `ownerId` names the member). */
export const photoCountOf = (ownerId: SQL) => sql<number>`(select count(*)::int from ${photos} where ${photos.userId} = ${ownerId})`;

/** A member's first photo's storage key, or null (an SQL expression; `ownerId` names the member). */
export const firstPhotoKeyOf = (ownerId: SQL) =>
  sql<string | null>`(select ${photos.storageKey} from ${photos} where ${photos.userId} = ${ownerId} order by ${photos.createdAt}, ${photos.id} limit 1)`;
