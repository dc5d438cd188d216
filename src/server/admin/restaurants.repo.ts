import { and, asc, count, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { RestaurantInput } from '#shared/api/restaurants.ts';
import type { Tx } from '../platform/db/client.ts';
import { bannerUploads, restaurants } from './restaurants.tables.ts';

export type RestaurantRow = typeof restaurants.$inferSelect;

const columnsOf = (input: RestaurantInput) => ({
  name: input.name,
  street: input.address.street,
  city: input.address.city,
  province: input.address.province,
  postalCode: input.address.postalCode,
  bannerText: input.banner.text,
  bannerLink: input.banner.link,
  bannerImageKey: input.banner.image?.filename ?? null,
  ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
  ...(input.banner.isActive === undefined ? {} : { bannerActive: input.banner.isActive }),
});

export async function listRestaurants(db: Tx): Promise<RestaurantRow[]> {
  return db.select().from(restaurants).orderBy(desc(restaurants.createdAt), desc(restaurants.id));
}

export async function insertRestaurant(tx: Tx, input: RestaurantInput, now: Date): Promise<RestaurantRow> {
  const [row] = await tx
    .insert(restaurants)
    .values({ ...columnsOf(input), createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** Holds a restaurant's row until the transaction ends: two changes to one restaurant queue up. */
export async function lockRestaurant(tx: Tx, id: string): Promise<RestaurantRow | undefined> {
  const [row] = await tx.select().from(restaurants).where(eq(restaurants.id, id)).for('update');
  return row;
}

export async function updateRestaurant(tx: Tx, id: string, input: RestaurantInput, now: Date): Promise<RestaurantRow> {
  const [row] = await tx
    .update(restaurants)
    .set({ ...columnsOf(input), updatedAt: now })
    .where(eq(restaurants.id, id))
    .returning();
  return row!;
}

export async function setActive(tx: Tx, id: string, active: boolean, now: Date): Promise<RestaurantRow> {
  // Activating shows the banner again too: Active means both are (account-and-admin §4).
  const [row] = await tx
    .update(restaurants)
    .set(active ? { isActive: true, bannerActive: true, updatedAt: now } : { isActive: false, updatedAt: now })
    .where(eq(restaurants.id, id))
    .returning();
  return row!;
}

export async function deleteRestaurant(tx: Tx, id: string): Promise<void> {
  await tx.delete(restaurants).where(eq(restaurants.id, id));
}

/** How many other restaurants show this image (an admin may reuse one upload). */
export async function imageUsers(db: Tx, key: string, exceptId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(restaurants)
    .where(and(eq(restaurants.bannerImageKey, key), ne(restaurants.id, exceptId)));
  return row?.n ?? 0;
}

const shown = and(eq(restaurants.isActive, true), eq(restaurants.bannerActive, true));

export async function activeBanners(db: Tx, limit: number): Promise<RestaurantRow[]> {
  return db.select().from(restaurants).where(shown).orderBy(asc(restaurants.name), asc(restaurants.id)).limit(limit);
}

/** Counts a view or a click of a shown banner; false when there is no such banner on show. */
export async function countBanner(db: Tx, id: string, event: 'view' | 'click'): Promise<boolean> {
  const set = event === 'view' ? { views: sql`${restaurants.views} + 1` } : { clicks: sql`${restaurants.clicks} + 1` };
  const rows = await db
    .update(restaurants)
    .set(set)
    .where(and(eq(restaurants.id, id), shown))
    .returning({ id: restaurants.id });
  return rows.length > 0;
}

/** An upload waits here until a saved restaurant claims it. */
export async function insertUpload(db: Tx, key: string, now: Date): Promise<void> {
  await db.insert(bannerUploads).values({ key, uploadedAt: now });
}

/** Claims an uploaded image for a restaurant being saved; false when no upload waits under that key. */
export async function claimUpload(tx: Tx, key: string): Promise<boolean> {
  const claimed = await tx.delete(bannerUploads).where(eq(bannerUploads.key, key)).returning({ key: bannerUploads.key });
  return claimed.length > 0;
}

/** Forgets the uploads no save claimed before `cutoff`; answers their keys, whose files can go. */
export async function dropUploadsBefore(db: Tx, cutoff: Date): Promise<string[]> {
  const dropped = await db.delete(bannerUploads).where(lt(bannerUploads.uploadedAt, cutoff)).returning({ key: bannerUploads.key });
  return dropped.map((row) => row.key);
}

/**
 * Which of these keys a restaurant shows or an upload still waits with, in one statement: a save
 * that claims an upload meanwhile moves the key from one table to the other within its snapshot.
 */
export async function imageKeysIn(db: Tx, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ key: sql<string>`${restaurants.bannerImageKey}` })
    .from(restaurants)
    .where(inArray(restaurants.bannerImageKey, keys))
    .union(db.select({ key: bannerUploads.key }).from(bannerUploads).where(inArray(bannerUploads.key, keys)));
  return rows.map((row) => row.key);
}
