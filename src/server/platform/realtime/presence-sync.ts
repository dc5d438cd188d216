import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import type { FanOut } from './fan-out.ts';
import * as presence from './presence.ts';

type Log = {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
};

/**
 * This instance's presence in the database (presence.ts): each member's count of open sockets
 * written as it changes, the instance's heartbeat, coming back after being swept as dead, and the
 * sweep of other instances that fell silent.
 */
export function createPresenceSync({
  database,
  clock,
  log,
  instanceId,
  fanOut,
  deps,
}: {
  database: Database;
  clock: Clock;
  log: Log;
  instanceId: string;
  fanOut: FanOut;
  deps: { chatPartnersOf(userId: string): Promise<string[]> };
}) {
  const { db } = database;
  /** Per member, this instance's presence writes run one after another, each writing the count of that moment. */
  const presenceChains = new Map<string, Promise<void>>();

  function sync(userId: string): Promise<void> {
    const previous = presenceChains.get(userId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        const count = fanOut.countOf(userId);
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
    for (const [userId, connections] of fanOut.members()) {
      await presence.setConnections(db, instanceId, userId, await deps.chatPartnersOf(userId), connections.size);
    }
  }

  return {
    sync,
    resurrect,

    /** A member's socket opened: their count is written, and the answer is which of their chat partners are online. */
    async joined(userId: string): Promise<string[]> {
      const [partners] = await Promise.all([deps.chatPartnersOf(userId), sync(userId)]);
      return presence.onlineAmong(db, partners);
    },

    /** Registers this instance (open()). */
    register: () => presence.registerInstance(db, instanceId, clock.now()),

    /** This instance's heartbeat; false when its row is gone (swept as dead). */
    heartbeat: () => presence.heartbeat(db, instanceId, clock.now()),

    /** Instances that stopped heartbeating are removed, their members offline for their partners. */
    async sweep(): Promise<void> {
      await presence.heartbeat(db, instanceId, clock.now());
      for (const dead of await presence.staleInstances(db, instanceId, clock.now())) {
        const gone = await presence.removeInstance(db, dead, deps.chatPartnersOf);
        log.warn({ instance: dead, membersOffline: gone.length }, 'swept a silent realtime instance');
      }
    },

    /** Shutting down: the writes under way finish, then this instance's presence goes (partners hear offline). */
    async leave(): Promise<void> {
      await Promise.allSettled(presenceChains.values());
      try {
        await presence.removeInstance(db, instanceId, deps.chatPartnersOf);
      } catch (error) {
        log.error({ err: error }, 'could not remove this realtime instance; the others will sweep it');
      }
    },
  };
}

export type PresenceSync = ReturnType<typeof createPresenceSync>;
