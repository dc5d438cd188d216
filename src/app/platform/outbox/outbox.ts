import { createStore, del, entries, set } from 'idb-keyval';
import { create } from 'zustand';
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
  type OutboxKind,
  type OutboxQueue,
} from '#shared/domain/outbox.ts';
import { API_TIMEOUT_MS, api } from '../http.ts';
import { QUERY_STALE_MS, queryClient } from '../query.ts';
import { useRealtimeStore } from '../realtime/realtime.store.ts';
import { useSession } from '../session.store.ts';

/** Retries while changes wait and the server cannot be reached: from 2 s, doubling, at most 30 s. */
export const RETRY_FIRST_MS = 2_000;
export const RETRY_CAP_MS = 30_000;

type OutboxState = {
  /** The member whose queue is shown (null: signed out). */
  memberId: string | null;
  /** Their changes, oldest first: waiting ones and refused ones. */
  changes: OutboxChange[];
};

/** The signed-in member's queue as the screens show it. */
export const useOutbox = create<OutboxState>(() => ({ memberId: null, changes: [] }));

let store: ReturnType<typeof createStore> | null = null;
const idb = () => (store ??= createStore(OUTBOX_DB, OUTBOX_STORE));

/** The queue in IndexedDB (the service worker reads and writes the same store). */
export const idbQueue: OutboxQueue = {
  async list(memberId) {
    const prefix = `${memberId}:`;
    const all = await entries<string, OutboxChange>(idb());
    return all
      .filter(([key]) => typeof key === 'string' && key.startsWith(prefix))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, change]) => change);
  },
  put: (change) => set(outboxKeyOf(change), change, idb()),
  remove: (change) => del(outboxKeyOf(change), idb()),
};

let lastSeq = 0;
/** Increasing even across reloads within a millisecond (microsecond-ish: now × 1000, then +1). */
function nextSeq(): number {
  lastSeq = Math.max(Date.now() * 1000, lastSeq + 1);
  return lastSeq;
}

async function reload(): Promise<void> {
  const memberId = useOutbox.getState().memberId;
  if (!memberId) return;
  const changes = (await idbQueue.list(memberId)).filter((change) => change.state !== 'sent');
  if (useOutbox.getState().memberId === memberId) useOutbox.setState({ changes });
}

/** Sent markers this page has already acted on. */
const settled = new Set<string>();

/**
 * Changes sent by the service worker, or sent before the cache was last written (just before the app
 * closed), make the screens they touched ask again, once per page. A marker goes at a start once it is
 * older than the queries' stale time: by then any copy cached before the send is asked again anyway.
 */
async function settleSent(memberId: string, atStart: boolean): Promise<void> {
  for (const change of await idbQueue.list(memberId)) {
    if (change.state !== 'sent') continue;
    // Whatever is fetching now started after the send: let it finish (a cancelled fetch may be lost at start).
    if (!settled.has(change.id)) for (const queryKey of change.invalidates) void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
    settled.add(change.id);
    const age = Date.now() - new Date(change.sentAt ?? 0).getTime();
    if (atStart && age > QUERY_STALE_MS) await idbQueue.remove(change);
  }
}

