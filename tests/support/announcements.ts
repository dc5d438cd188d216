import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '#server/platform/db/client.ts';
import { EVENTS_CHANNEL, type Announcement } from '#server/platform/realtime/announce.ts';

/**
 * Listens on the realtime channel of a test app's database, as a server instance does: PGlite's
 * own listen, or a dedicated LISTEN connection to PostgreSQL. Everything heard is kept in order.
 */
export async function listenToAnnouncements(database: Database) {
  const heard: Announcement[] = [];
  let wake: (() => void) | null = null;
  const onPayload = (payload: string) => {
    heard.push(JSON.parse(payload) as Announcement);
    wake?.();
  };

  let stop: () => Promise<void>;
  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const unlisten = await client.listen(EVENTS_CHANNEL, onPayload);
    stop = () => unlisten();
  } else {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const client = new pg.Client({ connectionString: (pool as unknown as { options: { connectionString: string } }).options.connectionString });
    await client.connect();
    client.on('notification', (message) => {
      if (message.channel === EVENTS_CHANNEL && message.payload) onPayload(message.payload);
    });
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    stop = () => client.end();
  }

  return {
    heard,
    /** The first announcement (heard already or arriving within the timeout) that matches. */
    async waitFor(match: (announcement: Announcement) => boolean, timeoutMs = 5_000): Promise<Announcement> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = heard.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching announcement within ${timeoutMs} ms; heard ${JSON.stringify(heard)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 100));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    },
    stop,
  };
}

export type AnnouncementListener = Awaited<ReturnType<typeof listenToAnnouncements>>;
