import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_STATUSES } from '#shared/api/reports.ts';
import { users } from '../auth/auth.tables.ts';

/**
 * A member's report about another. The reporter may be erased later (set null: the report stays
 * for the queue); a reported member's erasure takes their reports with them.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reportedId: uuid('reported_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    action: text('action', { enum: REPORT_ACTIONS }),
    note: text('note'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    /** One open report per pair: a second one while the first waits is refused. */
    uniqueIndex('reports_open_pair_idx').on(t.reporterId, t.reportedId).where(sql`${t.status} = 'open'`),
    index('reports_queue_idx').on(t.status, t.createdAt),
    index('reports_reported_idx').on(t.reportedId, t.createdAt),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
  ],
);
