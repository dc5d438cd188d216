import { and, isNotNull, lt, lte, or } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { emailTokens, sessions } from './auth.tables.ts';
import { DAY_MS } from '#shared/domain/durations.ts';

/** Ended sessions are kept this long (a member's recent sign-ins can still be looked into). */
export const ENDED_SESSIONS_KEPT_MS = 7 * DAY_MS;

/**
 * Part of the hourly prune: sessions that expired or were revoked over a week ago, and mailed links
 * already used or expired (a dead link answers the same whether its row is kept or not).
 */
export async function pruneAuthRecords(db: Tx, now: Date): Promise<{ sessions: number; emailTokens: number }> {
  const before = new Date(now.getTime() - ENDED_SESSIONS_KEPT_MS);
  const deadSessions = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, before), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before))))
    .returning({ id: sessions.id });
  const deadTokens = await db
    .delete(emailTokens)
    .where(or(isNotNull(emailTokens.usedAt), lte(emailTokens.expiresAt, now)))
    .returning({ id: emailTokens.id });
  return { sessions: deadSessions.length, emailTokens: deadTokens.length };
}
