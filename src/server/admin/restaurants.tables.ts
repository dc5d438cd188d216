import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Restaurants that advertise to members (account-and-admin §3): the address, one banner (text,
 * link, an optional image kept by its storage key) and its counts. Shown to members only while
 * both `is_active` and `banner_active` hold.
 */
export const restaurants = pgTable(
  'restaurants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    province: text('province').notNull(),
    postalCode: text('postal_code').notNull(),
    bannerText: text('banner_text').notNull(),
    bannerLink: text('banner_link').notNull(),
    /** A `banner-<uuid>.webp` storage key, or null for a text-only banner. */
    bannerImageKey: text('banner_image_key'),
    isActive: boolean('is_active').notNull().default(true),
    bannerActive: boolean('banner_active').notNull().default(true),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('restaurants_created_idx').on(t.createdAt)],
);

/**
 * Banner images uploaded but not yet named by a saved restaurant. A save claims its image (the row
 * goes); the prune job removes the files of those left unclaimed for a day.
 */
export const bannerUploads = pgTable(
  'banner_uploads',
  {
    key: text('key').primaryKey(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('banner_uploads_uploaded_idx').on(t.uploadedAt)],
);
