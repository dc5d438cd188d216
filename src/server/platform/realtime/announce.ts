import { sql } from 'drizzle-orm';
import type { ServerEvent } from '#shared/api/realtime.ts';
import type { Tx } from '../db/client.ts';

/** The PostgreSQL channel every instance listens on. */
export const EVENTS_CHANNEL = 'rendezvous_events';

/** What travels on the channel: the event and the members it is for. */
export type Announcement = { to: string[]; event: ServerEvent };

/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD_BYTES = 7900;

/**
 * Announces an event to members, written in the caller's transaction: PostgreSQL delivers it to
 * every listening instance when the transaction commits, and never if it rolls back. Pass the
 * transaction that makes the change the event tells about.
 */
export async function announce(tx: Tx, to: string[], event: ServerEvent): Promise<void> {
  if (to.length === 0) return;
  const payload = JSON.stringify({ to, event } satisfies Announcement);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`realtime event ${event.type} is too large to announce`);
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
}
