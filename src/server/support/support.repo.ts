import { eq, inArray } from 'drizzle-orm';
import { users } from '../auth/auth.read.ts';
import type { Tx } from '../platform/db/client.ts';
import { contactMessages, feedback, invites, jobApplications } from './support.tables.ts';

export async function insertContactMessage(db: Tx, row: typeof contactMessages.$inferInsert): Promise<void> {
  await db.insert(contactMessages).values(row);
}

export async function insertFeedback(db: Tx, row: typeof feedback.$inferInsert): Promise<void> {
  await db.insert(feedback).values(row);
}

export async function insertJobApplication(db: Tx, row: typeof jobApplications.$inferInsert): Promise<void> {
  await db.insert(jobApplications).values(row);
}

/** Records the invites; answers the addresses that were new for this inviter (only those are mailed). */
export async function insertInvites(db: Tx, inviterId: string, rows: { email: string; gender: 'female' | 'male' }[], at: Date): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(invites)
    .values(rows.map((row) => ({ inviterId, email: row.email, gender: row.gender, createdAt: at })))
    .onConflictDoNothing()
    .returning({ email: invites.email });
  return inserted.map((row) => row.email);
}

/** Those of `emails` that already have an account. */
export async function memberEmailsAmong(db: Tx, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  return new Set(rows.map((row) => row.email));
}

export async function inviterOf(db: Tx, userId: string) {
  const [row] = await db.select({ name: users.name, email: users.email, referralCode: users.referralCode }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function referralOf(db: Tx, friendId: string) {
  const [row] = await db.select({ name: users.name, gender: users.gender, referredBy: users.referredBy }).from(users).where(eq(users.id, friendId)).limit(1);
  return row;
}

/** The referrer's membership, with their row locked: grants to one referrer queue, so the cap holds. */
export async function lockReferrer(db: Tx, referrerId: string) {
  const [row] = await db.select({ carTier: users.carTier }).from(users).where(eq(users.id, referrerId)).for('update');
  return row;
}

export const REFERRAL_ONCE_PREFIX = 'referral:';
