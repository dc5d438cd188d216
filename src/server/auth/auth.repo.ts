import { and, eq, gt, isNull, sql } from 'drizzle-orm';
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

export async function findUserById(db: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
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
    .select({ sessionId: sessions.id, user: users })
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
