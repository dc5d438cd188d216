import { z } from 'zod';
import { MessageSchema } from './chat.ts';

import type { SERVER_EVENT_NAMES } from './realtime.paths.ts';

export { REALTIME_CLOSE, REALTIME_PATH } from './realtime.paths.ts';

const TypingSchema = z.object({ recipientId: z.uuid(), conversationId: z.string().max(100) });

/** Client → server. */
export const ClientEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(200) }),
  TypingSchema.extend({ type: z.literal('typing') }),
  TypingSchema.extend({ type: z.literal('stopTyping') }),
]);
export type ClientEvent = z.infer<typeof ClientEventSchema>;

/**
 * Server → client (core-journey §3, §4): score updates, presence, typing, and announcements that
 * tell an open screen what to ask again (through the query cache).
 */
export const ServerEventSchema = z.discriminatedUnion('type', [
  /** After a good auth message: who of the member's chat partners is online now. */
  z.object({ type: z.literal('ready'), onlineUserIds: z.array(z.string()) }),
  z.object({ type: z.literal('scoreUpdate'), oldScore: z.number(), newScore: z.number(), change: z.number(), reason: z.string() }),
  z.object({ type: z.literal('userOnline'), userId: z.string() }),
  z.object({ type: z.literal('userOffline'), userId: z.string() }),
  z.object({ type: z.literal('userTyping'), userId: z.string(), conversationId: z.string() }),
  z.object({ type: z.literal('userStoppedTyping'), userId: z.string(), conversationId: z.string() }),
  z.object({ type: z.literal('message'), message: MessageSchema }),
  /** `readerId` read every message `senderId` sent them. */
  z.object({ type: z.literal('messagesRead'), readerId: z.string(), senderId: z.string() }),
  z.object({ type: z.literal('notification'), notificationId: z.string(), notificationType: z.string() }),
  z.object({ type: z.literal('bookingChanged'), bookingId: z.string(), status: z.string() }),
  /** Every session of this member ended (banned or removed by an admin): the app signs out at once. */
  z.object({ type: z.literal('sessionsEnded') }),
]);
export type ServerEvent = z.infer<typeof ServerEventSchema>;
/** The zod-free list of event names is the schema's, no more and no less (checked by the compiler). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const serverEventNamesMatch: Same<ServerEvent['type'], (typeof SERVER_EVENT_NAMES)[number]> = true;
