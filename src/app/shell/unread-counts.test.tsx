import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNREAD_MESSAGES_POLL_MS } from '#shared/domain/chat.ts';
import { requester } from '#app/bookings/test-fixtures.tsx';

import { requestsTo } from '#app/chat/test-fixtures.tsx';

import { useSession } from '#app/platform/session.store.ts';
import { Header } from './header.tsx';
import { stubApi } from '#app/platform/test-support.tsx';

const UNREAD_PATH = '/api/messages/unread-count';

/** The server's unread counts, changed by the tests. */
let unreadMessages = 0;
let unreadNotifications = 0;
function serveCounts() {
  return stubApi((path) => {
    if (path === UNREAD_PATH) return [200, { unreadCount: unreadMessages }];
    if (path === '/api/users/notifications/unread-count') return [200, { count: unreadNotifications }];
    return [404, { error: 'Not found' }];
  });
}

async function renderHeader() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({ routeTree: createRootRoute({ component: Header }), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  await screen.findByRole('link', { name: 'Rendezvous' });
  // The member's part of the header is its own chunk.
  if (useSession.getState().token) await screen.findByRole('navigation', { name: 'Main' });
}

const messagesLink = () => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /Messages/ });

describe('the header unread-message badge', () => {
  beforeEach(() => {
    unreadMessages = 0;
    unreadNotifications = 0;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it("shows the server's unread count, capped at 99+, and clears it when a conversation is marked read", async () => {
    unreadMessages = 4;
    const requests = serveCounts();
    act(() => useSession.setState({ user: requester(), token: 'token' }));
    await renderHeader();
    await vi.waitFor(() => expect(messagesLink().textContent).toBe('Messages4'));
    expect(within(messagesLink()).getByLabelText('4 unread')).toBeTruthy();

    unreadMessages = 0;
    const before = requestsTo(requests, UNREAD_PATH).length;
    act(() => void window.dispatchEvent(new Event('messagesRead')));
    await vi.waitFor(() => expect(messagesLink().textContent).toBe('Messages'));
    expect(requestsTo(requests, UNREAD_PATH).length).toBe(before + 1);

    unreadMessages = 250;
    act(() => void window.dispatchEvent(new Event('focus')));
    await vi.waitFor(() => expect(messagesLink().textContent).toBe('Messages99+'));
  });

  it('asks again every 10 s and when the tab becomes visible', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    unreadMessages = 1;
    const requests = serveCounts();
    act(() => useSession.setState({ user: requester(), token: 'token' }));
    await renderHeader();
    await vi.waitFor(() => expect(messagesLink().textContent).toBe('Messages1'));

    unreadMessages = 2;
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_MESSAGES_POLL_MS));
    await vi.waitFor(() => expect(messagesLink().textContent).toBe('Messages2'));

    unreadMessages = 3;
    const before = requestsTo(requests, UNREAD_PATH).length;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await vi.waitFor(() => expect(messagesLink().textContent).toBe('Messages3'));
    expect(requestsTo(requests, UNREAD_PATH).length).toBe(before + 1);
  });

  it("puts messages plus inbox items on the installed app's icon, and clears it when they are read and at sign-out", async () => {
    const badge: (number | 'clear')[] = [];
    Object.assign(navigator, {
      setAppBadge: async (count: number) => void badge.push(count),
      clearAppBadge: async () => void badge.push('clear'),
    });
    try {
      unreadMessages = 2;
      unreadNotifications = 3;
      serveCounts();
      act(() => useSession.setState({ user: requester(), token: 'token' }));
      await renderHeader();
      await vi.waitFor(() => expect(badge).toEqual([5]));

      unreadMessages = 0;
      unreadNotifications = 0;
      act(() => void window.dispatchEvent(new Event('messagesRead')));
      // The bell's count is asked again at its own pace; the messages read so far come off at once.
      await vi.waitFor(() => expect(badge).toEqual([5, 3]));

      act(() => useSession.getState().clear());
      await vi.waitFor(() => expect(badge.at(-1)).toBe('clear'));
    } finally {
      delete (navigator as { setAppBadge?: unknown }).setAppBadge;
      delete (navigator as { clearAppBadge?: unknown }).clearAppBadge;
    }
  });

  it('asks nothing of a member whose e-mail is not verified', async () => {
    unreadMessages = 5;
    const requests = serveCounts();
    act(() => useSession.setState({ user: { ...requester(), isEmailVerified: false }, token: 'token' }));
    await renderHeader();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(requestsTo(requests, UNREAD_PATH)).toHaveLength(0);
    expect(messagesLink().textContent).toBe('Messages');
  });
});
