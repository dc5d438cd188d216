import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.ts';

/**
 * Chat messages between two members. `seq` orders them and makes the thread's cursors: many
 * messages can share a timestamp. A thread is found through the member pair written in order
 * (least, greatest), so both directions share one index.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** The sender's own id for the message: a resend with it is stored once. */
    clientId: uuid('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('messages_sender_client_id_key').on(t.senderId, t.clientId).where(sql`${t.clientId} is not null`),
    // A thread's pages and a conversation's last message: newest first within the pair.
    index('messages_thread_idx').on(sql`least(${t.senderId}, ${t.recipientId})`, sql`greatest(${t.senderId}, ${t.recipientId})`, t.seq),
    // Unread counts (per recipient, per sender) and mark-read touch only unread rows.
    index('messages_unread_idx').on(t.recipientId, t.senderId).where(sql`${t.readAt} is null`),
  ],
);
