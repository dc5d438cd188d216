import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { REALTIME_CLOSE, REALTIME_PATH, ClientEventSchema, type ServerEvent } from '#shared/api/realtime.ts';
import { conversationIdOf } from '#shared/domain/chat.ts';
import type { Member, SessionResolver } from '../auth.ts';
import type { Clock } from '../clock.ts';
import type { Database, Unlisten } from '../db/client.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { announce, EVENTS_CHANNEL, type Announcement } from './announce.ts';
import * as presence from './presence.ts';

/** The first message must name a session within this time. */
export const AUTH_TIMEOUT_MS = 5_000;
/** Heartbeat, keep-alive ping and presence upkeep period (main.ts starts it; tests call tick()). */
export const TICK_MS = 10_000;
/** How often the sweep of dead instances is due (a recurring job, run by one instance). */
export const SWEEP_EVERY_MS = 10_000;
/** A socket may send this many messages per window; more closes it (REALTIME_CLOSE.tooManyMessages). */
export const FLOOD_LIMIT = { messages: 40, windowMs: 10_000 } as const;
/** "May these two chat?" is remembered this long per connection, so typing costs no query per keystroke. */
export const MAY_CHAT_CACHE_MS = 60_000;
const MAY_CHAT_CACHE_SIZE = 200;
/** Sessions of open sockets are checked again this often (a signed-out or banned member is closed). */
export const SESSION_RECHECK_MS = 60_000;
/** Client messages are tiny; anything larger closes the socket (ws answers 1009). */
export const MAX_MESSAGE_BYTES = 4096;
/** A client that lets this much pile up unread is cut off. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const GOING_AWAY = 1001;

export const REALTIME_SWEEP_JOB = 'realtime-sweep';

type Log = {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
  debug(object: object, message: string): void;
};

export type RealtimeDeps = {
  database: Database;
  clock: Clock;
  log: Log;
  jobs: Jobs;
  resolveSession: SessionResolver;
  /** Members the member may chat with (an agreed date between them): presence goes to them only. */
  chatPartnersOf(userId: string): Promise<string[]>;
  /** Whether two members may chat (typing goes only there). */
  mayChat(a: string, b: string): Promise<boolean>;
};

type Connection = {
  socket: WebSocket;
  member: Member;
  token: string;
  /** Events wait here until `ready` has gone out, so the client sees it first. */
  queue: string[] | null;
  mayChat: Map<string, { allowed: boolean; until: number }>;
  /** Recipients told "typing" and not yet "stopped". */
  typingTo: Set<string>;
  flood: { windowStart: number; count: number };
  alive: boolean;
  sessionCheckedAt: number;
};

/**
 * The live connections of one server instance. Every event reaches the instance through the
 * database (LISTEN on EVENTS_CHANNEL): whichever instance made a change, each instance hands it
 * to its own sockets of the members it is for. Presence lives in the database too (presence.ts).
 */
