import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ADMIN_ACTIONS, AUDIT_TARGET_KINDS } from '#shared/api/admin.ts';
import { users } from '../auth/auth.tables.ts';

/**
 * Every admin action (decision 22): who, what, whom, when and why, written in the same
 * transaction as the action. The member acted on is kept by id and e-mail as they were then, with
 * no foreign key: the entry outlives what it records. The admin's e-mail is copied for the same reason.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Write order: entries of one instant still read back in the order they were made. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email').notNull(),
    action: text('action', { enum: ADMIN_ACTIONS }).notNull(),
    /** What was acted on: a member (kept by e-mail) or a restaurant (kept by name). */
    targetKind: text('target_kind', { enum: AUDIT_TARGET_KINDS }).notNull().default('user'),
    targetId: uuid('target_id').notNull(),
    targetEmail: text('target_email'),
    targetName: text('target_name'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('admin_audit_log_seq_idx').on(t.seq), index('admin_audit_log_target_idx').on(t.targetId, t.seq)],
);
