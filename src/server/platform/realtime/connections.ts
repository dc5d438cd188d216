import type { WebSocket } from 'ws';
import { REALTIME_CLOSE, ClientEventSchema, type ServerEvent } from '#shared/api/realtime.ts';
import { conversationIdOf } from '#shared/domain/chat.ts';
import type { SessionResolver } from '../auth.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { announce } from './announce.ts';
import type { Connection, FanOut } from './fan-out.ts';
import * as presence from './presence.ts';

/** The first message must name a session within this time. */
export const AUTH_TIMEOUT_MS = 5_000;
/** A socket may send this many messages per window; more closes it (REALTIME_CLOSE.tooManyMessages). */
export const FLOOD_LIMIT = { messages: 40, windowMs: 10_000 } as const;
/** "May these two chat?" is remembered this long per connection, so typing costs no query per keystroke. */
export const MAY_CHAT_CACHE_MS = 60_000;
const MAY_CHAT_CACHE_SIZE = 200;
/** Sessions of open sockets are checked again this often (a signed-out or banned member is closed). */
export const SESSION_RECHECK_MS = 60_000;
const GOING_AWAY = 1001;

type Log = { error(object: object, message: string): void };

export type ConnectionDeps = {
  resolveSession: SessionResolver;
  /** Members the member may chat with (an agreed date between them): presence goes to them only. */
  chatPartnersOf(userId: string): Promise<string[]>;
  /** Whether two members may chat (typing goes only there). */
  mayChat(a: string, b: string): Promise<boolean>;
};

/**
 * The sockets' side of realtime: a socket authenticates with its first message, then may send
 * typing events (checked, rate-limited); closing it takes its typing and presence away. Keep-alive
 * pings and the periodic session checks drop the sockets that should go. What reaches the sockets
 * is the fan-out's (fan-out.ts).
 */