export function createRealtime(deps: RealtimeDeps) {
  const { database, clock, log } = deps;
  const { db } = database;
  const instanceId = randomUUID();
  const byMember = new Map<string, Set<Connection>>();
  /** Per member, this instance's presence writes run one after another, each writing the count of that moment. */
  const presenceChains = new Map<string, Promise<void>>();
  let unlisten: Unlisten | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closing = false;

  const now = () => clock.now().getTime();

  function deliver(announcement: Announcement) {
    const text = JSON.stringify(announcement.event);
    const ended = announcement.event.type === 'sessionsEnded';
    for (const userId of announcement.to) {
      for (const connection of byMember.get(userId) ?? []) {
        send(connection, text);
        // The member's sessions are gone: their sockets go too, without waiting for the next check.
        if (ended) connection.socket.close(REALTIME_CLOSE.unauthorized, 'session ended');
      }
    }
  }

  function send(connection: Connection, text: string) {
    if (connection.queue) {
      connection.queue.push(text);
      return;
    }
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.terminate();
      return;
    }
    socket.send(text);
  }

  function onPayload(payload: string) {
    let announcement: Announcement;
    try {
      announcement = JSON.parse(payload) as Announcement;
    } catch (error) {
      log.error({ err: error }, 'unreadable realtime announcement');
      return;
    }
    if (!Array.isArray(announcement.to) || !announcement.event) return;
    deliver(announcement);
  }

  function syncPresence(userId: string): Promise<void> {
    const previous = presenceChains.get(userId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        const count = byMember.get(userId)?.size ?? 0;
        const partners = await deps.chatPartnersOf(userId);
        try {
          await presence.setConnections(db, instanceId, userId, partners, count);
        } catch (error) {
          // Our instance row is gone: another instance swept us as dead. Come back with every member.
          if (count > 0 && !(await presence.heartbeat(db, instanceId, clock.now()))) await resurrect();
          else throw error;
        }
      })
      .catch((error: unknown) => log.error({ err: error, userId }, 'presence update failed'))
      .finally(() => {
        if (presenceChains.get(userId) === next) presenceChains.delete(userId);
      });
    presenceChains.set(userId, next);
    return next;
  }

  /** After being swept: register again and restore every member's presence from the open sockets. */
  async function resurrect() {
    log.warn({ instanceId }, 'realtime instance was swept as dead; registering again');
    await presence.registerInstance(db, instanceId, clock.now());
    for (const [userId, connections] of byMember) {
      await presence.setConnections(db, instanceId, userId, await deps.chatPartnersOf(userId), connections.size);
    }
  }

  function add(connection: Connection) {
    const userId = connection.member.id;
    let set = byMember.get(userId);
    if (!set) byMember.set(userId, (set = new Set()));
    set.add(connection);
  }

  function remove(connection: Connection): boolean {
    const set = byMember.get(connection.member.id);
    if (!set?.delete(connection)) return false;
    if (set.size === 0) byMember.delete(connection.member.id);
    return true;
  }

  async function mayChat(connection: Connection, recipientId: string): Promise<boolean> {
    const cached = connection.mayChat.get(recipientId);
    if (cached && cached.until > now()) return cached.allowed;
    const allowed = recipientId !== connection.member.id && (await deps.mayChat(connection.member.id, recipientId));
    // A bounded memory, whatever ids a client sends.
    if (connection.mayChat.size >= MAY_CHAT_CACHE_SIZE) connection.mayChat.clear();
    connection.mayChat.set(recipientId, { allowed, until: now() + MAY_CHAT_CACHE_MS });
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
    if (closing) {
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
    add(connection);
    opened(connection);
    const [partners] = await Promise.all([deps.chatPartnersOf(member.id), syncPresence(member.id)]);
    const onlineUserIds = await presence.onlineAmong(db, partners);
    const queued = connection.queue ?? [];
    connection.queue = null;
    send(connection, JSON.stringify({ type: 'ready', onlineUserIds } satisfies ServerEvent));
    for (const text of queued) send(connection, text);
  }

  async function closed(connection: Connection) {
    if (!remove(connection)) return;
    if (closing) return;
    const userId = connection.member.id;
    for (const recipientId of connection.typingTo) {
      await announce(db, [recipientId], { type: 'userStoppedTyping', userId, conversationId: conversationIdOf(userId, recipientId) }).catch(
        (error: unknown) => log.error({ err: error }, 'stop typing on close failed'),
      );
    }
    await syncPresence(userId);
  }

  /** Instances that stopped heartbeating are removed, their members offline for their partners. */
  async function sweep(): Promise<void> {
    await presence.heartbeat(db, instanceId, clock.now());
    for (const dead of await presence.staleInstances(db, instanceId, clock.now())) {
      const gone = await presence.removeInstance(db, dead, deps.chatPartnersOf);
      log.warn({ instance: dead, membersOffline: gone.length }, 'swept a silent realtime instance');
    }
  }

  /** A session that ended (signed out elsewhere, expired) or a member banned meanwhile closes its sockets. */
  async function recheckSessions() {
    const due = [...byMember.values()].flatMap((set) => [...set]).filter((c) => now() - c.sessionCheckedAt >= SESSION_RECHECK_MS);
    for (const connection of due) {
      connection.sessionCheckedAt = now();
      const member = await deps.resolveSession(connection.token);
      if (!member || member.isBanned || !member.isEmailVerified) connection.socket.close(REALTIME_CLOSE.unauthorized, 'session ended');
    }
  }

  /**
   * One upkeep round: heartbeat (coming back if swept), keep-alive pings (a socket that did not
   * answer the last one is dropped, so a vanished phone goes offline), sessions checked again.
   */
  async function tick(): Promise<void> {
    if (!(await presence.heartbeat(db, instanceId, clock.now())) && !closing) await resurrect();
    for (const set of byMember.values()) {
      for (const connection of set) {
        if (!connection.alive) {
          connection.socket.terminate();
          continue;
        }
        connection.alive = false;
        connection.socket.ping();
      }
    }
    await recheckSessions();
  }

  return {
    instanceId,

    /** Starts listening and registers the instance; buildApp awaits it. */
    async open(): Promise<void> {
      unlisten = await database.listen(EVENTS_CHANNEL, onPayload, {
        log,
        onReconnect: () => log.warn({ instanceId }, 'realtime listener reconnected; events meanwhile were missed'),
      });
      await presence.registerInstance(db, instanceId, clock.now());
      deps.jobs.every(REALTIME_SWEEP_JOB, SWEEP_EVERY_MS, () => sweep());
    },

    /** The Fastify parts: the websocket plugin at the root (with our shutdown), and `routes` under /api. */
    async plugin(app: FastifyInstance): Promise<void> {
      await app.register(websocket, {
        options: { maxPayload: MAX_MESSAGE_BYTES },
        preClose(done) {
          shutdown().finally(() => {
            app.websocketServer.close(() => done());
          });
        },
      });
    },

    routes: async (api: FastifyInstance) => {
      api.get(REALTIME_PATH, { websocket: true, config: { public: true } }, (socket) => accept(socket));
    },

    /** Starts the upkeep timer (main.ts). */
    start(periodMs: number = TICK_MS) {
      if (timer) return;
      timer = setInterval(() => {
        tick().catch((error: unknown) => log.error({ err: error }, 'realtime upkeep failed'));
      }, periodMs);
      timer.unref();
    },

    tick,
    sweep,

    /** Stops the upkeep timer: the instance falls silent (tests use it to play a dead instance). */
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },

    /** Sockets open on this instance (for tests and logs). */
    connectionCount: () => [...byMember.values()].reduce((n, set) => n + set.size, 0),
  };

  /** Closes every socket, takes this instance's presence away (partners hear offline), stops listening. */
  async function shutdown(): Promise<void> {
    if (closing) return;
    closing = true;
    if (timer) clearInterval(timer);
    timer = null;
    for (const set of byMember.values()) for (const connection of set) connection.socket.close(GOING_AWAY, 'server shutting down');
    await Promise.allSettled(presenceChains.values());
    try {
      await presence.removeInstance(db, instanceId, deps.chatPartnersOf);
    } catch (error) {
      log.error({ err: error }, 'could not remove this realtime instance; the others will sweep it');
    }
    byMember.clear();
    await unlisten?.().catch(() => {});
    unlisten = null;
  }
}

export type Realtime = ReturnType<typeof createRealtime>;
