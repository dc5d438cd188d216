import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '#app/auth/auth.keys.ts';
import { availabilityKeys } from '#app/availability/availability.api.ts';
import { bookingKeys } from '#app/bookings/bookings.api.ts';
import { browseKeys } from '#app/browse/browse.api.ts';
import { calendarKeys } from '#app/calendar/calendar.api.ts';
import { chatKeys } from '#app/chat/chat.api.ts';
import { likeKeys } from '#app/likes/likes.api.ts';
import { notificationKeys } from '#app/notifications/notifications.api.ts';
import { scoreKeys } from '#app/score/score.api.ts';
import { subscriptionKeys } from '#app/subscriptions/subscriptions.api.ts';
import { blockKeys, refreshAfterBlock } from './blocks.api.ts';

const OTHER = 'member-2';

/** What a block changes on screen: someone appears or disappears, a date is cancelled. */
const changed: Record<string, QueryKey> = {
  browse: browseKeys.lists(),
  'member page': browseKeys.member(OTHER),
  'available dates': availabilityKeys.browses(),
  'my slots': availabilityKeys.calendar({ year: 2026, month: 12 }),
  likes: likeKeys.lists(),
  'like status': likeKeys.status(OTHER),
  chats: chatKeys.conversations(),
  thread: chatKeys.thread(OTHER),
  'unread messages': chatKeys.unreadCount(),
  inbox: notificationKeys.list('active'),
  'inbox count': notificationKeys.unreadCount(),
  bookings: bookingKeys.list('all'),
  'blocked list': blockKeys.list(),
};
/** What a block leaves as it was. */
const unrelated: Record<string, QueryKey> = {
  profile: authKeys.me(),
  score: scoreKeys.creditReport(),
  'calendar feed': calendarKeys.feed(),
  subscription: subscriptionKeys.status(),
};

describe('refreshAfterBlock', () => {
  const unsubscribes: (() => void)[] = [];
  afterEach(() => unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe()));

  /** Each query on screen (an observer), answered by a counting fetch. */
  async function onScreen(client: QueryClient, queries: Record<string, QueryKey>) {
    const fetches = Object.fromEntries(Object.keys(queries).map((name) => [name, vi.fn(async () => name)]));
    for (const [name, queryKey] of Object.entries(queries)) {
      const observer = new QueryObserver(client, { queryKey, queryFn: fetches[name], staleTime: Infinity });
      unsubscribes.push(observer.subscribe(() => undefined));
    }
    await vi.waitFor(() => Object.values(fetches).forEach((fetch) => expect(fetch).toHaveBeenCalledTimes(1)));
    return fetches;
  }
  const refetched = (fetches: Record<string, ReturnType<typeof vi.fn>>) =>
    Object.entries(fetches)
      .filter(([, fetch]) => fetch.mock.calls.length > 1)
      .map(([name]) => name);

  it('asks again for what the block changed (browse, Available Dates, likes, chats, the inbox, member pages, bookings, the blocked list), and only that', async () => {
    const client = new QueryClient();
    const fetches = await onScreen(client, { ...changed, ...unrelated });
    await refreshAfterBlock(client);
    expect(refetched(fetches)).toEqual(Object.keys(changed));
    for (const name of Object.keys(unrelated)) expect(fetches[name], name).toHaveBeenCalledTimes(1);
  });
});
