import { and, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdminAction, AuditTargetKind } from '#shared/api/admin.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '#shared/domain/profile.ts';
import { emailTokens, sessions, users } from '../auth/auth.tables.ts';
import { availabilitySlots } from '../availability/availability.tables.ts';
import { biometricChallenges, biometricCredentials } from '../biometric/biometric.tables.ts';
import { bookings } from '../bookings/bookings.tables.ts';
import { messages } from '../chat/chat.tables.ts';
import { likes } from '../likes/likes.tables.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { nudges } from '../nudges/nudges.tables.ts';
import type { Tx } from '../platform/db/client.ts';
import { forgetIdempotencyKeys } from '../platform/idempotency/idempotency.ts';
import { photos } from '../profiles/profiles.tables.ts';
import { pushSubscriptions } from '../push/push.tables.ts';
import { scoreEvents } from '../score/score.tables.ts';
import { adminAuditLog } from './admin.tables.ts';

export type UserRow = typeof users.$inferSelect;
export type AuditRow = typeof adminAuditLog.$inferSelect;

/** Removed accounts stay as anonymous rows (decision 21); no admin list or figure counts them. */
const notRemoved = ne(users.accountStatus, 'deleted');

export async function stats(db: Tx, signedUpSince: Date, now: Date) {
  const [people] = await db
    .select({
      total: count(),
      recentSignups: sql<number>`count(*) filter (where ${users.createdAt} >= ${signedUpSince.toISOString()})`.mapWith(Number),
      banned: sql<number>`count(*) filter (where ${users.isBanned})`.mapWith(Number),
    })
    .from(users)
    .where(notRemoved);
  const [dates] = await db
    .select({
      total: count(),
      confirmed: sql<number>`count(*) filter (where ${bookings.status} = 'confirmed')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${bookings.status} = 'pending')`.mapWith(Number),
    })
    .from(bookings);
  const [slots] = await db
    .select({ total: count() })
    .from(availabilitySlots)
    .innerJoin(users, eq(users.id, availabilitySlots.hostId))
    .where(
      and(
        isNull(availabilitySlots.removedAt),
        sql`${availabilitySlots.startsAt} > ${now.toISOString()}`,
        sql`${availabilitySlots.confirmedCount} < ${availabilitySlots.maxBookings}`,
        eq(users.accountStatus, 'active'),
        eq(users.isBanned, false),
      ),
    );
  return { people: people!, dates: dates!, openSlots: slots!.total };
}

