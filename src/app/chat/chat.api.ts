import { infiniteQueryOptions, queryOptions, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ConversationsResponseSchema, MarkReadResponseSchema, SendMessageResponseSchema, ThreadResponseSchema, UnreadMessagesResponseSchema, Message, SendMessageBody, Thread } from '#shared/api/chat.ts';
import { CHAT_ERRORS, chatPaths } from '#shared/api/chat.paths.ts';
import { CHAT_PAGE_SIZE, THREAD_POLL_MS, UNREAD_MESSAGES_POLL_MS } from '#shared/domain/chat.ts';
import { apiUrl } from '#shared/api/api-prefix.ts';
import { http, type AnswerOf } from '#app/platform/http.ts';
import { shellAnswerOr } from '#app/platform/shell-answer.ts';
import { pollEvery } from '#app/platform/realtime/realtime.store.ts';

/** The chat screens' texts (core-journey §8). */
export const CHAT_TEXTS = {
  conversationsFailed: 'Failed to load conversations',
  notAllowed: CHAT_ERRORS.notAllowed,
  threadFailed: 'Failed to load conversation',
  sendFailed: 'Failed to send message',
} as const;

/** The window event fired once a conversation is marked read (core-journey §4); the header's count listens. */
export const MESSAGES_READ_EVENT = 'messagesRead';

export function announceMessagesRead(): void {
  window.dispatchEvent(new Event(MESSAGES_READ_EVENT));
}

/** Rooted at ['chat']: the realtime layer invalidates that prefix when a message event arrives. */
export const chatKeys = {
  all: ['chat'] as const,
  conversations: () => [...chatKeys.all, 'conversations'] as const,
  threads: () => [...chatKeys.all, 'thread'] as const,
  thread: (userId: string) => [...chatKeys.threads(), userId] as const,
  unreadCount: () => [...chatKeys.all, 'unread-count'] as const,
  /** Mutation key of a send made online (offline, a send goes to the outbox: decision 28). */
  send: () => [...chatKeys.all, 'send'] as const,
  markRead: () => [...chatKeys.all, 'mark-read'] as const,
};

/** A send as the client makes it: `clientId` names the message, so a retry is stored once. */
export type SendVariables = Required<Pick<SendMessageBody, 'recipientId' | 'content' | 'clientId'>>;

/** A conversation's newest page's address, which the shell's head script asks for on a cold /messages/{userId}. */
export const newestPageUrl = (userId: string) => `${apiUrl(chatPaths.conversation(userId))}?limit=${CHAT_PAGE_SIZE}`;

export const chatApi = {
  conversations: () => http.get<AnswerOf<typeof ConversationsResponseSchema>>(chatPaths.conversations, { fallback: CHAT_TEXTS.conversationsFailed }),
  thread: (userId: string, before: string | null) => {
    const ask = () =>
      http.get<AnswerOf<typeof ThreadResponseSchema>>(chatPaths.conversation(userId), {
        fallback: CHAT_TEXTS.threadFailed,
        searchParams: before ? { limit: CHAT_PAGE_SIZE, before } : { limit: CHAT_PAGE_SIZE },
      });
    // The newest page may already be on its way, asked for by the shell.
    return before ? ask() : shellAnswerOr(newestPageUrl(userId), ask);
  },
  send: (body: SendVariables) => http.post<AnswerOf<typeof SendMessageResponseSchema>>(chatPaths.send, body, { fallback: CHAT_TEXTS.sendFailed }),
  markRead: (userId: string) => http.post<AnswerOf<typeof MarkReadResponseSchema>>(chatPaths.markRead(userId)),
  unreadCount: () => http.get<AnswerOf<typeof UnreadMessagesResponseSchema>>(chatPaths.unreadCount),
};

export type ThreadData = InfiniteData<Thread, string | null>;

export const chatQueries = {
  /** Members I may chat with, newest conversation first. */
  conversations: () =>
    queryOptions({
      queryKey: chatKeys.conversations(),
      queryFn: () => chatApi.conversations().then((body) => body.conversations),
    }),
  /**
   * One conversation: the newest page first, each older page asked `before` the previous page's
   * cursor. Asked again every 3 s while open (the fallback when realtime is down).
   */
  thread: (userId: string) =>
    infiniteQueryOptions({
      queryKey: chatKeys.thread(userId),
      queryFn: ({ pageParam }) => chatApi.thread(userId, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => (page.hasMore && page.nextCursor ? page.nextCursor : undefined),
      refetchInterval: pollEvery(THREAD_POLL_MS),
    }),
  /** The header's unread-message count, polled every 10 s. */
  unreadCount: () =>
    queryOptions({
      queryKey: chatKeys.unreadCount(),
      queryFn: () => chatApi.unreadCount().then((body) => body.unreadCount),
      refetchInterval: pollEvery(UNREAD_MESSAGES_POLL_MS),
      // Focus and visibility are handled by useUnreadMessageCount (the focus event as well as visibility).
      refetchOnWindowFocus: false,
    }),
};

/** Every message of a loaded thread, oldest first (pages come newest first, messages oldest first within one). */
export function messagesOf(data: { pages: Thread[] } | undefined): Message[] {
  if (!data) return [];
  const seen = new Set<string>();
  const messages: Message[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message._id)) continue;
      seen.add(message._id);
      messages.push(message);
    }
  }
  return messages;
}

/** Puts a sent message at the end of the newest page, unless a poll already brought it. */
export function addSentMessage(queryClient: QueryClient, userId: string, message: Message): void {
  queryClient.setQueryData<ThreadData>(chatKeys.thread(userId), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((page) => page.messages.some((other) => other._id === message._id))) return data;
    const [newest, ...older] = data.pages;
    return { ...data, pages: [{ ...newest!, messages: [...newest!.messages, message] }, ...older] };
  });
}

/**
 * The unread-message count for the header: polled every 10 s, and asked again when the window
 * gets focus, the tab becomes visible, or a conversation was marked read (core-journey §7).
 */
export function useUnreadMessageCount(enabled: boolean): number {
  const queryClient = useQueryClient();
  const query = useQuery({ ...chatQueries.unreadCount(), enabled });
  useEffect(() => {
    if (!enabled) return;
    const queryKey = chatKeys.unreadCount();
    // Focus and visibility often come together: the second joins the first's request.
    const refresh = () => void queryClient.refetchQueries({ queryKey, type: 'active' }, { cancelRefetch: false });
    const onVisibility = () => document.visibilityState === 'visible' && refresh();
    // After a mark-read, an answer already on its way may predate it: ask afresh.
    const onRead = () => void queryClient.invalidateQueries({ queryKey });
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener(MESSAGES_READ_EVENT, onRead);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener(MESSAGES_READ_EVENT, onRead);
    };
  }, [enabled, queryClient]);
  return enabled ? (query.data ?? 0) : 0;
}
