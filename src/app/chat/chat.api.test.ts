import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { THREAD_POLL_MS, UNREAD_MESSAGES_POLL_MS } from '#shared/domain/chat.ts';
import { INBOX_POLL_MS, UNREAD_COUNT_POLL_MS } from '#shared/domain/notifications.ts';
import { notificationQueries } from '#app/notifications/notifications.api.ts';
import { RELAXED_POLL_MS, useRealtimeStore } from '#app/platform/realtime/realtime.store.ts';
import { addSentMessage, chatKeys, chatQueries, messagesOf, type ThreadData } from './chat.api.ts';
import { ALEX, ME, message, threadPage } from './test-fixtures.tsx';

const contents = (data: { pages: ThreadData['pages'] } | undefined) => messagesOf(data).map((m) => m.content);

describe('chat client', () => {
  it("keys every chat query under ['chat'], the prefix the realtime layer invalidates", () => {
    for (const key of [chatKeys.conversations(), chatKeys.thread(ALEX), chatKeys.unreadCount(), chatKeys.send()]) expect(key[0]).toBe('chat');
  });

  it('polls at the spec intervals, relaxed to once a minute while the live connection is up', () => {
    const poll = (interval: unknown) => (interval as () => number)();
    useRealtimeStore.setState({ connected: false });
    expect(poll(chatQueries.thread(ALEX).refetchInterval)).toBe(THREAD_POLL_MS);
    expect(poll(chatQueries.unreadCount().refetchInterval)).toBe(UNREAD_MESSAGES_POLL_MS);
    expect(poll(notificationQueries.list('active').refetchInterval)).toBe(INBOX_POLL_MS);
    expect(poll(notificationQueries.unreadCount().refetchInterval)).toBe(UNREAD_COUNT_POLL_MS);
    useRealtimeStore.setState({ connected: true });
    for (const interval of [chatQueries.thread(ALEX), chatQueries.unreadCount(), notificationQueries.list('active'), notificationQueries.unreadCount()].map((q) => q.refetchInterval)) {
      expect(poll(interval)).toBe(RELAXED_POLL_MS);
    }
    useRealtimeStore.setState({ connected: false });
  });

  it('asks for an older page by the cursor only while there is one', () => {
    const { getNextPageParam } = chatQueries.thread(ALEX);
    const more = threadPage([], { hasMore: true, nextCursor: 'c1' });
    const last = threadPage([], { hasMore: false, nextCursor: null });
    expect(getNextPageParam(more, [more], null, [null])).toBe('c1');
    expect(getNextPageParam(last, [more, last], 'c1', [null, 'c1'])).toBeUndefined();
  });

  it('reads the pages (newest first) as one list, oldest message first, each message once', () => {
    const shared = message({ content: 'b' });
    const newest = threadPage([shared, message({ content: 'c' })]);
    const older = threadPage([message({ content: 'a' }), shared]);
    expect(contents({ pages: [newest, older] })).toEqual(['a', 'b', 'c']);
    expect(messagesOf(undefined)).toEqual([]);
  });

  it('puts a sent message at the end of the newest page, once', () => {
    const queryClient = new QueryClient();
    const data: ThreadData = { pages: [threadPage([message({ content: 'hi' })]), threadPage([message({ content: 'old' })])], pageParams: [null, 'c1'] };
    queryClient.setQueryData(chatKeys.thread(ALEX), data);
    const sent = message({ from: ME, content: 'hello' });
    addSentMessage(queryClient, ALEX, sent);
    addSentMessage(queryClient, ALEX, sent);
    expect(contents(queryClient.getQueryData<ThreadData>(chatKeys.thread(ALEX)))).toEqual(['old', 'hi', 'hello']);
  });
});
