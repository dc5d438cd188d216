import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Server instances serving realtime connections. Each writes `seen_at` every few seconds; one that
 * stops (crashed, cut off) is swept by the others, and its members' presence with it.
 */
export const realtimeInstances = pgTable('realtime_instances', {
  id: uuid('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

/**
 * Who is connected where: open connections per member and instance. A member is online while the
 * sum over live instances is above zero. (No foreign key to users: platform tables name no feature;
 * a deleted member's row goes with their connections.)
 */
export const realtimePresence = pgTable(
  'realtime_presence',
  {
    userId: uuid('user_id').notNull(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => realtimeInstances.id, { onDelete: 'cascade' }),
    connections: integer('connections').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.instanceId] }),
    index('realtime_presence_instance_idx').on(t.instanceId),
    check('realtime_presence_connections', sql`${t.connections} > 0`),
  ],
);
