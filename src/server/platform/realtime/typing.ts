import type { ServerEvent } from '#shared/api/realtime.ts';
import { conversationIdOf } from '#shared/domain/chat.ts';
import type { Tx } from '../db/client.ts';
import { announce } from './announce.ts';
import type { Connection } from './fan-out.ts';

/** "May these two chat?" is remembered this long per connection, so typing costs no query per keystroke. */
export const MAY_CHAT_CACHE_MS = 60_000;
const MAY_CHAT_CACHE_SIZE = 200;

type Log = { error(object: object, message: string): void };

function typingEvent(userId: string, recipientId: string, on: boolean): ServerEvent {
  const conversationId = conversationIdOf(userId, recipientId);
  return on ? { type: 'userTyping', userId, conversationId } : { type: 'userStoppedTyping', userId, conversationId };
}

/** Typing from a member's sockets: it reaches chat partners only, and a closing socket stops what it started. */
export function createTyping({
  db,
  log,
  now,
  mayChat,
}: {
  db: Tx;
  log: Log;
  now: () => number;
  mayChat(a: string, b: string): Promise<boolean>;
}) {
  async function mayTypeTo(connection: Connection, recipientId: string): Promise<boolean> {
    const cache = connection.mayChat;
    const cached = cache.get(recipientId);
    if (cached && cached.until > now()) return cached.allowed;
    const allowed = recipientId !== connection.member.id && (await mayChat(connection.member.id, recipientId));
    // A bounded memory, whatever ids a client sends.
    if (cache.size >= MAY_CHAT_CACHE_SIZE) cache.clear();
    cache.set(recipientId, { allowed, until: now() + MAY_CHAT_CACHE_MS });
    return allowed;
  }

  return {
    /** A `typing` (on) or `stopTyping` event from the socket; a stop it never started is not passed on. */
    async relay(connection: Connection, recipientId: string, on: boolean): Promise<void> {
      if (!(await mayTypeTo(connection, recipientId))) return;
      if (on) connection.typingTo.add(recipientId);
      else if (!connection.typingTo.delete(recipientId)) return;
      await announce(db, [recipientId], typingEvent(connection.member.id, recipientId, on));
    },

    /** The socket closed: everyone it was typing to hears it stopped. */
    async stopAll(connection: Connection): Promise<void> {
      for (const recipientId of connection.typingTo) {
        await announce(db, [recipientId], typingEvent(connection.member.id, recipientId, false)).catch((error: unknown) =>
          log.error({ err: error }, 'stop typing on close failed'),
        );
      }
    },
  };
}
