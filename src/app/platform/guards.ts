import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { accessOf, useSession } from './session.store.ts';

/**
 * Search-param readers for the routes of the first download. Hand-written rather than zod so the
 * landing page ships without a schema library; each keeps only a well-formed value.
 */
export function stringParam(search: Record<string, unknown>, key: string, max = 500): string | undefined {
  const value = search[key];
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined;
}

/** Only same-app paths: never "//host" or a full URL. */
export function redirectParam(search: Record<string, unknown>): string | undefined {
  const value = stringParam(search, 'redirect');
  return value && /^\/(?![/\\])/.test(value) ? value : undefined;
}

const here = (location: ParsedLocation) => location.href;

/** Public only (/, /login, /register, …): a signed-in member is sent to /browse. */
export function publicOnly() {
  if (accessOf(useSession.getState()) !== 'signed-out') throw redirect({ to: '/browse' });
}

/** Signed in only: others go to /login, and come back here after signing in. */
export function signedIn({ location }: { location: ParsedLocation }) {
  if (accessOf(useSession.getState()) === 'signed-out') {
    throw redirect({ to: '/login', search: { redirect: here(location) } });
  }
}

/** Signed in with a verified e-mail: unverified members go to /verify-email. */
export function verified({ location }: { location: ParsedLocation }) {
  const access = accessOf(useSession.getState());
  if (access === 'signed-out') throw redirect({ to: '/login', search: { redirect: here(location) } });
  if (access === 'unverified') throw redirect({ to: '/verify-email' });
}

/** Admins only (behind `verified`): anyone else is sent to /browse (DESIGN; the server answers them 403 anyway). */
export function adminOnly() {
  if (!useSession.getState().user?.isAdmin) throw redirect({ to: '/browse' });
}
