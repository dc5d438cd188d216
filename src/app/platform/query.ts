import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { MutationCache, QueryCache, QueryClient, dehydrate, type Query, type QueryKey } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { HttpError } from '#shared/http-error.ts';
import { PHOTO_CACHE } from '#shared/domain/offline.ts';
import { onReconnect, useConnectivity } from './connectivity.ts';
import { DAY_MS } from '#shared/domain/durations.ts';

export const CACHE_MAX_AGE_MS = 7 * DAY_MS;
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

// Back online (the server answered again): every screen on show asks for its data again.
onReconnect(() => void queryClient.invalidateQueries());

export const cacheKeyFor = (memberId: string) => `rendezvous-cache:${memberId}`;

/**
 * What the device keeps: every query that has data, including one whose last refresh failed
 * offline (TanStack keeps only successes by default, so each screen opened offline would drop out of
 * the kept copy and be gone at the next start).
 */
const shouldDehydrateQuery = (query: Query) => query.state.data !== undefined;
const dehydrateOptions = { shouldDehydrateQuery };

let stopPersisting: (() => void) | null = null;
/** Writes the cache to the device now (a member's change); null while nothing is kept. */
let writeNow: (() => Promise<void>) | null = null;
/** Tells the member's other tabs and windows what changed. */
let channel: BroadcastChannel | null = null;

/** What a tab tells the member's others: the queries a change touched, with the data it left in them. */
type ChangedMessage = { changed: QueryKey[]; data: { queryKey: QueryKey; data: unknown; updatedAt: number }[] };

/**
 * After the member changed something (the change already in the query cache): writes the cache to
 * the device before the success is shown, so an app closed at once keeps it, and gives the member's
 * other tabs the same data (each writes the one kept copy too) and has them ask again for
 * `changed`. Throttled writes are for data arriving.
 */
export async function keepChange(changed: QueryKey[]): Promise<void> {
  const data = changed.flatMap((queryKey) =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey })
      .filter((query) => query.state.data !== undefined)
      .map((query) => ({ queryKey: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt })),
  );
  try {
    channel?.postMessage({ changed, data } satisfies ChangedMessage);
  } catch {
    channel?.postMessage({ changed, data: [] } satisfies ChangedMessage);
  }
  await writeNow?.().catch(() => undefined);
}

/**
 * The queries the kept copy filled are asked for again once, when the server can be reached: what
 * was kept is shown at once, never taken as the truth. One whose data came from the server since
 * (`since`: this start) is left alone, as is one being fetched already; one not on show is asked
 * when a screen shows it. Offline nothing is asked (the screens say since when they show).
 */
function revalidateRestored(fromKeptCopy: Set<Query>, since: number) {
  if (!useConnectivity.getState().online) return;
  const restored = (query: Query) => fromKeptCopy.has(query) && query.state.dataUpdatedAt < since;
  void queryClient.invalidateQueries({ predicate: restored, refetchType: 'none' });
  void queryClient.refetchQueries({ predicate: (query) => restored(query) && query.state.fetchStatus === 'idle', type: 'active' }, { cancelRefetch: false });
}
/** Bumped on every switch, so a slower earlier switch cannot attach after a later one. */
let generation = 0;
/** Whose queries the cache may hold: the member followed last (or null: nobody's). */
let holder: string | null = null;

/**
 * Keeps the query cache in IndexedDB under the member's own key, restoring it first.
 * Signed-out visitors get no persisted cache (nor download the persister's code: this module
 * comes only with a member).
 * What the cache holds of the same member stays: at start, their page's data is already being
 * fetched while the kept copy is read, and the kept copy fills only what is older or missing.
 */
export async function persistFor(memberId: string | null, buildId: string): Promise<void> {
  const mine = ++generation;
  const startedAt = Date.now();
  stopPersisting?.();
  stopPersisting = null;
  if (holder !== memberId) queryClient.clear();
  holder = memberId;
  if (!memberId) return;
  const storage = {
    getItem: (key: string) => get<string>(key).then((value) => value ?? null),
    // A write the persister had throttled may land after a switch or a wipe: it must not bring the
    // last member's cache back.
    setItem: (key: string, value: string) => (mine === generation ? set(key, value) : Promise.resolve()),
    removeItem: (key: string) => del(key),
  };
  const persister = createAsyncStoragePersister({ storage, key: cacheKeyFor(memberId), throttleTime: 500 });
  // The persister writes on changes after its restore; data that arrives while it reads (a page's
  // first answer, or the first browse page the shell brought) is written once the restore ends.
  let arrivedDuringRestore = false;
  // What the restore fills: a query it adds with its data, or one whose older data it replaces.
  const fromKeptCopy = new Set<Query>();
  const stopWatching = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') arrivedDuringRestore = true;
    if (event.type === 'added' && event.query.state.data !== undefined) fromKeptCopy.add(event.query);
    if (event.type === 'updated' && event.action.type === 'setState') fromKeptCopy.add(event.query);
  });
  const [unsubscribe, restored] = persistQueryClient({ queryClient, persister, maxAge: CACHE_MAX_AGE_MS, buster: buildId, dehydrateOptions });
  // The persister writes at most every 500 ms; an app closed or sent to the background sooner
  // writes now, so what was just on screen is there at the next start.
  const write = async () => {
    if (mine !== generation) return;
    const persisted = { buster: buildId, timestamp: Date.now(), clientState: dehydrate(queryClient, dehydrateOptions) };
    await storage.setItem(cacheKeyFor(memberId), JSON.stringify(persisted));
  };
  const flush = () => void write().catch(() => undefined);
  writeNow = write;
  // Another tab of the member changed something: ask again for what it names.
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(cacheKeyFor(memberId));
  const ownChannel = channel;
  ownChannel?.addEventListener('message', (event: MessageEvent<ChangedMessage>) => {
    for (const entry of event.data.data ?? []) queryClient.setQueryData(entry.queryKey, entry.data, { updatedAt: entry.updatedAt });
    for (const queryKey of event.data.changed ?? []) void queryClient.invalidateQueries({ queryKey });
  });
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHidden);
  stopPersisting = () => {
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onHidden);
    ownChannel?.close();
    if (channel === ownChannel) channel = null;
    if (writeNow === write) writeNow = null;
  };
  await restored.catch(() => undefined);
  stopWatching();
  if (arrivedDuringRestore) flush();
  if (mine === generation) revalidateRestored(fromKeptCopy, startedAt);
}

/** Sign-out: nothing of the member stays on the device. */
export async function wipeCacheOf(memberId: string): Promise<void> {
  generation++;
  stopPersisting?.();
  stopPersisting = null;
  queryClient.clear();
  holder = null;
  await Promise.all([
    del(cacheKeyFor(memberId)).catch(() => undefined),
    // The photos the service worker kept (absent without a service worker or Cache Storage).
    typeof caches === 'undefined' ? undefined : caches.delete(PHOTO_CACHE).catch(() => undefined),
  ]);
}
