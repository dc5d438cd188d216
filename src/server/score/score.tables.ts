import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SCORE_CATEGORIES } from '#shared/domain/score.ts';
import { users } from '../auth/auth.tables.ts';

/** The score ledger: a member's score is 650 plus the sum of their entries, clamped to 300–850. */
export const scoreEvents = pgTable(
  'score_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: SCORE_CATEGORIES }).notNull(),
    points: integer('points').notNull(),
    description: text('description').notNull(),
    /** Set for entries a member earns once (e-mail verification, first photo): unique per member. */
    onceKey: text('once_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('score_events_user_idx').on(t.userId, t.createdAt), uniqueIndex('score_events_once_key').on(t.userId, t.onceKey)],
);
