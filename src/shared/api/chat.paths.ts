import { pathWithId } from './path-with-id.ts';

export const chatPaths = {
  conversations: '/messages/conversations',
  conversation: pathWithId('/messages/conversation', '', 'userId'),
  send: '/messages/send',
  markRead: pathWithId('/messages/mark-read', '', 'userId'),
  unreadCount: '/messages/unread-count',
} as const;

/** The app's thread page with a member (a page, not an API call): where a message's push opens. */
export const messagesPage = { thread: (userId: string) => `/messages/${encodeURIComponent(userId)}` } as const;

/** Error texts the server answers with (the client shows core-journey §8's texts by status). */
export const CHAT_ERRORS = {
  notAllowed: 'Chat is only available for confirmed bookings',
  notFound: 'Member not found',
  toYourself: 'You cannot message yourself',
} as const;
