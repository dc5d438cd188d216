import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { HttpError } from '#shared/http-error.ts';

const DAY = 24 * 60 * 60 * 1000;
export const CACHE_MAX_AGE_MS = 7 * DAY;

/** Failures that a retry cannot mend: the server said no. Network failures (status 0) retry. */
const isFinal = (error: unknown) => error instanceof HttpError && error.status >= 400 && error.status < 500;

export const queryClient = new QueryClient({
  queryCache: new QueryCache(),
  mutationCache: new MutationCache(),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: CACHE_MAX_AGE_MS,
      networkMode: 'offlineFirst',
      retry: (failureCount, error) => !isFinal(error) && failureCount < 2,
    },
    mutations: { networkMode: 'online', retry: false },
  },
});

export const cacheKeyFor = (memberId: string) => `rendezvous-cache:${memberId}`;

const idbStorage = {
  getItem: (key: string) => get<string>(key).then((value) => value ?? null),
  setItem: (key: string, value: string) => set(key, value),
  removeItem: (key: string) => del(key),
};

let stopPersisting: (() => void) | null = null;

/**
 * Keeps the query cache in IndexedDB under the member's own key, restoring it first.
 * Signed-out visitors get no persisted cache.
 */
export async function persistFor(memberId: string | null, buildId: string): Promise<void> {
  stopPersisting?.();
  stopPersisting = null;
  queryClient.clear();
  if (!memberId) return;
  const persister = createAsyncStoragePersister({ storage: idbStorage, key: cacheKeyFor(memberId), throttleTime: 500 });
  const [unsubscribe, restored] = persistQueryClient({ queryClient, persister, maxAge: CACHE_MAX_AGE_MS, buster: buildId });
  stopPersisting = unsubscribe;
  await restored.catch(() => undefined);
}

/** Sign-out: nothing of the member stays on the device. */
export async function wipeCacheOf(memberId: string): Promise<void> {
  stopPersisting?.();
  stopPersisting = null;
  queryClient.clear();
  await del(cacheKeyFor(memberId)).catch(() => undefined);
}
