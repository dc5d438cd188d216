/**
 * The offline outbox, as the page and the service worker both run it (decision 28): changes
 * made without a connection wait in IndexedDB under their member's id and are sent in order, each
 * with its own Idempotency-Key, so however often one is sent the server applies it once.
 */

/** The IndexedDB database and store of queued changes (the page through idb-keyval, the worker directly). */
export const OUTBOX_DB = 'rendezvous-outbox';
export const OUTBOX_STORE = 'changes';
/** Background Sync tag the page registers; the worker replays the queue on it. */
export const OUTBOX_SYNC_TAG = 'rendezvous-outbox';
/** Web Lock held while a queue is sent, by the page or the worker: one sender at a time. */
export const OUTBOX_LOCK = 'rendezvous-outbox';
/** The worker tells open pages that it changed the queue (they read it again). */
export const OUTBOX_CHANGED_MESSAGE = 'rendezvous:outbox-changed';

export type OutboxKind = 'chat.send' | 'slot.create' | 'slot.remove';

export type OutboxChange = {
  /** The Idempotency-Key: the same on every attempt. */
  id: string;
  memberId: string;
  /** FIFO order within the member's queue. */
  seq: number;
  kind: OutboxKind;
  method: 'POST' | 'DELETE';
  /** Under /api, e.g. '/messages/send'. */
  path: string;
  body: unknown;
  /** What the member is shown for it where the change's own screen is gone (e.g. "To Hana"). */
  label?: string;
  createdAt: string;
  /** Query-key prefixes (JSON) the app asks again once it is sent. */
  invalidates: unknown[][];
  /** 'sent' is kept as a marker until the app next starts: it then asks again what the change touched. */
  state: 'waiting' | 'refused' | 'sent';
  /** When it was sent (a 'sent' marker). */
  sentAt?: string;
  /** The server's reason, once it refused the change. */
  refusal?: { status: number; error: string };
};

/** The store key: the member, then the sequence zero-padded, so keys sort in FIFO order. */
export const outboxKeyOf = (change: Pick<OutboxChange, 'memberId' | 'seq'>) => `${change.memberId}:${String(change.seq).padStart(16, '0')}`;

/**
 * What an answer means for a queued change: 2xx sent; 401 (signed out), 408, 429 and 5xx wait for
 * another try (so does a failed network, status 0); any other 4xx is the server's refusal, shown to
 * the member and never dropped in silence.
 */
export function outcomeOf(status: number): 'sent' | 'refused' | 'retry' {
  if (status >= 200 && status < 300) return 'sent';
  if (status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429) return 'refused';
  return 'retry';
}

export type OutboxQueue = {
  /** The member's changes, in FIFO order. */
  list(memberId: string): Promise<OutboxChange[]>;
  put(change: OutboxChange): Promise<void>;
  remove(change: OutboxChange): Promise<void>;
};

/** One attempt: the status (0 when the network failed) and the answer's body. */
export type OutboxAnswer = { status: number; body: unknown };

export const REFUSED_FALLBACK = 'The server refused this change';

/**
 * Sends the member's waiting changes in order. A sent one stays only as a 'sent' marker (so an app
 * that starts later, its cache written before the send, asks again what it touched); a refused one stays,
 * marked with the server's reason, and the next is sent; the first that must wait (network, 5xx,
 * 401, 429) stops the run, so nothing overtakes it.
 */
export async function flushOutbox(
  memberId: string,
  deps: { queue: OutboxQueue; send(change: OutboxChange): Promise<OutboxAnswer>; onSent?(change: OutboxChange, body: unknown): void },
): Promise<{ sent: number; refused: number; waiting: number }> {
  const changes = (await deps.queue.list(memberId)).filter((change) => change.state === 'waiting');
  let sent = 0;
  let refused = 0;
  for (const [index, change] of changes.entries()) {
    const answer = await deps.send(change);
    // A removal the server cannot find is done: a first attempt whose answer was lost removed it.
    const outcome = change.kind === 'slot.remove' && answer.status === 404 ? 'sent' : outcomeOf(answer.status);
    if (outcome === 'retry') return { sent, refused, waiting: changes.length - index };
    if (outcome === 'sent') {
      await deps.queue.put({ ...change, state: 'sent', sentAt: new Date().toISOString() });
      sent += 1;
      deps.onSent?.(change, answer.body);
    } else {
      const error = (answer.body as { error?: unknown } | null)?.error;
      await deps.queue.put({ ...change, state: 'refused', refusal: { status: answer.status, error: typeof error === 'string' ? error : REFUSED_FALLBACK } });
      refused += 1;
    }
  }
  return { sent, refused, waiting: 0 };
}
