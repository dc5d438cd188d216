import type { Member } from '../platform/auth.ts';
import type { Database, Unlisten } from '../platform/db/client.ts';

/**
 * The channel migration 0023's triggers notify with a member's id when one of their sessions ends
 * (revoked, deleted) or what a session answers of them changes (email, its verification, admin,
 * banned) or what is kept with it (their browse facts, migration 0025), whichever instance or
 * script made the change.
 */
export const MEMBER_CHANGES_CHANNEL = 'rendezvous_member_changes';

/** The longest a session read is answered from memory; a change's NOTIFY ends it sooner. */
export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;

type Entry<Kept> = { kept: Kept; sessionEndsAt: number; until: number };

/**
 * The live sessions this instance read lately, by token hash (decision 91), each with what the
 * reader kept of it (`Kept`: its member, and facts the triggers watch): a call answered from
 * here runs no session statement. Correct only while the instance hears every change: entries are
 * kept and answered only while the listener is connected, everything goes when it drops, and each
 * change drops its member's entries. `epoch` closes the race of a read that began before a change
 * and would store what it read after the change's NOTIFY: `put` keeps nothing read in an older epoch.
 */
export function createSessionCache<Kept extends { id: string } = Member>(now: () => number, ttlMs = SESSION_CACHE_TTL_MS, maxEntries = MAX_ENTRIES) {
  const entries = new Map<string, Entry<Kept>>();
  const hashesOf = new Map<string, Set<string>>();
  let epoch = 0;
  let listening = false;

  function remove(tokenHash: string) {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    const hashes = hashesOf.get(entry.kept.id);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) hashesOf.delete(entry.kept.id);
  }

  function clear() {
    epoch += 1;
    entries.clear();
    hashesOf.clear();
  }

  function dropMember(userId: string) {
    epoch += 1;
    for (const tokenHash of [...(hashesOf.get(userId) ?? [])]) remove(tokenHash);
  }

  return {
    /** What was kept of a live session read within the TTL (its member), if this instance has it. */
    get(tokenHash: string): Kept | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      const at = now();
      if (at < entry.until && at < entry.sessionEndsAt) return entry.kept;
      remove(tokenHash);
      return undefined;
    },

    /** The epoch a session read begins in, to give back to `put`. */
    epoch: () => epoch,

    /** Keeps what a session read found, unless a change arrived since it began (or nobody listens). */
    put(tokenHash: string, kept: Kept, sessionEndsAt: Date, readIn: number) {
      if (!listening || readIn !== epoch) return;
      if (entries.size >= maxEntries) remove(entries.keys().next().value!);
      entries.set(tokenHash, { kept, sessionEndsAt: sessionEndsAt.getTime(), until: now() + ttlMs });
      let hashes = hashesOf.get(kept.id);
      if (!hashes) hashesOf.set(kept.id, (hashes = new Set()));
      hashes.add(tokenHash);
    },

    /** A member's sessions or account changed: their entries go, and reads under way are not kept. */
    dropMember,

    /** Listens to MEMBER_CHANGES_CHANNEL; while the listener is down nothing is kept or answered. */
    async listen(database: Database, log: { error(object: object, message: string): void; warn(object: object, message: string): void }): Promise<Unlisten> {
      const unlisten = await database.listen(MEMBER_CHANGES_CHANNEL, dropMember, {
        log,
        onDisconnect: () => {
          listening = false;
          clear();
        },
        onReconnect: () => {
          clear();
          listening = true;
        },
      });
      listening = true;
      return async () => {
        listening = false;
        clear();
        await unlisten();
      };
    },

    size: () => entries.size,
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
