import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { del } from 'idb-keyval';
import { HttpError } from '#shared/http-error.ts';

const DAY = 24 * 60 * 60 * 1000;
export const CACHE_MAX_AGE_MS = 7 * DAY;
/** Data younger than this is not asked again on mount. */
export const QUERY_STALE_MS = 30_000;

/** Failures that a retry cannot mend: the server said no. Network failures (status 0) retry. */
const isFinal = (error: unknown) => error instanceof HttpError && error.status >= 400 && error.status < 500;

export const queryClient = new QueryClient({
  queryCache: new QueryCache(),
  mutationCache: new MutationCache(),
  defaultOptions: {
    queries: {
      staleTime: QUERY_STALE_MS,
      gcTime: CACHE_MAX_AGE_MS,
      networkMode: 'offlineFirst',
      retry: (failureCount, error) => !isFinal(error) && failureCount < 2,
    },
    mutations: { networkMode: 'online', retry: false },
  },
});

export const cacheKeyFor = (memberId: string) => `rendezvous-cache:${memberId}`;

let stopPersisting: (() => void) | null = null;
/** Bumped on every switch, so a slower earlier switch cannot attach after a later one. */
let generation = 0;

/**
 * Keeps the query cache in IndexedDB under the member's own key, restoring it first.
 * Signed-out visitors get no persisted cache (nor download the persister's code).
 */
export async function persistFor(memberId: string | null, buildId: string): Promise<void> {
  const mine = ++generation;
  stopPersisting?.();
  stopPersisting = null;
  queryClient.clear();
  if (!memberId) return;
  const [{ createAsyncStoragePersister }, { persistQueryClient }, { get, set }] = await Promise.all([
    import('@tanstack/query-async-storage-persister'),
    import('@tanstack/react-query-persist-client'),
    import('idb-keyval'),
  ]);
  const storage = {
    getItem: (key: string) => get<string>(key).then((value) => value ?? null),
    // A write the persister had throttled may land after a switch or a wipe: it must not bring the
    // last member's cache back.
    setItem: (key: string, value: string) => (mine === generation ? set(key, value) : Promise.resolve()),
    removeItem: (key: string) => del(key),
  };
  if (mine !== generation) return;
  const persister = createAsyncStoragePersister({ storage, key: cacheKeyFor(memberId), throttleTime: 500 });
  const [unsubscribe, restored] = persistQueryClient({ queryClient, persister, maxAge: CACHE_MAX_AGE_MS, buster: buildId });
  stopPersisting = unsubscribe;
  await restored.catch(() => undefined);
}

/** Sign-out: nothing of the member stays on the device. */
export async function wipeCacheOf(memberId: string): Promise<void> {
  generation++;
  stopPersisting?.();
  stopPersisting = null;
  queryClient.clear();
  await del(cacheKeyFor(memberId)).catch(() => undefined);
}
