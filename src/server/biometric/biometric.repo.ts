import { and, eq, lt } from 'drizzle-orm';
import { users } from '../auth/auth.read.ts';
import type { Tx } from '../platform/db/client.ts';
import { biometricChallenges, biometricCredentials } from './biometric.tables.ts';

export type CredentialRow = typeof biometricCredentials.$inferSelect;

export async function memberOf(db: Tx, userId: string) {
  const [row] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function credentialsOf(db: Tx, userId: string): Promise<CredentialRow[]> {
  return db.select().from(biometricCredentials).where(eq(biometricCredentials.userId, userId));
}

/** The member's one live challenge: a new one replaces whatever they had. */
export async function saveChallenge(db: Tx, row: typeof biometricChallenges.$inferInsert): Promise<void> {
  await db
    .insert(biometricChallenges)
    .values(row)
    .onConflictDoUpdate({ target: biometricChallenges.userId, set: { challenge: row.challenge, expiresAt: row.expiresAt } });
}

/**
 * Takes the member's challenge if it is the one given, in one statement: of two verifications
 * racing with the same challenge, PostgreSQL gives the row to one and nothing to the other.
 */
export async function takeChallenge(db: Tx, userId: string, challenge: string): Promise<{ expiresAt: Date } | undefined> {
  const [row] = await db
    .delete(biometricChallenges)
    .where(and(eq(biometricChallenges.userId, userId), eq(biometricChallenges.challenge, challenge)))
    .returning({ expiresAt: biometricChallenges.expiresAt });
  return row;
}

/** False when the credential id is already registered (to anyone). */
export async function insertCredential(db: Tx, row: typeof biometricCredentials.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(biometricCredentials).values(row).onConflictDoNothing().returning({ id: biometricCredentials.id });
  return inserted.length > 0;
}

/** Challenges nobody used (the prune job). */
export async function pruneChallenges(db: Tx, now: Date): Promise<void> {
  await db.delete(biometricChallenges).where(lt(biometricChallenges.expiresAt, now));
}

/** A removed member's passkeys and open challenges. */
export async function eraseMember(tx: Tx, userId: string): Promise<void> {
  await tx.delete(biometricCredentials).where(eq(biometricCredentials.userId, userId));
  await tx.delete(biometricChallenges).where(eq(biometricChallenges.userId, userId));
}
