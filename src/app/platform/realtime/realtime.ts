import type { ClientEvent } from '#shared/api/realtime.ts';
import { REALTIME_PATH } from '#shared/api/realtime.paths.ts';
import { queryClient } from '../query.ts';
import { applyServerEvent, clearTyping } from './apply-event.ts';
import { createConnection, type Connection } from './connection.ts';
import { setRealtimeSender, useRealtimeStore } from './realtime.store.ts';

/** While a member keeps typing, "typing" goes out at most this often (the other side's mark lasts 6 s). */
export const TYPING_RESEND_MS = 3_000;

/** ws: or wss: on this page's host, under /api. */
export function realtimeUrlOf(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api${REALTIME_PATH}`;
}

let connection: Connection | null = null;

/**
 * Typing events thinned out: a repeated "typing" to the same member within TYPING_RESEND_MS is
 * not sent again (screens may call emitTyping on every keystroke); "stopped" always goes.
 */
export function typingThrottle(send: (event: ClientEvent) => void, now: () => number = Date.now) {
  const lastTyping = new Map<string, number>();
  return (event: ClientEvent) => {
    if (event.type === 'typing') {
      const last = lastTyping.get(event.recipientId);
      if (last !== undefined && now() - last < TYPING_RESEND_MS) return;
      lastTyping.set(event.recipientId, now());
    } else if (event.type === 'stopTyping') {
      if (!lastTyping.delete(event.recipientId)) return;
    }
    send(event);
  };
}

/** Opens the member's live connection (a previous one is closed first). */
export function startRealtime(token: string): void {
  stopRealtime();
  let readies = 0;
  const opened = createConnection({
    url: realtimeUrlOf(window.location),
    token,
    onEvent(event) {
      applyServerEvent(event, queryClient, { firstReady: event.type === 'ready' && ++readies === 1 });
    },
    onStatus(status) {
      if (status === 'open') return;
      useRealtimeStore.setState({ connected: false });
      clearTyping();
    },
  });
  connection = opened;
  setRealtimeSender(typingThrottle((event) => void opened.send(event)));
}

/** Sign-out (or a session that is no longer verified): closes the connection and forgets its state. */
export function stopRealtime(): void {
  connection?.stop();
  connection = null;
  setRealtimeSender(null);
  clearTyping();
  useRealtimeStore.setState({ connected: false, online: new Set() });
}
