import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { CHAT_ERRORS, type ChatMember, type Conversation, type Message, type SendMessageBodySchema, type Thread, type ThreadQuerySchema } from '#shared/api/chat.ts';
import { conversationIdOf } from '#shared/domain/chat.ts';
import { displayName } from '#shared/domain/profile.ts';
import { HttpError } from '#shared/http-error.ts';
import type { Member } from '../platform/auth.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import type { Transact } from '../platform/idempotency/idempotency.ts';
import { isUuid } from '../platform/ids.ts';
import { refuseOverLimit, type Limit } from '../platform/rate-limit.ts';
import { announcementPayloads, notifyEach } from '../platform/realtime/announce.ts';
import { messagePushJobs, messagePushOf, pushExpiresAt } from '../push/push.service.ts';
import * as repo from './chat.repo.ts';

/** Erasing a removed member (decision 21) is each feature's own part, called by admin in one transaction. */
export { eraseMember, latestBetween as messagesBetween } from './chat.repo.ts';

type SendBody = z.output<typeof SendMessageBodySchema>;
type ThreadQuery = z.output<typeof ThreadQuerySchema>;
type Photo = ChatMember['profile']['photos'][number];

/** A clientId names one message: reusing it for another recipient or text is refused. */
export const CLIENT_ID_REUSED = 'This message id was already used for a different message';
export const BAD_CURSOR = 'This page cursor is not valid';
/** Sends per member: far above anyone typing, low enough to stop a script (decision 20). */
export const SEND_LIMIT: Limit = { max: 60, windowMs: 60_000 };

export type ChatDeps = {
  db: Db;
  clock: Clock;
  /** The signed-in member's row (auth: a write's is the one read with its session). */
  userOf: (member: Member) => Promise<repo.ChatMemberRow>;
};

export function toMessage(row: repo.MessageRow): Message {
  return {
    _id: row.id,
    sender: { _id: row.senderId },
    recipient: { _id: row.recipientId },
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    isRead: row.readAt !== null,
    clientId: row.clientId,
  };
}

/** A message's insert carries its events and its push (chat.repo `insertMessage`). */
const MESSAGE_ALONGSIDE: repo.MessageAlongside = { events: notifyEach, pushes: messagePushJobs };

/** 'name & partnerName' for a couple, else the name (the row has only the partner's name, all the name needs). */
const displayNameOf = (row: repo.ChatMemberRow) =>
  displayName({ profile: row, coupleInfo: row.accountType === 'couple' && row.partnerName ? { partnerName: row.partnerName } : null });

function toChatMember(row: repo.ChatMemberRow, photos: Photo[]): ChatMember {
  const profile = { name: row.name, photos };
  return { _id: row.id, profile, displayName: displayNameOf(row) };
}

/** Cursors are opaque to clients: the oldest seq of the page they close, in base64url. */
const encodeCursor = (seq: number) => Buffer.from(`m${seq}`).toString('base64url');
function decodeCursor(cursor: string): number {
  const match = /^m(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || encodeCursor(Number(match[1])) !== cursor) throw new HttpError(400, BAD_CURSOR, [{ field: 'before', message: BAD_CURSOR }]);
  return Number(match[1]);
}

