import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_TYPES } from '#shared/domain/notifications.ts';
import { users } from '../auth/auth.tables.ts';

export type NotificationData = {
  profileId?: string;
  bookingId?: string;
  date?: string;
  proposedTime?: string;
  venue?: string;
  requestMessage?: string;
};

/** The inbox (account-and-admin §2): booking requests, nudges, messages, and news of a member's bookings. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    status: text('status'),
    isRead: boolean('is_read').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.isRead} = false and ${t.archivedAt} is null`),
  ],
);
