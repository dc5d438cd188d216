import { and, count, desc, eq, gt, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '#shared/domain/profile.ts';
import type { Tx } from '../platform/db/client.ts';
import { preparedPerDb } from '../platform/db/prepared.ts';
import { emailTokens, sessions, users } from './auth.tables.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type TokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];

export async function insertUser(db: Tx, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function findUserByEmail(db: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

// A call answered from the session cache that needs the member's row reads it here: prepared once.
const userById = preparedPerDb((db) => db.select().from(users).where(eq(users.id, sql.placeholder('id'))).limit(1).prepare('auth_user_by_id'));
export async function findUserById(db: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await userById(db).execute({ id });
  return row;
}

export async function findUserIdByReferralCode(db: Tx, code: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code.toUpperCase())).limit(1);
  return row?.id;
}

export async function insertSession(db: Tx, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

// Every signed-in call runs this first: prepared once, then only executed.
const liveSession = preparedPerDb((db) =>
  db
    .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('auth_live_session'),
);

/** The unrevoked, unexpired session with this token hash, and its member's row. */
export async function findLiveSession(db: Tx, tokenHash: string, now: Date) {
  const [row] = await liveSession(db).execute({ tokenHash, now: now.toISOString() });
  return row;
}

export async function revokeSession(db: Tx, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Tx, userId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function insertEmailToken(db: Tx, values: typeof emailTokens.$inferInsert): Promise<void> {
  await db.insert(emailTokens).values(values);
}

/**
 * Marks a live token used and returns its user id, in one statement: of two requests racing
 * with the same link, exactly one gets the id.
 */
export async function useEmailToken(db: Tx, purpose: TokenPurpose, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId;
}

export async function markEmailVerified(db: Tx, userId: string, now: Date): Promise<UserRow> {
  const [row] = await db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId)).returning();
  return row!;
}

export async function setPasswordHash(db: Tx, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Removed accounts stay as anonymous rows (decision 21); no admin list or figure counts them. */
const notRemoved = ne(users.accountStatus, 'deleted');

/** Members (removed ones aside): how many, how many signed up since `since`, how many are banned. */
export async function memberCounts(db: Tx, since: Date): Promise<{ total: number; recentSignups: number; banned: number }> {
  const [row] = await db
    .select({
      total: count(),
      recentSignups: sql<number>`count(*) filter (where ${users.createdAt} >= ${since.toISOString()})`.mapWith(Number),
      banned: sql<number>`count(*) filter (where ${users.isBanned})`.mapWith(Number),
    })
    .from(users)
    .where(notRemoved);
  return row!;
}

/** `%` and `_` typed by the admin are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of members, newest first, matching the search on name or e-mail; and how many match. */
export async function searchMembers(db: Tx, query: { page: number; limit: number; search: string }): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = query.search ? likePattern(query.search) : null;
  const where: SQL = pattern ? and(notRemoved, or(ilike(users.name, pattern), ilike(users.email, pattern)))! : notRemoved;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { rows, total };
}

/** Holds a member's row (not a removed one) until the transaction ends: admin actions on one member queue up. */
export async function lockMember(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(and(eq(users.id, id), notRemoved)).for('update');
  return row;
}

export async function setBanned(tx: Tx, id: string, banned: boolean): Promise<UserRow> {
  const [row] = await tx.update(users).set({ isBanned: banned }).where(eq(users.id, id)).returning();
  return row!;
}

/** A removed member's sessions and mailed links. */
export async function eraseMember(tx: Tx, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
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

/** Whether the database holds no member at all (the demo members come only then). */
export async function hasNoMembers(db: Tx): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length === 0;
}

/** Many members at once (the demo members), in the order given; their ids in that order. */
export async function insertMembers(db: Tx, rows: NewUserRow[]): Promise<{ id: string }[]> {
  return rows.length === 0 ? [] : db.insert(users).values(rows).returning({ id: users.id });
}

/** The profile's fields of the member row (profiles' rules decide them); the row as it is now. */
export async function updateMember(db: Tx, id: string, values: Partial<NewUserRow>): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row!;
}

export async function setNotificationSettings(db: Tx, id: string, settings: NotificationSettings): Promise<void> {
  await db.update(users).set({ notificationSettings: settings }).where(eq(users.id, id));
}

/** The passkey badge, once a credential is verified (biometric's rules). */
export async function markBiometricVerified(db: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ isBiometricVerified: true }).where(eq(users.id, id)).returning();
  return row;
}

/** The car-team badge everyone sees, following the membership record in its transaction (subscriptions' rules). */
export async function setCarTier(db: Tx, id: string, tier: string): Promise<void> {
  await db.update(users).set({ carTier: tier }).where(eq(users.id, id));
}

/** Stores the member's score as `score` (SQL: score's ledger decides it); the score stored, if the member exists. */
export async function storeScore(db: Tx, id: string, score: SQL<number>): Promise<number | undefined> {
  const [row] = await db.update(users).set({ score }).where(eq(users.id, id)).returning({ score: users.score });
  return row?.score;
}