export function createChatService(deps: ChatDeps) {
  const { db, clock } = deps;

  /** Before any read: yourself → 400; not a member's id as ids are written (lower case) → 404. */
  function checkPair(viewerId: string, otherId: string) {
    if (viewerId === otherId) throw new HttpError(400, CHAT_ERRORS.toYourself);
    if (!isUuid(otherId) || otherId !== otherId.toLowerCase()) throw new HttpError(404, CHAT_ERRORS.notFound);
  }

  /**
   * The other member and the date that lets the viewer chat with them (chat.repo `mayChatSql`). A
   * thread starts here; a send and mark-read hold the same rule in their statement, and ask here
   * why it refused: yourself → 400, no such member → 404, no agreed date or an account that may
   * not chat → 403.
   */
  async function access(viewerId: string, otherId: string, handle: Tx = db) {
    checkPair(viewerId, otherId);
    const { other, otherPhotos, booking } = await repo.chatAccess(handle, viewerId, otherId);
    if (!other) throw new HttpError(404, CHAT_ERRORS.notFound);
    if (!booking) throw new HttpError(403, CHAT_ERRORS.notAllowed);
    return { other, otherPhotos, booking };
  }

  /**
   * A write's statement refused the pair: access tells why (in the write's transaction, `handle`,
   * when it has one); allowed by now, it is refused all the same.
   */
  async function refused(viewerId: string, otherId: string, handle: Tx = db): Promise<never> {
    await access(viewerId, otherId, handle);
    throw new HttpError(403, CHAT_ERRORS.notAllowed);
  }

  return {
    async conversations(viewerId: string): Promise<{ conversations: Conversation[] }> {
      const rows = await repo.conversationsOf(db, viewerId);
      return {
        conversations: rows.map((row) => ({
          _id: conversationIdOf(viewerId, row.other.id),
          otherUser: toChatMember(row.other, row.photos),
          lastMessage: row.last && { sender: row.last.senderId, content: row.last.content, createdAt: row.last.createdAt.toISOString() },
          unreadCount: row.unreadCount,
        })),
      };
    },

    /** The newest page, or the one before the cursor; oldest first within the page. */
    async thread(viewerId: string, otherId: string, query: ThreadQuery): Promise<Thread> {
      const before = query.before === undefined ? null : decodeCursor(query.before);
      checkPair(viewerId, otherId);
      // The page is read beside the access check (two connections at once) and shown only when it passes.
      const [{ other, otherPhotos, booking }, rows] = await Promise.all([
        access(viewerId, otherId),
        repo.threadPage(db, viewerId, otherId, query.limit + 1, before),
      ]);
      const hasMore = rows.length > query.limit;
      const page = rows.slice(0, query.limit).reverse();
      return {
        messages: page.map(toMessage),
        otherUser: toChatMember(other, otherPhotos),
        booking: { _id: booking.id, createdAt: booking.createdAt.toISOString() },
        hasMore,
        nextCursor: hasMore ? encodeCursor(page[0]!.seq) : null,
      };
    },

    /**
     * Stores the message and announces it to both members in the same transaction, and queues its
     * push when the recipient has no open connection (push.service). A resend with a clientId
     * already stored answers the stored message (`created: false`) and stores and pushes nothing.
     * `transact` runs the write (an idempotent request's transaction, which also records its answer);
     * without one the write is a statement of its own: the insert, or the read of the row that holds
     * the clientId, which has committed.
     */
    async send(member: Member, body: SendBody, transact: Transact = (work) => work(db)): Promise<{ message: Message; created: boolean }> {
      const senderId = member.id;
      const recipientId = body.recipientId;
      checkPair(senderId, recipientId);
      const sender = await deps.userOf(member);
      const now = clock.now();
      const values = { id: randomUUID(), senderId, recipientId, content: body.content, clientId: body.clientId ?? null, createdAt: now };
      // The message as it will read once stored: its event and push ride in the insert's statement.
      const message = toMessage({ ...values, seq: 0, readAt: null });
      return transact(async (tx) => {
        const sent = await repo.insertMessage(
          tx,
          values,
          MESSAGE_ALONGSIDE,
          {
            payloads: announcementPayloads([{ to: [recipientId, senderId], event: { type: 'message', message } }]),
            push: JSON.stringify(messagePushOf({ senderId, senderName: displayNameOf(sender), content: body.content })),
            pushExpiresAt: pushExpiresAt(now),
          },
          { key: `chat-send:${senderId}`, limit: SEND_LIMIT },
        );
        if (!sent) return refused(senderId, recipientId, tx);
        refuseOverLimit(sent.counted, SEND_LIMIT, now);
        if (sent.stored) return { message, created: true };
        // Only a clientId conflict stores nothing: the row that holds it has committed.
        const stored = await repo.findByClientId(tx, senderId, body.clientId!);
        if (!stored) throw new Error('a message conflicted on its clientId but none holds it');
        if (stored.recipientId !== recipientId || stored.content !== body.content) throw new HttpError(409, CLIENT_ID_REUSED);
        return { message: toMessage(stored), created: false };
      });
    },

    /**
     * Marks read what `otherId` sent the viewer, in one statement that holds access's rules; both
     * are told when anything changed. Refused, access tells why (404, or 403).
     */
    async markRead(viewerId: string, otherId: string): Promise<{ markedRead: number }> {
      checkPair(viewerId, otherId);
      const told = announcementPayloads([{ to: [viewerId, otherId], event: { type: 'messagesRead', readerId: viewerId, senderId: otherId } }]);
      const marked = await repo.markReadIfAllowed(db, viewerId, otherId, clock.now(), notifyEach, told);
      if (marked !== null) return { markedRead: marked };
      return refused(viewerId, otherId);
    },

    unreadCount: async (viewerId: string) => ({ unreadCount: await repo.unreadCount(db, viewerId) }),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
