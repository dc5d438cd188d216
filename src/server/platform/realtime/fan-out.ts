import type { WebSocket } from 'ws';
import { REALTIME_CLOSE, type ServerEvent } from '#shared/api/realtime.ts';
import type { Member } from '../auth.ts';
import type { Database, Unlisten } from '../db/client.ts';
import { EVENTS_CHANNEL, type Announcement } from './announce.ts';
import type { FloodWindow } from './flood-limit.ts';

/** A client that lets this much pile up unread is cut off. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** An authenticated socket of this instance (connections.ts opens them; the fan-out delivers to them). */
export type Connection = {
  socket: WebSocket;
  member: Member;
  token: string;
  /** Events wait here until `ready` has gone out, so the client sees it first. */
  queue: string[] | null;
  mayChat: Map<string, { allowed: boolean; until: number }>;
  /** Recipients told "typing" and not yet "stopped". */
  typingTo: Set<string>;
  flood: FloodWindow;
  alive: boolean;
  sessionCheckedAt: number;
};

type Log = {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
};

/**
 * This instance's open sockets by member, and the fan-out to them: every event reaches the
 * instance through the database (LISTEN on EVENTS_CHANNEL), whichever instance made the change,
 * and goes to this instance's sockets of the members it is for.
 */
export function createFanOut({ database, log, instanceId }: { database: Database; log: Log; instanceId: string }) {
  const byMember = new Map<string, Set<Connection>>();
  let unlisten: Unlisten | null = null;

  /**
   * The members' sockets forget whom they may chat with. A new map, not a cleared one: an answer
   * still on its way from before the change lands in the old map and is never used.
   */
  function forgetChatAccess(userIds: string[]) {
    for (const userId of userIds) for (const connection of byMember.get(userId) ?? []) connection.mayChat = new Map();
  }

  function deliver(announcement: Announcement) {
    if (announcement.event.type === 'chatAccessChanged') return forgetChatAccess(announcement.to);
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

  /** One event to one socket: held while it waits for `ready`; a client far behind is cut off. */
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

  return {
    send,
    forgetChatAccess,

    /** `ready` goes out first, then the events held while it was prepared; from then on events go straight out. */
    ready(connection: Connection, onlineUserIds: string[]) {
      const queued = connection.queue ?? [];
      connection.queue = null;
      send(connection, JSON.stringify({ type: 'ready', onlineUserIds } satisfies ServerEvent));
      for (const text of queued) send(connection, text);
    },

    /** Starts listening for announcements (open() awaits it before anything else). */
    async listen(): Promise<void> {
      unlisten = await database.listen(EVENTS_CHANNEL, onPayload, {
        log,
        onReconnect: () => log.warn({ instanceId }, 'realtime listener reconnected; events meanwhile were missed'),
      });
    },

    /** Stops listening (the last step of shutting down). */
    async stopListening(): Promise<void> {
      await unlisten?.().catch(() => {});
      unlisten = null;
    },

    /** A socket whose session checked out: events for its member reach it from now on. */
    add(connection: Connection) {
      const userId = connection.member.id;
      let set = byMember.get(userId);
      if (!set) byMember.set(userId, (set = new Set()));
      set.add(connection);
    },

    /** A socket that closed; false if it was not (or no longer) there. */
    remove(connection: Connection): boolean {
      const set = byMember.get(connection.member.id);
      if (!set?.delete(connection)) return false;
      if (set.size === 0) byMember.delete(connection.member.id);
      return true;
    },

    /** How many sockets the member has open on this instance. */
    countOf: (userId: string) => byMember.get(userId)?.size ?? 0,

    /** The members with sockets here, each with theirs. */
    members: () => byMember.entries(),

    /** Every socket open here. */
    *connections(): Generator<Connection> {
      for (const set of byMember.values()) yield* set;
    },

    /** Sockets open on this instance (for tests and logs). */
    connectionCount: () => [...byMember.values()].reduce((n, set) => n + set.size, 0),

    /** Forgets every socket (shutting down). */
    clear: () => byMember.clear(),
  };
}

export type FanOut = ReturnType<typeof createFanOut>;
