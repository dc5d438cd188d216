import { randomUUID } from 'node:crypto';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { Notification, NotificationsQuerySchema } from '#shared/api/notifications.ts';
import { HttpError } from '#shared/http-error.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { isUuid } from '../platform/ids.ts';
import { announceWith, type Announcement } from '../platform/realtime/announce.ts';
import { toPhoto } from '../profiles/photos.read.ts';
import { pushJobsFor, type BookingPushEvent } from '../push/push.service.ts';
import * as repo from './notifications.repo.ts';

/** Erasing a removed member (decision 21) is each feature's own part, called by admin in one transaction. */
export { eraseMember } from './notifications.repo.ts';
/** For a statement of another feature that makes inbox items itself (the booking request's). */
export { insertItemsFrom } from './notifications.repo.ts';

export type NewNotification = Omit<repo.NewNotification, 'id' | 'isRead' | 'archivedAt'> & {
  /** For a booking_update: the change it tells, when it is one pushed to the member (not stored). */
  bookingEvent?: BookingPushEvent;
};
type NotificationsQuery = z.output<typeof NotificationsQuerySchema>;

export const NOTIFICATION_NOT_FOUND = 'Notification not found';
export const ONLY_NUDGES_ACKNOWLEDGED = 'Only a nudge can be acknowledged';
/** The most items one list answers with. */
export const INBOX_LIMIT = 100;

/** Bookings whose hosts' booking_request items get this outcome (confirmed, declined, auto_cancelled…). */
export type RequestOutcome = { bookings: { id: string; hostId: string }[]; status: string };

/**
 * What rides in the statement that stores the items: the change's own events and writes (such as
 * its mail jobs), events the database writes (`notify`, see announceWith) and request outcomes.
 */
export type AlsoInStatement = { announce?: Announcement[]; write?: SQLWrapper[]; notify?: SQL[]; settles?: RequestOutcome };

/**
 * Puts an item in a member's inbox, inside the caller's transaction (so it exists exactly when the
 * change does), announces it there (the member's open apps refresh their inbox on commit) and queues
 * its push to the member's devices (booking requests, nudges, and a booking's confirmation or
 * cancellation, as the member's settings allow; the push job sends it after the commit).
 * `also` goes in the same statement (the change's own events and writes: one round trip for all).
 */
export async function createNotification(tx: Tx, notification: NewNotification, also: AlsoInStatement = {}): Promise<string> {
  const [id] = await createNotifications(tx, [notification], also);
  return id!;
}

/**
 * Several items at once (one statement with their announcements and push jobs), inside the
 * caller's transaction, `also` in the same statement.
 */
export async function createNotifications(
  tx: Tx,
  notifications: NewNotification[],
  { announce = [], write = [], notify = [], settles }: AlsoInStatement = {},
): Promise<string[]> {
  if (notifications.length === 0) return [];
  const items = notifications.map(({ bookingEvent: _, ...item }) => ({ ...item, id: randomUUID() }));
  const pushes = notifications.flatMap((notification) => pushJobsFor(notification) ?? []);
  const settled = settles && settles.bookings.length > 0 ? [repo.bookingRequestStatusUpdate(tx, ...outcomeOf(settles))] : [];
  await announceWith(
    tx,
    [repo.insertNotifications(tx, items), ...pushes, ...settled, ...write],
    [...announce, ...items.map((item) => ({ to: [item.userId], event: { type: 'notification' as const, notificationId: item.id, notificationType: item.type } }))],
    notify,
  );
  return items.map((item) => item.id);
}

/** Records the outcome on the hosts' booking_request items of these bookings. */
export function setBookingRequestStatus(tx: Tx, bookings: RequestOutcome['bookings'], status: string): Promise<void> {
  return repo.setBookingRequestStatus(tx, ...outcomeOf({ bookings, status }));
}

const outcomeOf = ({ bookings, status }: RequestOutcome): [hostIds: string[], bookingIds: string[], status: string] => [
  bookings.map((booking) => booking.hostId),
  bookings.map((booking) => booking.id),
  status,
];

function toNotification({ item, senderName, senderPhotos }: repo.InboxRow): Notification {
  return {
    _id: item.id,
    type: item.type,
    title: item.title,
    message: item.message,
    isRead: item.isRead,
    isArchived: item.archivedAt !== null,
    createdAt: item.createdAt.toISOString(),
    sender: item.senderId && senderName !== null ? { _id: item.senderId, profile: { name: senderName, photos: senderPhotos.map(toPhoto) } } : null,
    data: item.data,
    status: item.status,
  };
}

export function createNotificationsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** The member's own item; anyone else's, or an id that names nothing, is not found. */
  async function own(memberId: string, id: string): Promise<Notification> {
    const row = isUuid(id) ? await repo.findOwn(db, memberId, id) : undefined;
    if (!row) throw new HttpError(404, NOTIFICATION_NOT_FOUND);
    return toNotification(row);
  }

  async function change(memberId: string, id: string, apply: () => Promise<boolean>): Promise<Notification> {
    if (!isUuid(id) || !(await apply())) throw new HttpError(404, NOTIFICATION_NOT_FOUND);
    return own(memberId, id);
  }

  return {
    async list(memberId: string, query: NotificationsQuery) {
      const view: repo.InboxView = query.archivedOnly ? 'archived' : query.includeArchived ? 'all' : 'active';
      const [rows, counts] = await Promise.all([repo.listInbox(db, memberId, view, INBOX_LIMIT), repo.countInbox(db, memberId)]);
      return { notifications: rows.map(toNotification), counts };
    },

    unreadCount: async (memberId: string) => ({ count: await repo.countUnread(db, memberId) }),

    markRead: (memberId: string, id: string) => change(memberId, id, () => repo.updateOwn(db, memberId, id, { isRead: true })),

    archive: (memberId: string, id: string) => change(memberId, id, () => repo.archiveOwn(db, memberId, id, clock.now())),

    /** A nudge is acknowledged by reading it; other kinds have their own answers. */
    async acknowledge(memberId: string, id: string): Promise<Notification> {
      const item = await own(memberId, id);
      if (item.type !== 'nudge') throw new HttpError(400, ONLY_NUDGES_ACKNOWLEDGED);
      return change(memberId, id, () => repo.updateOwn(db, memberId, id, { isRead: true }));
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