/** One attempt at a queued change, with its Idempotency-Key; status 0 when the network failed. */
async function send(change: OutboxChange): Promise<OutboxAnswer> {
  // Only the member whose change it is sends it (the bearer hook adds the session's token).
  if (useSession.getState().user?._id !== change.memberId) return { status: 0, body: null };
  try {
    const response = await api(change.path.replace(/^\//, ''), {
      method: change.method,
      json: change.body,
      headers: { 'idempotency-key': change.id },
      throwHttpErrors: false,
      timeout: API_TIMEOUT_MS,
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  } catch {
    return { status: 0, body: null };
  }
}

function onSent(change: OutboxChange) {
  settled.add(change.id);
  for (const queryKey of change.invalidates) void queryClient.invalidateQueries({ queryKey });
}

let flushing: Promise<void> | null = null;
let again = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryMs = RETRY_FIRST_MS;

/** Runs `work` holding the outbox lock (shared with the service worker) where the browser has Web Locks. */
function withLock(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(OUTBOX_LOCK, () => work()).then(() => undefined) : work();
}

/**
 * Sends the member's waiting changes now, in order (one run at a time; a call during a run runs
 * again after it). While some still wait, tries again with a growing pause.
 */
export function flush(): Promise<void> {
  if (flushing) {
    again = true;
    return flushing;
  }
  clearTimeout(retryTimer);
  flushing = (async () => {
    do {
      again = false;
      const memberId = useOutbox.getState().memberId;
      if (!memberId) break;
      let waiting = 0;
      await withLock(async () => {
        const result = await flushOutbox(memberId, { queue: idbQueue, send, onSent });
        waiting = result.waiting;
      });
      await reload();
      if (waiting > 0 && !again) {
        retryTimer = setTimeout(() => void flush(), retryMs);
        retryMs = Math.min(RETRY_CAP_MS, retryMs * 2);
      } else if (waiting === 0) {
        retryMs = RETRY_FIRST_MS;
      }
    } while (again);
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Asks the service worker to replay the queue once the browser is online again (Background Sync, where there is one). */
async function requestBackgroundSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
    await registration.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    /* no Background Sync: the page sends when it is open and online */
  }
}

export type NewChange = {
  kind: OutboxKind;
  method: OutboxChange['method'];
  path: string;
  body: unknown;
  label?: string;
  invalidates: readonly (readonly unknown[])[];
};

/** Queues a change of the signed-in member: shown at once as waiting, kept across reloads, sent in order. */
export async function queueChange(input: NewChange): Promise<OutboxChange> {
  const memberId = useSession.getState().user?._id;
  if (!memberId) throw new Error('only a signed-in member queues changes');
  const change: OutboxChange = { ...input, invalidates: input.invalidates.map((key) => [...key]), id: crypto.randomUUID(), memberId, seq: nextSeq(), createdAt: new Date().toISOString(), state: 'waiting' };
  // On the device before it shows as waiting: an app closed at once keeps it.
  await idbQueue.put(change);
  if (useOutbox.getState().memberId === memberId) useOutbox.setState((state) => ({ changes: [...state.changes, change] }));
  void requestBackgroundSync();
  void flush();
  return change;
}

/** Changes of the member not sent yet: waiting or refused (the sign-out asks first). */
export const unsentCount = () => useOutbox.getState().changes.filter((change) => change.state !== 'sent').length;

/** True while the member has changes waiting: a new change then queues behind them, to keep the order. */
export const hasWaiting = () => useOutbox.getState().changes.some((change) => change.state === 'waiting');

/** Drops a change (the member's Discard on a refused one). */
export async function discardChange(change: OutboxChange): Promise<void> {
  useOutbox.setState((state) => ({ changes: state.changes.filter((other) => other.id !== change.id) }));
  await idbQueue.remove(change);
}

/** Sends a refused change again, with its same key (a refusal left nothing on the server). */
export async function retryChange(change: OutboxChange): Promise<void> {
  const waiting: OutboxChange = { ...change, state: 'waiting' };
  delete waiting.refusal;
  useOutbox.setState((state) => ({ changes: state.changes.map((other) => (other.id === change.id ? waiting : other)) }));
  await idbQueue.put(waiting);
  void flush();
}

const onOnline = () => {
  retryMs = RETRY_FIRST_MS;
  void flush();
};
/** What the service worker (or another tab) did meanwhile: its sent changes refresh the screens. */
async function catchUp(): Promise<void> {
  const memberId = useOutbox.getState().memberId;
  if (!memberId) return;
  await settleSent(memberId, false);
  await reload();
}
const onVisible = () => document.visibilityState === 'visible' && void catchUp().then(() => flush());
const onWorkerMessage = (event: MessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === OUTBOX_CHANGED_MESSAGE) void catchUp();
};

let stopFollowingRealtime: (() => void) | null = null;

/**
 * Follows the signed-in member: their queue is read and sent (now, when the device comes online,
 * when the app is shown again, when the live connection comes back, and after a pause while the
 * server cannot be reached). Another
 * member's queue is never shown or sent; a signed-out member's stays on the device, keyed to them,
 * until they sign in again (decision 29).
 */
export async function startOutbox(memberId: string | null): Promise<void> {
  clearTimeout(retryTimer);
  retryMs = RETRY_FIRST_MS;
  useOutbox.setState({ memberId, changes: [] });
  window.removeEventListener('online', onOnline);
  document.removeEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
  stopFollowingRealtime?.();
  stopFollowingRealtime = null;
  if (!memberId) return;
  // The live connection reconnecting means the server answers again.
  stopFollowingRealtime = useRealtimeStore.subscribe((state, previous) => {
    if (state.connected && !previous.connected && hasWaiting()) onOnline();
  });
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  await settleSent(memberId, true);
  await reload();
  if (hasWaiting()) {
    void requestBackgroundSync();
    void flush();
  }
}
