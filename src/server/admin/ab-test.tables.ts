import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Tagline A/B test (decision 37): one row per visitor, variant and event the first time it
 * happens (the unique count), and per day, variant and event a running total.
 */
export const abTestVisitors = pgTable(
  'ab_test_visitors',
  {
    visitorId: text('visitor_id').notNull(),
    variant: text('variant').notNull(),
    event: text('event', { enum: ['view', 'click'] }).notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.visitorId, t.variant, t.event] }), index('ab_test_visitors_first_idx').on(t.firstAt)],
);

export const abTestDaily = pgTable(
  'ab_test_daily',
  {
    /** The UTC day, YYYY-MM-DD. */
    day: text('day').notNull(),
    variant: text('variant').notNull(),
    event: text('event', { enum: ['view', 'click'] }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.variant, t.event] })],
);
