import { useSession } from '#app/platform/session.store.ts';
import { authKeys } from './auth.keys.ts';

const BUILD_ID = import.meta.env.VITE_BUILD_ID ?? 'dev';
/** The query cache, loaded only once a member is involved: a visitor's first page needs none of it. */
const queryCache = () => import('#app/platform/query.ts');

/**
 * At start: the member's cached screens are restored from the device at once, while the stored
 * session is checked with the server beside it (offline, or on a slow network, the app must not
 * wait for that call). A 401 clears the session (and so wipes the cache); a network failure keeps
 * it (the app works offline from its cache) until the server can be asked again.
 * (The API module is loaded on demand: a visitor's first page needs none of it.)
 * From then on the query cache follows the member: their own IndexedDB copy while signed in,
 * wiped from the device when they sign out or their session dies.
 */
export async function restoreSession(): Promise<void> {
  const { token, user } = useSession.getState();
  const checked = token && user ? checkWithServer() : Promise.resolve();
  const followed = user?._id ?? null;
  await followMember(followed);
  // The check may have ended the session while the cache was being restored.
  const now = useSession.getState().user?._id ?? null;
  if (now !== followed) await (followed && !now ? wipeCache(followed) : followMember(now));
  useSession.subscribe((state, previous) => {
    const before = previous.user?._id ?? null;
    const now = state.user?._id ?? null;
    if (before === now) {
      const user = state.user;
      if (user) void queryCache().then(({ queryClient }) => queryClient.setQueryData(authKeys.me(), user));
      return;
    }
    void (before && !now ? wipeCache(before) : followMember(now));
  });
  useSession.getState().markReady();
  await checked;
}

async function checkWithServer(): Promise<void> {
  try {
    const { authApi } = await import('./auth.api.ts');
    const { user: fresh } = await authApi.check();
    useSession.getState().setUser(fresh);
  } catch (error) {
    // The server's refusal (an HttpError with its status; the class stays out of the start-up script).
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === 'number' && status !== 0) useSession.getState().clear();
  }
}

async function followMember(memberId: string | null) {
  if (memberId === null) return; // a visitor: no cache to follow
  const { persistFor, queryClient } = await queryCache();
  await persistFor(memberId, BUILD_ID);
  const user = useSession.getState().user;
  if (user && user._id === memberId) queryClient.setQueryData(authKeys.me(), user);
}

async function wipeCache(memberId: string) {
  const { wipeCacheOf } = await queryCache();
  await wipeCacheOf(memberId);
}
