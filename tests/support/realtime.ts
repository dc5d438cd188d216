import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { Database } from '#server/platform/db/client.ts';
import { announce, EVENTS_CHANNEL, type Announcement } from '#server/platform/realtime/announce.ts';
import { REALTIME_PATH, type ClientEvent, type ServerEvent } from '#shared/api/realtime.ts';

const WAIT_MS = 10_000;

export type Closed = { code: number; reason: string };

/**
 * A real WebSocket client of GET /api/realtime: every event it receives is kept in order;
 * `next` waits for the first not yet taken that matches.
 */
export type RealtimeClient = {
  events: ServerEvent[];
  send(event: ClientEvent | Record<string, unknown> | string): void;
  /** Waits (up to `timeoutMs`, 10 s unless told) for (and takes) the next received event that matches, skipping none. */
  next<T extends ServerEvent['type']>(
    type: T,
    match?: (event: Extract<ServerEvent, { type: T }>) => boolean,
    options?: { timeoutMs?: number },
  ): Promise<Extract<ServerEvent, { type: T }>>;
  closed: Promise<Closed>;
  close(): Promise<Closed>;
  socket: WebSocket;
};

export function realtimeUrl(baseUrl: string, query = ''): string {
  return `${baseUrl.replace(/^http/, 'ws')}/api${REALTIME_PATH}${query}`;
}

/** Opens a socket; with a token, sends the auth message and waits for `ready`. */
export async function connect(baseUrl: string, token?: string, options: { query?: string; autoPong?: boolean } = {}): Promise<RealtimeClient> {
  const socket = new WebSocket(realtimeUrl(baseUrl, options.query), { autoPong: options.autoPong ?? true });
  const events: ServerEvent[] = [];
  const taken = new Set<number>();
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    events.push(JSON.parse(data.toString()) as ServerEvent);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<Closed>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

  const client: RealtimeClient = {
    events,
    socket,
    closed,
    send(event) {
      socket.send(typeof event === 'string' ? event : JSON.stringify(event));
    },
    next(type, match, options) {
      const waitMs = options?.timeoutMs ?? WAIT_MS;
      return new Promise((resolve, reject) => {
        const look = () => {
          const index = events.findIndex((event, i) => !taken.has(i) && event.type === type && (!match || match(event as never)));
          if (index < 0) return false;
          taken.add(index);
          waiters.delete(look);
          clearTimeout(timer);
          resolve(events[index] as never);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`no ${type} event within ${waitMs} ms; received ${JSON.stringify(events)}`));
        }, waitMs);
        if (!look()) waiters.add(look);
      });
    },
    close() {
      socket.close();
      return closed;
    },
  };
  if (token) {
    client.send({ type: 'auth', token });
    await client.next('ready');
  }
  return client;
}

/**
 * Proves that nothing more is on its way to these clients: an event announced after everything
 * before it (NOTIFY delivers in commit order) is awaited on each. Returns each client's events
 * that arrived before that fence.
 */
export async function fence(database: Database, clients: { id: string; client: RealtimeClient }[]): Promise<void> {
  const marker = `fence-${randomUUID()}`;
  await announce(database.db, clients.map((c) => c.id), { type: 'notification', notificationId: marker, notificationType: 'fence' });
  await Promise.all(clients.map(({ client }) => client.next('notification', (event) => event.notificationId === marker)));
}

async function waitUntil(condition: () => boolean): Promise<void> {
  const until = Date.now() + WAIT_MS;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A client's events without the fences' markers. */
export function withoutFences(events: ServerEvent[]): ServerEvent[] {
  return events.filter((e) => !(e.type === 'notification' && e.notificationType === 'fence'));
}

/** Every announcement on the events channel, as a listener on the database sees it. */
export async function listenToAnnouncements(database: Database) {
  const announcements: Announcement[] = [];
  const stop = await database.listen(EVENTS_CHANNEL, (payload) => announcements.push(JSON.parse(payload) as Announcement));
  return {
    announcements,
    /** Resolves once everything committed before it has been heard (NOTIFY delivers in commit order). */
    async fence() {
      const marker = `fence-${randomUUID()}`;
      await announce(database.db, [marker], { type: 'notification', notificationId: marker, notificationType: 'fence' });
      await waitUntil(() => announcements.some((a) => a.event.type === 'notification' && a.event.notificationId === marker));
    },
    of: <T extends ServerEvent['type']>(type: T) =>
      announcements.filter((a) => a.event.type === type).map((a) => ({ to: a.to, ...(a.event as Extract<ServerEvent, { type: T }>) })),
    stop,
  };
}
