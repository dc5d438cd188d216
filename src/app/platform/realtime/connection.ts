import type { ClientEvent, ServerEvent } from '#shared/api/realtime.ts';
import { REALTIME_CLOSE, SERVER_EVENT_TYPES } from '#shared/api/realtime.paths.ts';
import { BACKOFF, reconnectDelay } from './backoff.ts';

export type ConnectionStatus =
  /** Opening, or open and waiting for `ready`. */
  | 'connecting'
  | 'open'
  /** Dropped; the next attempt is scheduled. */
  | 'waiting'
  /** The server refused the session (4401): no more attempts until a new sign-in. */
  | 'unauthorized'
  | 'stopped';

export type ConnectionDeps = {
  url: string;
  token: string;
  onEvent(event: ServerEvent): void;
  onStatus?(status: ConnectionStatus): void;
  /** Defaults to the browser's. */
  WebSocket?: typeof WebSocket;
  random?: () => number;
  now?: () => number;
  /** Where `online` and `visibilitychange` are heard; defaults to window and document. */
  events?: { window: Pick<Window, 'addEventListener' | 'removeEventListener'>; document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'> };
};

/**
 * One member's live connection: opens the socket, sends the session token as the first message
 * (never in the URL), hands every event on, and reconnects after a drop with exponential backoff
 * and full jitter, at once when the device comes back online or the tab becomes visible. Never
 * after the server refused the session.
 */
export function createConnection(deps: ConnectionDeps) {
  const Socket = deps.WebSocket ?? WebSocket;
  const now = deps.now ?? (() => Date.now());
  const win = deps.events?.window ?? window;
  const doc = deps.events?.document ?? document;
  let socket: WebSocket | null = null;
  let status: ConnectionStatus = 'connecting';
  let attempt = 0;
  let readyAt: number | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let retryDelay: number | null = null;

  function setStatus(next: ConnectionStatus) {
    status = next;
    deps.onStatus?.(next);
  }

  function open() {
    retryTimer = null;
    retryDelay = null;
    setStatus('connecting');
    readyAt = null;
    const current = new Socket(deps.url);
    socket = current;
    current.onopen = () => current.send(JSON.stringify({ type: 'auth', token: deps.token } satisfies ClientEvent));
    current.onmessage = (message) => {
      if (socket !== current || typeof message.data !== 'string') return;
      let event: ServerEvent;
      try {
        event = JSON.parse(message.data) as ServerEvent;
      } catch {
        return;
      }
      // Our own server's events, written from the same types (decision 54): anything else is dropped.
      if (typeof event?.type !== 'string' || !SERVER_EVENT_TYPES.has(event.type)) return;
      if (event.type === 'ready') {
        readyAt = now();
        setStatus('open');
      }
      deps.onEvent(event);
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      if (status === 'stopped') return;
      if (event.code === REALTIME_CLOSE.unauthorized) {
        setStatus('unauthorized');
        return;
      }
      // A connection that was up long enough was healthy: start the waits over.
      if (readyAt !== null && now() - readyAt >= BACKOFF.healthyMs) attempt = 0;
      retryDelay = reconnectDelay(attempt, deps.random);
      attempt += 1;
      setStatus('waiting');
      retryTimer = setTimeout(open, retryDelay);
    };
  }

  /** Back online, or back on the tab: no reason to wait out the backoff. */
  function retryNow() {
    if (status !== 'waiting') return;
    if (retryTimer) clearTimeout(retryTimer);
    open();
  }
  const onOnline = () => retryNow();
  const onVisible = () => {
    if (doc.visibilityState === 'visible') retryNow();
  };
  win.addEventListener('online', onOnline);
  doc.addEventListener('visibilitychange', onVisible);

  open();

  return {
    get status() {
      return status;
    },
    /** The wait before the scheduled attempt, while waiting. */
    get retryDelay() {
      return retryDelay;
    },
    /** Sends while the connection is open and ready; false otherwise (the event is dropped). */
    send(event: ClientEvent): boolean {
      if (status !== 'open' || !socket || socket.readyState !== Socket.OPEN) return false;
      socket.send(JSON.stringify(event));
      return true;
    },
    /** Sign-out: closes for good. */
    stop() {
      setStatus('stopped');
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      win.removeEventListener('online', onOnline);
      doc.removeEventListener('visibilitychange', onVisible);
      const current = socket;
      socket = null;
      current?.close(1000, 'signed out');
    },
  };
}

export type Connection = ReturnType<typeof createConnection>;
