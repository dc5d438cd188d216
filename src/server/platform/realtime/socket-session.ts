import { REALTIME_CLOSE } from '#shared/api/realtime.ts';
import type { Member, SessionResolver } from '../auth.ts';
import type { Connection } from './fan-out.ts';

/** The first message must name a session within this time. */
export const AUTH_TIMEOUT_MS = 5_000;
/** Sessions of open sockets are checked again this often (a signed-out or banned member is closed). */
export const SESSION_RECHECK_MS = 60_000;

/** The member of the token's session, if that member may hold a socket: not banned, email verified. */
export async function socketMember(resolveSession: SessionResolver, token: string): Promise<Member | null> {
  const member = await resolveSession(token);
  return member && !member.isBanned && member.isEmailVerified ? member : null;
}

/** A session that ended (signed out elsewhere, expired) or a member banned meanwhile closes its sockets. */
export async function recheckSessions(connections: Iterable<Connection>, resolveSession: SessionResolver, now: () => number): Promise<void> {
  const due = [...connections].filter((c) => now() - c.sessionCheckedAt >= SESSION_RECHECK_MS);
  for (const connection of due) {
    connection.sessionCheckedAt = now();
    if (!(await socketMember(resolveSession, connection.token))) connection.socket.close(REALTIME_CLOSE.unauthorized, 'session ended');
  }
}