/** `%` and `_` typed by the admin are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type ListedUser = UserRow & { bookingsTotal: number; bookingsConfirmed: number };

/** One page of members, newest first, matching the search on name or e-mail; and how many match. */
export async function listUsers(db: Tx, query: { page: number; limit: number; search: string }): Promise<{ rows: ListedUser[]; total: number }> {
  const pattern = query.search ? likePattern(query.search) : null;
  const where: SQL = pattern ? and(notRemoved, or(ilike(users.name, pattern), ilike(users.email, pattern)))! : notRemoved;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).where(where);
  const ofMember = sql`(${bookings.hostId} = ${users.id} or ${bookings.guestId} = ${users.id})`;
  const rows = await db
    .select({
      user: users,
      bookingsTotal: sql<number>`(select count(*) from ${bookings} where ${ofMember})`.mapWith(Number),
      bookingsConfirmed: sql<number>`(select count(*) from ${bookings} where ${ofMember} and ${bookings.status} = 'confirmed')`.mapWith(Number),
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { rows: rows.map((row) => ({ ...row.user, bookingsTotal: row.bookingsTotal, bookingsConfirmed: row.bookingsConfirmed })), total };
}

/** The member's booking counts (total and confirmed). */
export async function bookingCounts(db: Tx, userId: string): Promise<{ total: number; confirmed: number }> {
  const [row] = await db
    .select({ total: count(), confirmed: sql<number>`count(*) filter (where ${bookings.status} = 'confirmed')`.mapWith(Number) })
    .from(bookings)
    .where(or(eq(bookings.hostId, userId), eq(bookings.guestId, userId)));
  return row ?? { total: 0, confirmed: 0 };
}

/** Holds a member's row (not a removed one) until the transaction ends: admin actions on one member queue up. */
export async function lockUser(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(and(eq(users.id, id), notRemoved)).for('update');
  return row;
}

export async function setBanned(tx: Tx, id: string, banned: boolean): Promise<UserRow> {
  const [row] = await tx.update(users).set({ isBanned: banned }).where(eq(users.id, id)).returning();
  return row!;
}

export async function revokeSessions(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function insertAudit(
  tx: Tx,
  entry: {
    adminId: string;
    adminEmail: string;
    action: AdminAction;
    targetKind: AuditTargetKind;
    targetId: string;
    targetEmail: string | null;
    targetName?: string | null;
    reason: string | null;
    createdAt: Date;
  },
): Promise<void> {
  await tx.insert(adminAuditLog).values(entry);
}

export async function auditEntries(db: Tx, filter: { targetId?: string; limit: number }): Promise<AuditRow[]> {
  return db
    .select()
    .from(adminAuditLog)
    .where(filter.targetId ? eq(adminAuditLog.targetId, filter.targetId) : undefined)
    .orderBy(desc(adminAuditLog.seq))
    .limit(filter.limit);
}

/**
 * Everything of a removed member's that another member could reach, gone: sessions and mailed
 * links, push devices, photos (their file keys are returned for removal once committed), likes and nudges either
 * way, messages either way, their inbox and the items they sent, their score entries, and their
 * open slots (slots with bookings stay, removed, for the other party's history).
 */
export async function eraseMemberData(tx: Tx, userId: string, now: Date): Promise<string[]> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await forgetIdempotencyKeys(tx, userId);
  await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const removedPhotos = await tx.delete(photos).where(eq(photos.userId, userId)).returning({ key: photos.storageKey });
  await tx.delete(likes).where(or(eq(likes.likerId, userId), eq(likes.likedId, userId)));
  await tx.delete(nudges).where(or(eq(nudges.senderId, userId), eq(nudges.recipientId, userId)));
  await tx.delete(messages).where(or(eq(messages.senderId, userId), eq(messages.recipientId, userId)));
  await tx.delete(notifications).where(or(eq(notifications.userId, userId), eq(notifications.senderId, userId)));
  await tx.delete(scoreEvents).where(eq(scoreEvents.userId, userId));
  await tx.delete(biometricCredentials).where(eq(biometricCredentials.userId, userId));
  await tx.delete(biometricChallenges).where(eq(biometricChallenges.userId, userId));
  const booked = tx.select({ id: bookings.slotId }).from(bookings).where(eq(bookings.hostId, userId));
  await tx.delete(availabilitySlots).where(and(eq(availabilitySlots.hostId, userId), sql`${availabilitySlots.id} not in ${booked}`));
  await tx
    .update(availabilitySlots)
    .set({ removedAt: now, removalReason: 'Account removed' })
    .where(and(eq(availabilitySlots.hostId, userId), isNull(availabilitySlots.removedAt)));
  return removedPhotos.map((photo) => photo.key);
}

/**
 * The member's row kept only as an anonymous placeholder, so the other party's past dates keep
 * their shape: no name, e-mail, password, bio, interests, place or partner; status 'deleted'
 * (which every sign-in, browse, booking and chat path already refuses). The e-mail is freed.
 */
export async function anonymise(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({
      accountStatus: 'deleted',
      email: `removed-${userId}@removed.invalid`,
      passwordHash: '!removed',
      name: 'Removed member',
      bio: '',
      interests: [],
      city: '',
      country: '',
      longitude: null,
      latitude: null,
      partnerName: null,
      partnerAge: null,
      partnerGender: null,
      relationshipType: null,
      isAdmin: false,
      isBiometricVerified: false,
      isPhotoVerified: false,
      referredBy: null,
      prefDateTypes: null,
      prefGenders: null,
      prefAgeMin: null,
      prefAgeMax: null,
      prefDistanceKm: null,
      prefAccountTypes: null,
      notificationSettings: DEFAULT_NOTIFICATION_SETTINGS,
    })
    .where(eq(users.id, userId));
}
