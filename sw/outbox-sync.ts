/// <reference lib="webworker" />
import { apiUrl } from '#shared/api/api-prefix.ts';
import { authPaths } from '#shared/api/auth.paths.ts';
import {
  OUTBOX_CHANGED_MESSAGE,
  OUTBOX_DB,
  OUTBOX_LOCK,
  OUTBOX_STORE,
  OUTBOX_SYNC_TAG,
  flushOutbox,
  outboxKeyOf,
  type OutboxAnswer,
  type OutboxChange,
  type OutboxQueue,
} from '#shared/domain/outbox.ts';

declare const self: ServiceWorkerGlobalScope;

type SyncEvent = ExtendableEvent & { tag: string; lastChance?: boolean };

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The page's queue store (it writes it through idb-keyval: one object store, values by key). */
async function withStore<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => Promise<T>): Promise<T> {
  const opening = indexedDB.open(OUTBOX_DB);
  opening.onupgradeneeded = () => opening.result.createObjectStore(OUTBOX_STORE);
  const db = await request(opening);
  try {
    return await use(db.transaction(OUTBOX_STORE, mode).objectStore(OUTBOX_STORE));
  } finally {
    db.close();
  }
}

export const workerQueue: OutboxQueue = {
  // Keys are `${memberId}:${seq}`, so the member's range comes out in FIFO order.
  list: (memberId) =>
    withStore('readonly', (store) => request(store.getAll(IDBKeyRange.bound(`${memberId}:`, `${memberId}:\uffff`))) as Promise<OutboxChange[]>),
  put: (change) => withStore('readwrite', (store) => request(store.put(change, outboxKeyOf(change))).then(() => undefined)),
  remove: (change) => withStore('readwrite', (store) => request(store.delete(outboxKeyOf(change))).then(() => undefined)),
};

export type ReplayDeps = { token(): Promise<string | null>; fetch: typeof fetch; queue: OutboxQueue; lock<T>(work: () => Promise<T>): Promise<T> };

/**
 * Background Sync: replays the signed-in member's queue with the token the page gave the worker, each
 * change with its own Idempotency-Key. Only that member's changes are sent (the member is asked of the
 * server with the token). Rejects while some still wait, so the browser tries again later.
 */
export async function replayOutbox(deps: ReplayDeps): Promise<{ sent: number; refused: number; waiting: number } | null> {
  const token = await deps.token();
  if (!token) return null;
  const auth = { authorization: `Bearer ${token}` };
  const me = await deps.fetch(apiUrl(authPaths.me), { headers: auth });
  if (me.status === 401) return null;
  if (!me.ok) throw new Error(`the server answered ${me.status}`);
  const memberId = ((await me.json()) as { user?: { _id?: string } }).user?._id;
  if (!memberId) return null;
  const send = async (change: OutboxChange): Promise<OutboxAnswer> => {
    try {
      const response = await deps.fetch(apiUrl(change.path), {
        method: change.method,
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': change.id },
        body: JSON.stringify(change.body ?? {}),
        // A connection that hangs must not hold the queue's lock for ever.
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    } catch {
      return { status: 0, body: null };
    }
  };
  const result = await deps.lock(() => flushOutbox(memberId, { queue: deps.queue, send }));
  if (result.waiting > 0) throw new Error(`${result.waiting} change(s) still waiting`);
  return result;
}

async function tellPages() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage({ type: OUTBOX_CHANGED_MESSAGE });
}

/** Registers the Background Sync handler that replays the outbox. */
export function registerOutboxSync(readToken: () => Promise<string | null>) {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    sync.waitUntil(
      replayOutbox({
        token: readToken,
        fetch: (input, init) => fetch(input, init),
        queue: workerQueue,
        lock: <T>(work: () => Promise<T>) => (self.navigator.locks ? (self.navigator.locks.request(OUTBOX_LOCK, work) as Promise<T>) : work()),
      }).finally(() => tellPages()),
    );
  });
}
