import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { z } from 'zod';
import { accessOf, useSession } from './session.store.ts';

/** Only same-app paths: never "//host" or a full URL. */
export const RedirectSearchSchema = z.object({
  redirect: z
    .string()
    .regex(/^\/(?!\/)/)
    .optional()
    .catch(undefined),
});

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
