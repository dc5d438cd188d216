import { bigint, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Each member's browse card as it was last written, but for what compares it with a viewer
 * (decision 85): the page statement reads it instead of writing the card again while it is valid.
 * Derived data: not in backups. No foreign key (it would lock the member's row on every keeping):
 * the hourly prune forgets the cards of members who are gone.
 */
export const browseCards = pgTable('browse_cards', {
  memberId: uuid('member_id').primaryKey(),
  /** The card template's texts (browse-card.ts `cardTemplate`), in order. */
  parts: text('parts').array().notNull(),
  /** A digest of the template's SQL and values: a card written by other code or settings is never read. */
  format: text('format').notNull(),
  /** The app's clock when it was written, and the instant it stops being true (its first free time starts, or the month ends). */
  writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  /** The oldest transaction still running when the card was read (pg_snapshot_xmin): a change from it or later may be missing. */
  snapshotXmin: bigint('snapshot_xmin', { mode: 'number' }).notNull(),
});

/**
 * Which transactions changed what a member's card shows, written by triggers on the tables the
 * card reads (migration 0020). Only inserts: a change never waits for a reader or another writer.
 * Kept a day (`pruneCardChanges`).
 */
export const browseCardChanges = pgTable(
  'browse_card_changes',
  {
    memberId: uuid('member_id').notNull(),
    xid: bigint('xid', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.xid] })],
);
