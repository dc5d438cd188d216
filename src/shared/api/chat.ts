import { z } from 'zod';
import { CHAT_PAGE_SIZE, MESSAGE_MAX } from '../domain/chat.ts';
import { PhotoSchema } from './auth.ts';

export { chatPaths, CHAT_ERRORS } from './chat.paths.ts';

/** The other member of a conversation: enough for a list row and the thread header. */
export const ChatMemberSchema = z.object({
  _id: z.string(),
  profile: z.object({ name: z.string(), photos: z.array(PhotoSchema) }),
  /** 'name & partnerName' for a couple, else the name. */
  displayName: z.string(),
});
export type ChatMember = z.infer<typeof ChatMemberSchema>;

/** core-journey §3. `clientId` is the sender's own id for the message (resends are stored once). */
export const MessageSchema = z.object({
  _id: z.string(),
  sender: z.object({ _id: z.string() }),
  recipient: z.object({ _id: z.string() }),
  content: z.string(),
  createdAt: z.string(),
  isRead: z.boolean(),
  clientId: z.string().nullable(),
});
export type Message = z.infer<typeof MessageSchema>;

export const ConversationSchema = z.object({
  /** conversationIdOf(viewer, otherUser) */
  _id: z.string(),
  otherUser: ChatMemberSchema,
  lastMessage: z.object({ sender: z.string(), content: z.string(), createdAt: z.string() }).nullable(),
  unreadCount: z.number(),
});
export type Conversation = z.infer<typeof ConversationSchema>;
/** Newest conversation first. */
export const ConversationsResponseSchema = z.object({ conversations: z.array(ConversationSchema) });

/** GET /messages/conversation/{userId}: the newest page, or the page before `before` (a cursor). */
export const ThreadQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(CHAT_PAGE_SIZE, `limit must be at most ${CHAT_PAGE_SIZE}`).default(CHAT_PAGE_SIZE),
  before: z.string().max(200).optional(),
});
export const ThreadResponseSchema = z.object({
  /** Oldest first within the page. */
  messages: z.array(MessageSchema),
  otherUser: ChatMemberSchema,
  /** The date that opened the chat. */
  booking: z.object({ _id: z.string(), createdAt: z.string() }),
  hasMore: z.boolean(),
  /** Pass as `before` for the page older than this one; null when there is none. */
  nextCursor: z.string().nullable(),
});
export type Thread = z.infer<typeof ThreadResponseSchema>;

export const SendMessageBodySchema = z.object({
  recipientId: z.uuid({ error: 'recipientId must be a member id' }),
  content: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`),
  clientId: z.uuid('clientId must be a UUID').optional(),
});
export type SendMessageBody = z.input<typeof SendMessageBodySchema>;
export const SendMessageResponseSchema = z.object({ message: MessageSchema });

export const MarkReadResponseSchema = z.object({ markedRead: z.number() });
export const UnreadMessagesResponseSchema = z.object({ unreadCount: z.number() });
