import type { RawData, WebSocket } from 'ws';
import { REALTIME_CLOSE, ClientEventSchema, type ClientEvent } from '#shared/api/realtime.ts';
import type { Member, SessionResolver } from '../auth.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import type { Connection, FanOut } from './fan-out.ts';
import { isFlooding, newFloodWindow } from './flood-limit.ts';
import type { PresenceSync } from './presence-sync.ts';
import { AUTH_TIMEOUT_MS, recheckSessions, socketMember } from './socket-session.ts';
import { createTyping } from './typing.ts';

const GOING_AWAY = 1001;
const SERVER_ERROR = 1011;

type Log = { error(object: object, message: string): void };

export type ConnectionDeps = {
  resolveSession: SessionResolver;
  /** Members the member may chat with (an agreed date between them): presence goes to them only. */
  chatPartnersOf(userId: string): Promise<string[]>;
  /** Whether two members may chat (typing goes only there). */
  mayChat(a: string, b: string): Promise<boolean>;
};

/** A client's message as an event; null when it is unreadable or no event we know. */
function parseClientEvent(data: RawData): ClientEvent | null {
  try {
    const parsed = ClientEventSchema.safeParse(JSON.parse(data.toString()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function newConnection(socket: WebSocket, member: Member, token: string, now: number): Connection {
  return {
    socket,
    member,
    token,
    queue: [],
    mayChat: new Map(),
    typingTo: new Set(),
    flood: newFloodWindow(),
    alive: true,
    sessionCheckedAt: now,
  };
}

/** Keep-alive pings: a socket that did not answer the last one is dropped, so a vanished phone goes offline. */
function keepAlive(connections: Iterable<Connection>) {
  for (const connection of connections) {
    if (!connection.alive) {
      connection.socket.terminate();
      continue;
    }
    connection.alive = false;
    connection.socket.ping();
  }
}

/**
 * The sockets' side of realtime: a socket authenticates with its first message (socket-session.ts),
 * then may send typing events (typing.ts), within the flood limit (flood-limit.ts); closing it takes
 * its typing and presence away. Keep-alive pings and the periodic session checks drop the sockets
 * that should go. What reaches the sockets is the fan-out's (fan-out.ts).
 */
export function createConnections({
  database,
  clock,
  log,
  deps,
  fanOut,
  presence,
  isClosing,
}: {
  database: Database;
  clock: Clock;
  log: Log;
  deps: ConnectionDeps;
  fanOut: FanOut;
  /** Each member's count of open sockets, in the database (presence-sync.ts). */
  presence: PresenceSync;
  /** The instance is shutting down: no new socket, no presence writes for closing ones. */
  isClosing: () => boolean;
}) {
  const now = () => clock.now().getTime();
  const typing = createTyping({ db: database.db, log, now, mayChat: deps.mayChat });

  /** A socket that opened: it has AUTH_TIMEOUT_MS to send `{type:'auth', token}`. */
  function accept(socket: WebSocket) {
    if (isClosing()) return void socket.close(GOING_AWAY, 'server shutting down');
    let connection: Connection | null = null;
    let authenticating = false;
    const authTimer = setTimeout(() => socket.close(REALTIME_CLOSE.authTimeout, 'no auth message'), AUTH_TIMEOUT_MS);

    socket.on('message', (data, isBinary) => {
      if (isBinary) return void socket.close(REALTIME_CLOSE.unauthorized, 'text messages only');
      const event = parseClientEvent(data);
      if (connection) return received(connection, event);
      if (authenticating) return;
      if (event?.type !== 'auth') return void socket.close(REALTIME_CLOSE.unauthorized, 'auth first');
      authenticating = true;
      void authenticate(socket, event.token, (opened) => (connection = opened)).then(
        () => clearTimeout(authTimer),
        (error: unknown) => {
          clearTimeout(authTimer);
          log.error({ err: error }, 'realtime auth failed');
          socket.close(SERVER_ERROR, 'server error');
        },
      );
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

  /** A good session is registered (and handed to `opened` at once, so a close meanwhile removes it), then told `ready`. */
  async function authenticate(socket: WebSocket, token: string, opened: (connection: Connection) => void): Promise<void> {
    const member = await socketMember(deps.resolveSession, token);
    if (socket.readyState !== socket.OPEN) return;
    if (!member) return void socket.close(REALTIME_CLOSE.unauthorized, 'bad session');
    const connection = newConnection(socket, member, token, now());
    // Registered before anything is read, so no event committed from here on is missed.
    fanOut.add(connection);
    opened(connection);
    fanOut.ready(connection, await presence.joined(member.id));
  }

  /** A message of an authenticated socket (null if unreadable): every one counts against the flood limit. */
  function received(connection: Connection, event: ClientEvent | null) {
    if (isFlooding(connection)) return void connection.socket.close(REALTIME_CLOSE.tooManyMessages, 'too many messages');
    if (event?.type === 'typing' || event?.type === 'stopTyping') {
      typing.relay(connection, event.recipientId, event.type === 'typing').catch((error: unknown) => log.error({ err: error }, 'typing event failed'));
    }
  }

  async function closed(connection: Connection) {
    if (!fanOut.remove(connection)) return;
    if (isClosing()) return;
    await typing.stopAll(connection);
    await presence.sync(connection.member.id);
  }

  return {
    accept,

    ping: () => keepAlive(fanOut.connections()),

    recheckSessions: () => recheckSessions(fanOut.connections(), deps.resolveSession, now),

    /** Shutting down: every socket is told the server is going away. */
    closeAll() {
      for (const connection of fanOut.connections()) connection.socket.close(GOING_AWAY, 'server shutting down');
    },
  };
}
