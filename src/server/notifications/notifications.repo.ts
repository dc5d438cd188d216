import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { users } from '../auth/auth.read.ts';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../platform/db/client.ts';
import { preparedPerDb } from '../platform/db/prepared.ts';
import { photosJsonOf, type PhotoJson } from '../profiles/photos.read.ts';
import { notifications } from './notifications.tables.ts';

export type NewNotification = typeof notifications.$inferInsert;
export type NotificationRow = typeof notifications.$inferSelect;
export type InboxRow = { item: NotificationRow; senderName: string | null; senderPhotos: PhotoJson[] };
export type InboxView = 'active' | 'archived' | 'all';

/** The insert of new items (their ids given), to run in one statement with their announcements. */
export function insertNotifications(db: Tx, values: (NewNotification & { id: string })[]) {
  return db.insert(notifications).values(values);
}

/** The sender's photos, read with the items rather than in another query. */
const senderPhotos = photosJsonOf(sql`${sql.identifier('users')}.${sql.identifier('id')}`);

function inboxQuery(db: Tx, where: SQL | undefined) {
  return db
    .select({ item: notifications, senderName: users.name, senderPhotos: senderPhotos.as('sender_photos') })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.senderId))
    .where(where);
}

const VIEW_CONDITION: Record<InboxView, SQL | undefined> = {
  active: isNull(notifications.archivedAt),
  archived: isNotNull(notifications.archivedAt),
  all: undefined,
};

/** A member's items with their senders, newest first: one statement per view, prepared (the inbox polls it). */
const inboxStatement = (view: InboxView) =>
  preparedPerDb((db) =>
    inboxQuery(db, and(eq(notifications.userId, sql.placeholder('userId')), VIEW_CONDITION[view]))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(sql.placeholder('limit'))
      .prepare(`notifications_inbox_${view}`),
  );
const inboxStatements = { active: inboxStatement('active'), archived: inboxStatement('archived'), all: inboxStatement('all') };

export async function listInbox(db: Tx, userId: string, view: InboxView, limit: number): Promise<InboxRow[]> {
  return inboxStatements[view](db).execute({ userId, limit });
}

export async function findOwn(db: Tx, userId: string, id: string): Promise<InboxRow | undefined> {
  const [row] = await inboxQuery(db, and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row;
}

const inboxCounts = preparedPerDb((db) =>
  db
    .select({
      active: sql<number>`count(*) filter (where ${notifications.archivedAt} is null)`.mapWith(Number),
      archived: sql<number>`count(*) filter (where ${notifications.archivedAt} is not null)`.mapWith(Number),
    })
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder('userId')))
    .prepare('notifications_inbox_counts'),
);
export async function countInbox(db: Tx, userId: string): Promise<{ active: number; archived: number }> {
  const [row] = await inboxCounts(db).execute({ userId });
  return { active: row?.active ?? 0, archived: row?.archived ?? 0 };
}

/** Unread items still in the inbox; answered from the partial index notifications_unread_idx. */
const unreadCount = preparedPerDb((db) =>
  db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), eq(notifications.isRead, false), isNull(notifications.archivedAt)))
    .prepare('notifications_unread_count'),
);
export async function countUnread(db: Tx, userId: string): Promise<number> {
  const [row] = await unreadCount(db).execute({ userId });
  return row?.n ?? 0;
}

/** Changes one of the member's own items; false when they have no such item. */
export async function updateOwn(db: Tx, userId: string, id: string, values: PgUpdateSetSource<typeof notifications>): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set(values)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Archives one of the member's items, keeping the first archive time; false when they have no such item. */
export async function archiveOwn(db: Tx, userId: string, id: string, at: Date): Promise<boolean> {
  return updateOwn(db, userId, id, { archivedAt: sql`coalesce(${notifications.archivedAt}, ${at.toISOString()}::timestamptz)` });
}

/** Sets the outcome shown on the hosts' booking_request items of these bookings; a settled request needs no more attention (read). */
export async function setBookingRequestStatus(db: Tx, hostIds: string[], bookingIds: string[], status: string): Promise<void> {
  if (bookingIds.length > 0) await bookingRequestStatusUpdate(db, hostIds, bookingIds, status);
}

/** `setBookingRequestStatus`'s update, to run or to ride in another statement. */
export function bookingRequestStatusUpdate(db: Tx, hostIds: string[], bookingIds: string[], status: string) {
  return db
    .update(notifications)
    .set({ status, isRead: true })
    .where(
      and(
        // The hosts' ids let the user index narrow the search before the data field is read.
        inArray(notifications.userId, [...new Set(hostIds)]),
        eq(notifications.type, 'booking_request'),
        inArray(sql`${notifications.data}->>'bookingId'`, bookingIds),
      ),
    );
}

/** A removed member's inbox, and the items they sent to others. */
export async function eraseMember(tx: Tx, userId: string): Promise<void> {
  await tx.delete(notifications).where(or(eq(notifications.userId, userId), eq(notifications.senderId, userId)));
}

/**
 * Inbox items made inside another feature's statement (a booking request's, decision 55): an
 * INSERT … SELECT of `values` (SQL expressions of that statement) over `from`, answering each item's
 * id, member, title and message.
 */
export function insertItemsFrom(values: { userId: SQL; senderId: SQL; type: SQL; title: SQL; message: SQL; data: SQL; createdAt: SQL }, from: SQL): SQL {
  return sql`insert into ${notifications} (user_id, sender_id, type, title, message, data, created_at)
    select ${values.userId}, ${values.senderId}, ${values.type}, ${values.title}, ${values.message}, ${values.data}, ${values.createdAt}
    ${from}
    returning id, user_id, title, message`;
}
