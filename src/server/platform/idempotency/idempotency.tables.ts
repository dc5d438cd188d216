import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Changes a member sent with an `Idempotency-Key` (the app's offline outbox replays them): written in
 * the change's own transaction, so the change and its record commit together or not at all. A replay
 * answers the stored status and body. (No foreign key to users: platform tables name no feature; an
 * admin's removal deletes a member's rows, and the prune job drops rows after KEY_KEPT_MS.)
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    memberId: uuid('member_id').notNull(),
    key: uuid('key').notNull(),
    /** `METHOD /api/path` of the first request: the same key on another call is refused. */
    request: text('request').notNull(),
    /** SHA-256 (hex) of the validated body: the same key with another body is refused. */
    bodyHash: text('body_hash').notNull(),
    /** The answer. Null only inside the claiming transaction: a committed row always has one. */
    status: integer('status'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
