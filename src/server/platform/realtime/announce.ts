import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ServerEvent } from '#shared/api/realtime.ts';
import type { Tx } from '../db/client.ts';

/** The PostgreSQL channel every instance listens on. */
export const EVENTS_CHANNEL = 'rendezvous_events';

/**
 * An event for the instances themselves, never sent to a client: who may chat with whom changed
 * for these members (a block), so their sockets forget what they had cached about it.
 */
export type InstanceEvent = { type: 'chatAccessChanged' };

/** What travels on the channel: the event and the members it is for. */
export type Announcement = { to: string[]; event: ServerEvent | InstanceEvent };

/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD_BYTES = 7900;

/**
 * Announces an event to members, written in the caller's transaction: PostgreSQL delivers it to
 * every listening instance when the transaction commits, and never if it rolls back. Pass the
 * transaction that makes the change the event tells about.
 */
export async function announce(tx: Tx, to: string[], event: ServerEvent | InstanceEvent): Promise<void> {
  await announceEach(tx, [{ to, event }]);
}

/** Several announcements in one statement (a batch of expired requests, a slot's declined guests). */
export async function announceEach(tx: Tx, announcements: Announcement[]): Promise<void> {
  const payloads = announcements.filter((a) => a.to.length > 0).flatMap(payloadsOf);
  if (payloads.length === 0) return;
  if (payloads.length === 1) {
    await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payloads[0]!})`);
    return;
  }
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, p) from unnest(${sql.param(payloads)}::text[]) as p`);
}

/**
 * Writes and their announcements in one statement (one round trip, not several): each write runs
 * as a data-modifying CTE, whatever it returns, and the events go when the transaction commits.
 * `payloadQueries` add events the database writes itself: each a query of payload texts named `p`
 * (such as presence's `presenceBetweenPayloads`).
 */
export async function announceWith(tx: Tx, writes: SQLWrapper[], announcements: Announcement[], payloadQueries: SQL[] = []): Promise<void> {
  const payloads = announcements.filter((a) => a.to.length > 0).flatMap(payloadsOf);
  const ctes = sql.join(
    writes.map((write, i) => sql`${sql.identifier(`write_${i}`)} as (${write.getSQL()})`),
    sql`, `,
  );
  const queried = payloadQueries.map((query) => sql` union all (${query})`);
  await tx.execute(
    sql`with ${ctes} select pg_notify(${EVENTS_CHANNEL}, p) from (select unnest(${sql.param(payloads)}::text[]) as p${sql.join(queried)}) as payloads`,
  );
}

/** The channel's payloads of these announcements (`notifyEach` sends them). */
export const announcementPayloads = (announcements: Announcement[]): string[] => announcements.filter((a) => a.to.length > 0).flatMap(payloadsOf);

/**
 * Payloads (`announcementPayloads`, as SQL text[]: a placeholder of a prepared statement) as a
 * SELECT to ride in another statement (as a CTE the statement's answer reads, so that it runs),
 * sent only where `when` holds: one round trip for a write and its events.
 */
export const notifyEach = (payloads: SQL, when: SQL): SQL => sql`select pg_notify(${EVENTS_CHANNEL}, p) from unnest(${payloads}) as p where ${when}`;

/**
 * One payload, or several when the list of members is long (a member with many chat partners
 * going online): each carries the event and as many members as fit under the limit.
 */
function payloadsOf(announcement: Announcement): string[] {
  const to = [...new Set(announcement.to)];
  const whole = JSON.stringify({ to, event: announcement.event } satisfies Announcement);
  if (Buffer.byteLength(whole) <= MAX_PAYLOAD_BYTES) return [whole];
  const room = MAX_PAYLOAD_BYTES - Buffer.byteLength(JSON.stringify({ to: [], event: announcement.event }));
  const widest = Math.max(...to.map((id) => Buffer.byteLength(JSON.stringify(id)) + 1));
  const perPayload = Math.floor(room / widest);
  if (perPayload < 1) throw new Error(`realtime event ${announcement.event.type} is too large to announce`);
  const payloads: string[] = [];
  for (let i = 0; i < to.length; i += perPayload) payloads.push(JSON.stringify({ to: to.slice(i, i + perPayload), event: announcement.event }));
  return payloads;
}
