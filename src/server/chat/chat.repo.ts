import { and, desc, eq, isNull, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { CHAT_OPEN_STATUSES } from '#shared/domain/chat.ts';
import { takesPartSql, users } from '../auth/auth.read.ts';
import { notBlockedWith } from '../blocks/blocks.read.ts';
import { bookings, chatBookingQuery, chatPartnersSql } from '../bookings/bookings.read.ts';
import type { Tx } from '../platform/db/client.ts';
import { preparedPerDb, preparedSql } from '../platform/db/prepared.ts';
import { countAttemptSql, windowValues, type Counted, type Limit } from '../platform/rate-limit.ts';
import { photosJsonOf, toPhoto, type Photo, type PhotoJson } from '../profiles/photos.read.ts';
import { messages } from './chat.tables.ts';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = Omit<typeof messages.$inferInsert, 'id' | 'seq' | 'readAt'>;
/** What chat shows of a member: how they are named. */
export type ChatMemberRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'accountType' | 'partnerName'>;

const memberColumns = {
  id: users.id,
  name: users.name,
  accountType: users.accountType,
  partnerName: users.partnerName,
};

/**
 * Who may chat, the one form of the rule every chat call holds: both members take part and an
 * agreed date opens their chat (bookings.read `chatPartnersSql`; `dated` when the statement has
 * already looked for the date). `a` and `b` are uuid values.
 */
const mayChatSql = (a: SQL, b: SQL, dated: SQL = chatPartnersSql(a, b)): SQL =>
  sql`((select count(*) from ${users} where ${users.id} in (${a}, ${b}) and ${takesPartSql}) = 2 and ${dated})`;

/**
 * A thread's first read: the other member, their photos (a thread shows them), whether the two may
 * chat and the agreed date that opens their chat.
 */
const chatAccessStatement = preparedPerDb((db) => {
  const [viewerId, otherId] = [sql`${sql.placeholder('viewerId')}::uuid`, sql`${sql.placeholder('otherId')}::uuid`];
  const booking = chatBookingQuery(new QueryBuilder(), viewerId, otherId).as('booking');
  return db
    .select({
      ...memberColumns,
      photos: photosJsonOf(sql`${users.id}`),
      allowed: sql<boolean>`${mayChatSql(viewerId, otherId, sql`${booking.id} is not null`)}`,
      bookingId: booking.id,
      bookedAt: booking.createdAt,
    })
    .from(users)
    .leftJoinLateral(booking, sql`true`)
    .where(eq(users.id, otherId))
    .prepare('chat_access');
});

export type ChatAccessRows = {
  /** The other member, when they exist. */
  other: ChatMemberRow | undefined;
  otherPhotos: Photo[];
  /** Their agreed date, when the two may chat. */
  booking: { id: string; createdAt: Date } | undefined;
};

/** The other member (if they exist), their photos and, when the two may chat, their agreed date, in one round trip; `otherId` must be a uuid. */
export async function chatAccess(db: Tx, viewerId: string, otherId: string): Promise<ChatAccessRows> {
  const [row] = await chatAccessStatement(db).execute({ viewerId, otherId });
  if (!row) return { other: undefined, otherPhotos: [], booking: undefined };
  const { photos, allowed, bookingId, bookedAt, ...other } = row;
  return {
    other,
    otherPhotos: photos.map(toPhoto),
    booking: allowed && bookingId ? { id: bookingId, createdAt: bookedAt! } : undefined,
  };
}

/** The pair written in order, as messages_thread_idx keys it. */
const pairOf = (a: string, b: string) => (a < b ? [a, b] : [b, a]);
const inThread = (low: SQLWrapper, high: SQLWrapper): SQL =>
  sql`least(${messages.senderId}, ${messages.recipientId}) = ${low} and greatest(${messages.senderId}, ${messages.recipientId}) = ${high}`;

/** What rides in a message's insert, over its values (placeholders): its events, and its push jobs. */
export type MessageAlongside = {
  events: (payloads: SQL, stored: SQL) => SQL;
  pushes: (values: { recipientId: SQL; push: SQL; createdAt: SQL; expiresAt: SQL }, stored: SQL) => SQL;
};

/**
 * Whether sender and recipient may chat; if so the send's attempt counted against the sender's limit
 * (rate-limit.ts); within the limit, the insert and what rides in it, in one statement:
 * `alongside`'s parts run only once the row is stored.
 */
function insertAlongside(alongside: MessageAlongside): SQL {
  const p = (name: string) => sql.placeholder(name);
  const stored = sql`exists (select 1 from inserted)`;
  const createdAt = sql`${p('createdAt')}::timestamptz`;
  const recipientId = sql`${p('recipientId')}::uuid`;
  return sql`with allowed as (select ${mayChatSql(sql`${p('senderId')}::uuid`, recipientId)} as allowed),
    counted as (${countAttemptSql(sql`(select allowed from allowed)`)}),
    inserted as (
      insert into ${messages} (id, sender_id, recipient_id, content, client_id, created_at)
      select ${p('id')}::uuid, ${p('senderId')}::uuid, ${recipientId}, ${p('content')}::text, ${p('clientId')}::uuid, ${createdAt}
      from counted where counted.count <= ${p('max')}::int
      on conflict (sender_id, client_id) where client_id is not null do nothing
      returning seq),
    told as (${alongside.events(sql`${p('payloads')}::text[]`, stored)}),
    pushed as (${alongside.pushes({ recipientId, push: sql`${p('push')}::jsonb`, createdAt, expiresAt: sql`${p('pushExpiresAt')}::text` }, stored)})
    select allowed.allowed, counted.count, counted.window_start, (select seq from inserted), (select count(*) from told) as told
    from allowed left join counted on true`;
}
type InsertedRow = { allowed: boolean; count: number | null; window_start: Date | string | null; seq: string | number | null };
let insertStatement: ReturnType<typeof preparedSql<InsertedRow>> | undefined;

/**
 * When the two may chat (`mayChatSql`), counts the send against `attempt`'s limit and, within it,
 * stores the message with its events (`payloads`, sent at commit) and its push (`push`, JSON, to
 * expire at `pushExpiresAt`), in one prepared statement. Answers null when they may not (nothing
 * counted or stored), else the window's count (`counted`, for the caller's 429) and the row stored.
 * Over the limit, or with a clientId the sender already used, it stores and sends nothing (`stored`
 * undefined; the unique index decides, so simultaneous identical sends still make one row). The
 * statement is built once, from the first call's `alongside` (chat.service passes one constant).
 */
export async function insertMessage(
  db: Tx,
  values: NewMessage & { id: string },
  alongside: MessageAlongside,
  told: { payloads: string[]; push: string; pushExpiresAt: string },
  attempt: { key: string; limit: Limit },
): Promise<{ stored: MessageRow | undefined; counted: Counted } | null> {
  insertStatement ??= preparedSql<InsertedRow>('chat_insert_message', () => insertAlongside(alongside));
  const { key, limit } = attempt;
  const [row] = await insertStatement(db).execute({
    ...values,
    clientId: values.clientId ?? null,
    createdAt: values.createdAt.toISOString(),
    ...told,
    ...windowValues(key, limit, values.createdAt),
    max: limit.max,
  });
  if (!row!.allowed) return null;
  const stored = row!.seq === null ? undefined : { ...values, clientId: values.clientId ?? null, seq: Number(row!.seq), readAt: null };
  return { stored, counted: { count: row!.count!, window_start: row!.window_start! } };
}

export async function findByClientId(db: Tx, senderId: string, clientId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
    .limit(1);
  return row;
}

/** A page of a thread: the first (newest) or one before a message. Every open thread asks for it. */
const threadPageStatement = (before: boolean) =>
  preparedPerDb((db) =>
    db
      .select()
      .from(messages)
      .where(and(inThread(sql.placeholder('low'), sql.placeholder('high')), before ? lt(messages.seq, sql.placeholder('beforeSeq')) : undefined))
      // The pair is fixed, so the index's order is the seq's.
      .orderBy(desc(messages.seq))
      .limit(sql.placeholder('limit'))
      .prepare(before ? 'chat_thread_page_before' : 'chat_thread_page'),
  );
const threadPages = { first: threadPageStatement(false), before: threadPageStatement(true) };

/** Up to `limit` messages of the pair before `beforeSeq` (all when null), newest first. */
export async function threadPage(db: Tx, a: string, b: string, limit: number, beforeSeq: number | null): Promise<MessageRow[]> {
  const [low, high] = pairOf(a, b);
  const statement = beforeSeq === null ? threadPages.first : threadPages.before;
  return statement(db).execute({ low, high, limit, beforeSeq });
}

let markReadStatement: ReturnType<typeof preparedSql<{ allowed: boolean; marked: number }>> | undefined;

/**
 * Marks read every unread message `senderId` sent `readerId`, and sends `payloads` (the events
 * telling both, through `events`) only when it marked any, in one statement, and only while the two
 * may chat (`mayChatSql`); null when
 * they may not (nothing is marked), else how many it marked. The statement is built once, from the
 * first call's `events` (chat.service passes one constant).
 */
export async function markReadIfAllowed(
  db: Tx,
  readerId: string,
  senderId: string,
  at: Date,
  events: MessageAlongside['events'],
  payloads: string[],
): Promise<number | null> {
  markReadStatement ??= preparedSql<{ allowed: boolean; marked: number }>('chat_mark_read', () => {
    const p = (name: string) => sql.placeholder(name);
    const [reader, sender] = [sql`${p('readerId')}::uuid`, sql`${p('senderId')}::uuid`];
    return sql`with allowed as (select 1 where ${mayChatSql(reader, sender)}),
      marked as (
        update ${messages} set read_at = ${p('at')}::timestamptz
        where recipient_id = ${reader} and sender_id = ${sender} and read_at is null and exists (select 1 from allowed)
        returning 1),
      told as (${events(sql`${p('payloads')}::text[]`, sql`exists (select 1 from marked)`)})
      select exists (select 1 from allowed) as allowed, (select count(*) from marked)::int as marked, (select count(*) from told) as told`;
  });
  const [row] = await markReadStatement(db).execute({ readerId, senderId, at: at.toISOString(), payloads });
  return row!.allowed ? row!.marked : null;
}

/** The member asking, in the prepared statements below. */
const viewer = sql.placeholder('viewerId');

const OPEN_STATUSES = sql.raw(`(${CHAT_OPEN_STATUSES.map((status) => `'${status}'`).join(', ')})`);

/**
 * The members `viewerId` may chat with: the other party of a confirmed or completed booking (read
 * through the host and guest indexes), with an account neither banned nor closed, and when the
 * newest such booking was made. Columns: other_id, booked_at.
 */
const partnersOf = (viewerId: SQLWrapper) => sql`(
  select agreed.other_id, max(agreed.created_at) as booked_at from (
    select ${bookings.guestId} as other_id, ${bookings.createdAt} as created_at from ${bookings}
      where ${bookings.hostId} = ${viewerId} and ${bookings.status} in ${OPEN_STATUSES}
    union all
    select ${bookings.hostId}, ${bookings.createdAt} from ${bookings}
      where ${bookings.guestId} = ${viewerId} and ${bookings.status} in ${OPEN_STATUSES}
  ) agreed
  join ${users} on ${users.id} = agreed.other_id and ${takesPartSql}
  where ${notBlockedWith(sql`agreed.other_id`, viewerId)}
  group by agreed.other_id
)`;

/** Unread messages from one partner (p.other_id) to the viewer: an index-only count on messages_unread_idx. */
const unreadFrom = (viewerId: SQLWrapper) =>
  sql`(select count(*)::int from ${messages} m where m.recipient_id = ${viewerId} and m.sender_id = p.other_id and m.read_at is null)`;

export type ConversationRow = {
  other: ChatMemberRow;
  bookedAt: Date;
  last: Pick<MessageRow, 'senderId' | 'content' | 'createdAt'> | null;
  unreadCount: number;
  photos: Photo[];
};

type RawConversation = {
  other_id: string;
  name: string;
  account_type: 'individual' | 'couple';
  partner_name: string | null;
  booked_at: string | Date;
  last_sender: string | null;
  last_content: string | null;
  last_at: string | Date | null;
  unread: number;
  photos: PhotoJson[];
};

/**
 * Every member the viewer may chat with now, newest activity first (the last message's time,
 * else the newest agreed booking's), with their photos, the last message and the unread count. One statement:
 * the partners come from the viewer's bookings (host and guest indexes); each partner's last
 * message is one backward step on messages_thread_idx and its unread count reads messages_unread_idx.
 */
const conversationsStatement = preparedSql<RawConversation>(
  'chat_conversations',
  () => sql`
    select p.other_id, u.name, u.account_type, u.partner_name, p.booked_at,
      last.sender_id as last_sender, last.content as last_content, last.created_at as last_at, last.seq as last_seq,
      ${unreadFrom(viewer)} as unread, ${photosJsonOf(sql`p.other_id`)} as photos
    from ${partnersOf(viewer)} p
    join ${users} u on u.id = p.other_id
    left join lateral (
      select m.sender_id, m.content, m.created_at, m.seq from ${messages} m
      where least(m.sender_id, m.recipient_id) = least(p.other_id, ${viewer}::uuid)
        and greatest(m.sender_id, m.recipient_id) = greatest(p.other_id, ${viewer}::uuid)
      order by m.seq desc
      limit 1
    ) last on true
    order by coalesce(last.created_at, p.booked_at) desc, last.seq desc nulls last, p.other_id
  `,
);
export async function conversationsOf(db: Tx, viewerId: string): Promise<ConversationRow[]> {
  const rows = await conversationsStatement(db).execute({ viewerId });
  return rows.map((row) => ({
    other: { id: row.other_id, name: row.name, accountType: row.account_type, partnerName: row.partner_name },
    bookedAt: new Date(row.booked_at),
    last:
      row.last_sender === null || row.last_at === null
        ? null
        : { senderId: row.last_sender, content: row.last_content ?? '', createdAt: new Date(row.last_at) },
    unreadCount: Number(row.unread),
    photos: row.photos.map(toPhoto),
  }));
}

/**
 * Unread messages to the member from members they may still chat with: the list's counts, summed
 * (one index-only count per partner, however many messages wait).
 */
const unreadStatement = preparedSql<{ n: number }>('chat_unread_count', () => sql`select coalesce(sum(${unreadFrom(viewer)}), 0)::int as n from ${partnersOf(viewer)} p`);
export async function unreadCount(db: Tx, viewerId: string): Promise<number> {
  const [row] = await unreadStatement(db).execute({ viewerId });
  return Number(row?.n ?? 0);
}

/** A removed member's messages, sent and received. */
export async function eraseMember(tx: Tx, userId: string): Promise<void> {
  await tx.delete(messages).where(or(eq(messages.senderId, userId), eq(messages.recipientId, userId)));
}

/** The latest messages between two members, oldest first (a moderator's view of a report: these two only). */
export async function latestBetween(db: Tx, a: string, b: string, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(or(and(eq(messages.senderId, a), eq(messages.recipientId, b)), and(eq(messages.senderId, b), eq(messages.recipientId, a))))
    .orderBy(desc(messages.seq))
    .limit(limit);
  return rows.reverse();
}