export function createConnections({
  database,
  clock,
  log,
  deps,
  fanOut,
  syncPresence,
  isClosing,
}: {
  database: Database;
  clock: Clock;
  log: Log;
  deps: ConnectionDeps;
  fanOut: FanOut;
  /** Writes the member's count of open sockets (presence-sync.ts). */
  syncPresence: (userId: string) => Promise<void>;
  /** The instance is shutting down: no new socket, no presence writes for closing ones. */
  isClosing: () => boolean;
}) {
  const { db } = database;
  const now = () => clock.now().getTime();

  async function mayChat(connection: Connection, recipientId: string): Promise<boolean> {
    const cache = connection.mayChat;
    const cached = cache.get(recipientId);
    if (cached && cached.until > now()) return cached.allowed;
    const allowed = recipientId !== connection.member.id && (await deps.mayChat(connection.member.id, recipientId));
    // A bounded memory, whatever ids a client sends.
    if (cache.size >= MAY_CHAT_CACHE_SIZE) cache.clear();
    cache.set(recipientId, { allowed, until: now() + MAY_CHAT_CACHE_MS });
    return allowed;
  }

  async function typing(connection: Connection, recipientId: string, on: boolean) {
    if (!(await mayChat(connection, recipientId))) return;
    if (on) connection.typingTo.add(recipientId);
    else if (!connection.typingTo.delete(recipientId)) return;
    const conversationId = conversationIdOf(connection.member.id, recipientId);
    const userId = connection.member.id;
    await announce(db, [recipientId], on ? { type: 'userTyping', userId, conversationId } : { type: 'userStoppedTyping', userId, conversationId });
  }

  function flooding(connection: Connection): boolean {
    // Wall time, not the injected clock: a test clock may stand still while a client floods.
    const wall = Date.now();
    if (wall - connection.flood.windowStart > FLOOD_LIMIT.windowMs) connection.flood = { windowStart: wall, count: 0 };
    connection.flood.count += 1;
    return connection.flood.count > FLOOD_LIMIT.messages;
  }

  /** A socket that opened: it has AUTH_TIMEOUT_MS to send `{type:'auth', token}`. */
  function accept(socket: WebSocket) {
    if (isClosing()) {
      socket.close(GOING_AWAY, 'server shutting down');
      return;
    }
    let connection: Connection | null = null;
    let authenticating = false;
    const authTimer = setTimeout(() => socket.close(REALTIME_CLOSE.authTimeout, 'no auth message'), AUTH_TIMEOUT_MS);

    socket.on('message', (data, isBinary) => {
      if (isBinary) return void socket.close(REALTIME_CLOSE.unauthorized, 'text messages only');
      let parsed;
      try {
        parsed = ClientEventSchema.safeParse(JSON.parse(data.toString()));
      } catch {
        parsed = null;
      }
      if (!connection) {
        if (authenticating) return;
        if (!parsed?.success || parsed.data.type !== 'auth') return void socket.close(REALTIME_CLOSE.unauthorized, 'auth first');
        authenticating = true;
        void authenticate(socket, parsed.data.token, (opened) => (connection = opened)).then(
          () => clearTimeout(authTimer),
          (error: unknown) => {
            clearTimeout(authTimer);
            log.error({ err: error }, 'realtime auth failed');
            socket.close(1011, 'server error');
          },
        );
        return;
      }
      const open = connection;
      if (flooding(open)) return void socket.close(REALTIME_CLOSE.tooManyMessages, 'too many messages');
      if (!parsed?.success) return;
      const event = parsed.data;
      if (event.type === 'typing' || event.type === 'stopTyping') {
        typing(open, event.recipientId, event.type === 'typing').catch((error: unknown) => log.error({ err: error }, 'typing event failed'));
      }
    });

    socket.on('pong', () => {
      if (connection) connection.alive = true;
    });

    socket.on('close', () => {
      clearTimeout(authTimer);
      const open = connection;
      connection = null;
      if (open) void closed(open);
    });
  }

  /** Resolves the session; a good one is registered (and handed to `opened` at once, so a close meanwhile removes it). */
  async function authenticate(socket: WebSocket, token: string, opened: (connection: Connection) => void): Promise<void> {
    const member = await deps.resolveSession(token);
    if (socket.readyState !== socket.OPEN) return;
    if (!member || member.isBanned || !member.isEmailVerified) {
      socket.close(REALTIME_CLOSE.unauthorized, 'bad session');
      return;
    }
    const connection: Connection = {
      socket,
      member,
      token,
      queue: [],
      mayChat: new Map(),
      typingTo: new Set(),
      flood: { windowStart: Date.now(), count: 0 },
      alive: true,
      sessionCheckedAt: now(),
    };
    // Registered before anything is read, so no event committed from here on is missed.
    fanOut.add(connection);
    opened(connection);
    const [partners] = await Promise.all([deps.chatPartnersOf(member.id), syncPresence(member.id)]);
    const onlineUserIds = await presence.onlineAmong(db, partners);
    const queued = connection.queue ?? [];
    connection.queue = null;
    fanOut.send(connection, JSON.stringify({ type: 'ready', onlineUserIds } satisfies ServerEvent));
    for (const text of queued) fanOut.send(connection, text);
  }

  async function closed(connection: Connection) {
    if (!fanOut.remove(connection)) return;
    if (isClosing()) return;
    const userId = connection.member.id;
    for (const recipientId of connection.typingTo) {
      await announce(db, [recipientId], { type: 'userStoppedTyping', userId, conversationId: conversationIdOf(userId, recipientId) }).catch(
        (error: unknown) => log.error({ err: error }, 'stop typing on close failed'),
      );
    }
    await syncPresence(userId);
  }

  return {
    accept,

    /** Keep-alive pings: a socket that did not answer the last one is dropped, so a vanished phone goes offline. */
    ping() {
      for (const connection of fanOut.connections()) {
        if (!connection.alive) {
          connection.socket.terminate();
          continue;
        }
        connection.alive = false;
        connection.socket.ping();
      }
    },

    /** A session that ended (signed out elsewhere, expired) or a member banned meanwhile closes its sockets. */
    async recheckSessions() {
      const due = [...fanOut.connections()].filter((c) => now() - c.sessionCheckedAt >= SESSION_RECHECK_MS);
      for (const connection of due) {
        connection.sessionCheckedAt = now();
        const member = await deps.resolveSession(connection.token);
        if (!member || member.isBanned || !member.isEmailVerified) connection.socket.close(REALTIME_CLOSE.unauthorized, 'session ended');
      }
    },

    /** Shutting down: every socket is told the server is going away. */
    closeAll() {
      for (const connection of fanOut.connections()) connection.socket.close(GOING_AWAY, 'server shutting down');
    },
  };
}
