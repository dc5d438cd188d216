import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { REALTIME_PATH } from '#shared/api/realtime.ts';
import type { SessionResolver } from '../auth.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { createConnections } from './connections.ts';
import { createFanOut } from './fan-out.ts';
import { createPresenceSync } from './presence-sync.ts';

export { FLOOD_LIMIT } from './flood-limit.ts';
export { AUTH_TIMEOUT_MS, SESSION_RECHECK_MS } from './socket-session.ts';
export { MAY_CHAT_CACHE_MS } from './typing.ts';

/** Heartbeat, keep-alive ping and presence upkeep period (main.ts starts it; tests call tick()). */
export const TICK_MS = 10_000;
/** How often the sweep of dead instances is due (a recurring job, run by one instance). */
export const SWEEP_EVERY_MS = 10_000;
/** Client messages are tiny; anything larger closes the socket (ws answers 1009). */
export const MAX_MESSAGE_BYTES = 4096;

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

/**
 * The live connections of one server instance, put together from three parts: the fan-out
 * (fan-out.ts: LISTEN on EVENTS_CHANNEL, whichever instance made a change, and delivery to this
 * instance's sockets of the members it is for), the connection handling (connections.ts: socket
 * auth, typing, flood limit, keep-alive pings, session checks) and presence, which lives in the database
 * (presence-sync.ts over presence.ts). Here: their wiring, the Fastify parts, upkeep and shutdown.
 */
export function createRealtime(deps: RealtimeDeps) {
  const { database, clock, log } = deps;
  const instanceId = randomUUID();
  let timer: NodeJS.Timeout | null = null;
  let closing = false;

  const fanOut = createFanOut({ database, log, instanceId });
  const presenceSync = createPresenceSync({ database, clock, log, instanceId, fanOut, deps });
  const connections = createConnections({ database, clock, log, deps, fanOut, presence: presenceSync, isClosing: () => closing });

  /**
   * One upkeep round: heartbeat (coming back if swept), keep-alive pings (a socket that did not
   * answer the last one is dropped, so a vanished phone goes offline), sessions checked again.
   */
  async function tick(): Promise<void> {
    if (!(await presenceSync.heartbeat()) && !closing) await presenceSync.resurrect();
    connections.ping();
    await connections.recheckSessions();
  }

  return {
    instanceId,

    /** Starts listening and registers the instance; buildApp awaits it. */
    async open(): Promise<void> {
      await fanOut.listen();
      await presenceSync.register();
      deps.jobs.every(REALTIME_SWEEP_JOB, SWEEP_EVERY_MS, () => presenceSync.sweep());
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
      api.get(REALTIME_PATH, { websocket: true, config: { public: true } }, (socket) => connections.accept(socket));
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
    sweep: presenceSync.sweep,

    /** Stops the upkeep timer: the instance falls silent (tests use it to play a dead instance). */
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },

    /**
     * Who may chat with whom changed for these members: this instance's sockets forget it at once
     * (the change's answer is sent after); other instances when its announcement reaches them.
     */
    forgetChatAccess: fanOut.forgetChatAccess,

    /** Sockets open on this instance (for tests and logs). */
    connectionCount: fanOut.connectionCount,
  };

  /** Closes every socket, takes this instance's presence away (partners hear offline), stops listening. */
  async function shutdown(): Promise<void> {
    if (closing) return;
    closing = true;
    if (timer) clearInterval(timer);
    timer = null;
    connections.closeAll();
    await presenceSync.leave();
    fanOut.clear();
    await fanOut.stopListening();
  }
}

export type Realtime = ReturnType<typeof createRealtime>;
