import type { ChatMember, Conversation, Message, Thread } from '#shared/api/chat.ts';

/** Test data and a network stub for the chat feature's component tests. */

export const ME = 'me';
export const ALEX = '6f1c1a52-8d0e-4c56-9a3b-3f2f0d7c2a11';

export function chatMember(overrides: { _id?: string; name?: string } = {}): ChatMember {
  const name = overrides.name ?? 'Alex';
  return { _id: overrides._id ?? ALEX, profile: { name, photos: [] }, displayName: name };
}

let serial = 0;
export function message(overrides: Partial<Message> & { from?: string; to?: string } = {}): Message {
  const { from = ALEX, to = from === ME ? ALEX : ME, ...rest } = overrides;
  serial += 1;
  return {
    _id: `m${serial}`,
    sender: { _id: from },
    recipient: { _id: to },
    content: `Message ${serial}`,
    createdAt: new Date().toISOString(),
    isRead: false,
    clientId: null,
    ...rest,
  };
}

export function conversation(overrides: Partial<Conversation> = {}): Conversation {
  const otherUser = overrides.otherUser ?? chatMember();
  return { _id: `${ME}_${otherUser._id}`, otherUser, lastMessage: null, unreadCount: 0, ...overrides };
}

export function threadPage(messages: Message[], overrides: Partial<Thread> = {}): Thread {
  return {
    messages,
    otherUser: chatMember(),
    booking: { _id: 'booking-1', createdAt: '2026-11-20T12:00:00.000Z' },
    hasMore: false,
    nextCursor: null,
    ...overrides,
  };
}



/** Requests to one path (and method). */
export const requestsTo = (requests: Request[], path: string, method = 'GET') =>
  requests.filter((request) => request.method === method && new URL(request.url).pathname === path);

/** A promise settled from outside: holds an answer open until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}
