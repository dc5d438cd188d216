export const chatPaths = {
  conversations: '/messages/conversations',
  conversation: (userId: string) => `/messages/conversation/${encodeURIComponent(userId)}`,
  send: '/messages/send',
  markRead: (userId: string) => `/messages/mark-read/${encodeURIComponent(userId)}`,
  unreadCount: '/messages/unread-count',
} as const;

/** Error texts the server answers with (the client shows core-journey §8's texts by status). */
export const CHAT_ERRORS = {
  notAllowed: 'Chat is only available for confirmed bookings',
  notFound: 'Member not found',
  toYourself: 'You cannot message yourself',
} as const;
