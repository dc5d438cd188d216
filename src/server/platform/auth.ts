import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '#shared/http-error.ts';

/** Who is calling, as every route sees it. */
export type Member = {
  id: string;
  sessionId: string;
  email: string;
  isEmailVerified: boolean;
  isAdmin: boolean;
  isBanned: boolean;
};

export type Guard = 'signed-in' | 'verified' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No session needed (a session, when sent, is still read). */
    public?: boolean;
    /** Beyond a session: a verified e-mail, or an admin. Default 'signed-in'. */
    guard?: Guard;
  }
  interface FastifyRequest {
    member: Member | null;
  }
}

/**
 * The member of a live session. `fresh`: read from the database, never from what the instance
 * kept (auth's session cache): a change, a socket's sign-in and its checks always are.
 */
export type SessionResolver = (token: string, options?: { fresh?: boolean }) => Promise<Member | null>;

export const NOT_SIGNED_IN = 'Please log in to continue';
export const EMAIL_NOT_VERIFIED = 'Please verify your email address first';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Denies by default: every route needs a live session unless it says `config.public`.
 * Guards beyond that are declared on the route, never matched on URLs.
 */
export function registerAuthHook(app: FastifyInstance, resolve: SessionResolver) {
  app.decorateRequest('member', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const token = bearerToken(request);
    request.member = token ? await resolve(token, { fresh: request.method !== 'GET' && request.method !== 'HEAD' }) : null;
    if (config.public || request.is404) return;
    const member = request.member;
    if (!member) throw new HttpError(401, NOT_SIGNED_IN);
    if (member.isBanned) throw new HttpError(403, 'This account has been banned');
    const guard = config.guard ?? 'signed-in';
    if ((guard === 'verified' || guard === 'admin') && !member.isEmailVerified) throw new HttpError(403, EMAIL_NOT_VERIFIED);
    if (guard === 'admin' && !member.isAdmin) throw new HttpError(403, 'Admins only');
  });
}

export function requireMember(request: FastifyRequest): Member {
  if (!request.member) throw new HttpError(401, NOT_SIGNED_IN);
  return request.member;
}
