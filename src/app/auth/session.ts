import { HttpError } from '#shared/http-error.ts';
import { persistFor, queryClient, wipeCacheOf } from '#app/platform/query.ts';
import { useSession } from '#app/platform/session.store.ts';
import { authKeys } from './auth.keys.ts';

const BUILD_ID = import.meta.env.VITE_BUILD_ID ?? 'dev';

/**
 * At start: a stored session is checked with the server. A 401 clears it; a network failure
 * keeps it (the app works offline from its cache) until the server can be asked again.
 * (The API module is loaded on demand: a visitor's first page needs none of it.)
 * From then on the query cache follows the member: their own IndexedDB copy while signed in,
 * wiped from the device when they sign out or their session dies.
 */
export async function restoreSession(): Promise<void> {
  const { token, user } = useSession.getState();
  if (token && user) {
    try {
      const { authApi } = await import('./auth.api.ts');
      const { user: fresh } = await authApi.me();
      useSession.getState().setUser(fresh);
    } catch (error) {
      if (error instanceof HttpError && error.status !== 0) useSession.getState().clear();
    }
  }
  await followMember(useSession.getState().user?._id ?? null);
  useSession.subscribe((state, previous) => {
    const before = previous.user?._id ?? null;
    const now = state.user?._id ?? null;
    if (before === now) {
      if (state.user) queryClient.setQueryData(authKeys.me(), state.user);
      return;
    }
    void (before && !now ? wipeCacheOf(before) : followMember(now));
  });
  useSession.getState().markReady();
}

async function followMember(memberId: string | null) {
  await persistFor(memberId, BUILD_ID);
  const user = useSession.getState().user;
  if (user && user._id === memberId) queryClient.setQueryData(authKeys.me(), user);
}

/** Sign out: the server revokes the session; the device forgets it even when that call fails. */
export async function endSession(): Promise<void> {
  const { authApi } = await import('./auth.api.ts');
  await authApi.logout().catch(() => undefined);
  useSession.getState().clear();
}
