import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Thread } from '#shared/api/chat.ts';
import { conversationIdOf } from '#shared/domain/chat.ts';
import { requester } from '#app/bookings/test-fixtures.tsx';

import { setRealtimeSender, useRealtimeStore } from '#app/platform/realtime/realtime.store.ts';
import { useSession } from '#app/platform/session.store.ts';
import { useToasts } from '#app/platform/ui/toast.store.ts';
import { MESSAGES_READ_EVENT } from './chat.api.ts';
import { ThreadPage } from './thread-page.tsx';
import { ALEX, ME, deferred, message, requestsTo, threadPage } from './test-fixtures.tsx';
import { renderWithRouter, stubApi, type Answer } from '#app/platform/test-support.tsx';


const THREAD_PATH = `/api/messages/conversation/${ALEX}`;
const MARK_READ_PATH = `/api/messages/mark-read/${ALEX}`;
/**
 * The chat API as the server answers it: thread pages by cursor (null = newest), a send and a
 * mark-read answer. `state` may be changed by a test between requests.
 */
function serveChat(
  state: {
    pages: Record<string, Thread>;
    threadAnswer?: Answer;
    send?: (body: { recipientId: string; content: string; clientId: string }) => Answer | Promise<Answer>;
  },
) {
  return stubApi(async (path, request) => {
    if (path === THREAD_PATH) {
      if (state.threadAnswer) return state.threadAnswer;
      const before = new URL(request.url).searchParams.get('before') ?? 'newest';
      return [200, state.pages[before]];
    }
    if (path === MARK_READ_PATH) return [200, { markedRead: 1 }];
    if (path === '/api/messages/send') {
      const body = (await request.clone().json()) as { recipientId: string; content: string; clientId: string };
      if (state.send) return state.send(body);
      return [201, { message: message({ from: ME, content: body.content, clientId: body.clientId }) }];
    }
    return [404, { error: 'Not found' }];
  });
}

async function renderThread() {
  const view = await renderWithRouter(() => <ThreadPage userId={ALEX} />, `/messages/${ALEX}`);
  return view;
}

const log = () => screen.getByRole('log', { name: 'Messages with Alex' });
const bubbles = () => within(log()).queryAllByRole('listitem').filter((item) => item.classList.contains('chat-message'));
const box = () => screen.getByRole('textbox', { name: 'Message Alex' }) as HTMLTextAreaElement;
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
const sends = (requests: Request[]) => requestsTo(requests, '/api/messages/send', 'POST');
const bodyOf = async (request: Request) => (await request.clone().json()) as { recipientId: string; content: string; clientId: string };

describe('/messages/{userId}', () => {
  beforeEach(() => {
    useToasts.setState({ toasts: [] });
    useSession.setState({ user: { ...requester(), _id: ME }, token: 'token' });
    useRealtimeStore.setState({ connected: false, online: new Set(), typing: {} });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setRealtimeSender(null);
  });

  it('shows the other member and the messages, mine on my side, with who said what for screen readers', async () => {
    serveChat({
      pages: {
        newest: threadPage([message({ from: ALEX, content: 'Hi Sam!' }), message({ from: ME, content: 'Hello Alex' })]),
      },
    });
    await renderThread();
    const heading = await screen.findByRole('heading', { name: 'Alex' });
    expect(within(heading).getByRole('link', { name: 'Alex' }).getAttribute('href')).toBe(`/user/${ALEX}`);
    expect(log().getAttribute('aria-live')).toBe('polite');
    const [first, second] = bubbles() as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('Alex: Hi Sam!');
    expect(first.className).toContain('chat-message-other');
    expect(second.textContent).toContain('You: Hello Alex');
    expect(second.className).toContain('chat-message-own');
    expect(within(log()).getByText('Today')).toBeTruthy();
    expect(document.activeElement).toBe(heading);
  });

  it('loads older messages above the newest page, by cursor, until the first message', async () => {
    const requests = serveChat({
      pages: {
        newest: threadPage([message({ content: 'newest-1' }), message({ content: 'newest-2' })], { hasMore: true, nextCursor: 'cursor-a' }),
        'cursor-a': threadPage([message({ content: 'older-1' }), message({ content: 'older-2' })], { hasMore: false, nextCursor: null }),
      },
    });
    await renderThread();
    await screen.findByText('newest-1');
    expect(bubbles()).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
    await screen.findByText('older-1');
    expect(bubbles().map((item) => item.querySelector('.chat-bubble')!.textContent)).toEqual(['older-1', 'older-2', 'newest-1', 'newest-2']);
    expect(requestsTo(requests, THREAD_PATH).map((r) => new URL(r.url).searchParams.get('before'))).toContain('cursor-a');
    expect(requestsTo(requests, THREAD_PATH).every((r) => new URL(r.url).searchParams.get('limit') === '50')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it("says 'Chat is only available for confirmed bookings' on a 403 and goes to /messages", async () => {
    serveChat({ pages: {}, threadAnswer: [403, { error: 'Chat is only available for confirmed bookings' }] });
    const { router } = await renderThread();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(useToasts.getState().toasts.map((toast) => toast.message)).toEqual(['Chat is only available for confirmed bookings']);
  });

  it("says 'Failed to load conversation' on other failures, and retries", async () => {
    const state: Parameters<typeof serveChat>[0] = { pages: { newest: threadPage([message({ content: 'Back again' })]) }, threadAnswer: [500, { error: 'Boom' }] };
    serveChat(state);
    const { router } = await renderThread();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load conversation');
    expect(router.state.location.pathname).toBe(`/messages/${ALEX}`);

    state.threadAnswer = undefined;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back again')).toBeTruthy();
  });

  it('marks the conversation read when opened and fires messagesRead; again when a new message arrives while open', async () => {
    const heard = vi.fn();
    window.addEventListener(MESSAGES_READ_EVENT, heard);
    try {
      const first = message({ from: ALEX, content: 'Are we still on?' });
      const state: Parameters<typeof serveChat>[0] = { pages: { newest: threadPage([first]) } };
      const requests = serveChat(state);
      const { queryClient } = await renderThread();
      await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
      expect(requestsTo(requests, MARK_READ_PATH, 'POST')).toHaveLength(1);

      // The next poll brings the first message read and a new one unread.
      state.pages.newest = threadPage([{ ...first, isRead: true }, message({ from: ALEX, content: 'Seven works!' })]);
      await act(() => queryClient.invalidateQueries({ queryKey: ['chat'] }));
      await screen.findByText('Seven works!');
      await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(2));
      expect(requestsTo(requests, MARK_READ_PATH, 'POST')).toHaveLength(2);

      // Nothing new: no further marking.
      await act(() => queryClient.invalidateQueries({ queryKey: ['chat'] }));
      expect(requestsTo(requests, MARK_READ_PATH, 'POST')).toHaveLength(2);
    } finally {
      window.removeEventListener(MESSAGES_READ_EVENT, heard);
    }
  });

  it('shows the other member online and typing, from the realtime store', async () => {
    serveChat({ pages: { newest: threadPage([]) } });
    await renderThread();
    await screen.findByRole('heading', { name: 'Alex' });
    expect(screen.getByText('No messages yet. Say hello to Alex!')).toBeTruthy();
    act(() => useRealtimeStore.setState({ online: new Set([ALEX]) }));
    expect(screen.getByText('Online')).toBeTruthy();
    act(() => useRealtimeStore.setState({ typing: { [conversationIdOf(ME, ALEX)]: [ALEX] } }));
    expect(screen.getByText('typing…')).toBeTruthy();
  });

  describe('composer', () => {
    async function ready(state: Parameters<typeof serveChat>[0] = { pages: { newest: threadPage([]) } }) {
      const requests = serveChat(state);
      const view = await renderThread();
      await screen.findByRole('heading', { name: 'Alex' });
      return { requests, ...view };
    }

    it('sends the trimmed text on Enter; a blank one cannot be sent', async () => {
      const user = userEvent.setup();
      const { requests } = await ready();
      await user.click(box());
      await user.keyboard('   ');
      expect(sendButton().disabled).toBe(true);
      await user.keyboard('{Enter}');
      expect(sends(requests)).toHaveLength(0);

      await user.keyboard('  See you at 7  ');
      expect(sendButton().disabled).toBe(false);
      await user.keyboard('{Enter}');
      await vi.waitFor(() => expect(sends(requests)).toHaveLength(1));
      const body = await bodyOf(sends(requests)[0]!);
      expect(body).toMatchObject({ recipientId: ALEX, content: 'See you at 7' });
      expect(body.clientId).toMatch(/^[0-9a-f-]{36}$/);
      await vi.waitFor(() => expect(box().value).toBe(''));
      expect(bubbles().map((item) => item.textContent)).toEqual([expect.stringContaining('You: See you at 7')]);
      expect(document.activeElement).toBe(box());
    });

    it('starts a new line on Shift+Enter, and sends with the Send button too', async () => {
      const user = userEvent.setup();
      const { requests } = await ready();
      await user.click(box());
      await user.keyboard('Line one{Shift>}{Enter}{/Shift}Line two');
      expect(box().value).toBe('Line one\nLine two');
      expect(sends(requests)).toHaveLength(0);
      await user.click(sendButton());
      await vi.waitFor(() => expect(sends(requests)).toHaveLength(1));
      expect((await bodyOf(sends(requests)[0]!)).content).toBe('Line one\nLine two');
    });

    it('allows 1000 characters and refuses 1001, with a counter near the limit', async () => {
      const user = userEvent.setup();
      const { requests } = await ready();
      await user.click(box());
      await user.paste('a'.repeat(899));
      expect(screen.queryByText('899/1000')).toBeNull();
      await user.paste('a');
      expect(screen.getByText('900/1000')).toBeTruthy();
      await user.paste('a'.repeat(101));
      expect(screen.getByText('1001/1000')).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toBe('Message must be at most 1000 characters');
      expect(box().getAttribute('aria-invalid')).toBe('true');
      expect(sendButton().disabled).toBe(true);
      await user.keyboard('{Enter}');
      expect(sends(requests)).toHaveLength(0);

      await user.keyboard('{Backspace}');
      expect(screen.getByText('1000/1000')).toBeTruthy();
      await user.keyboard('{Enter}');
      await vi.waitFor(() => expect(sends(requests)).toHaveLength(1));
      expect((await bodyOf(sends(requests)[0]!)).content).toHaveLength(1000);
    });

    it('sends once while a send is in progress, showing the message as Sending…', async () => {
      const user = userEvent.setup();
      const held = deferred<Answer>();
      const { requests } = await ready({ pages: { newest: threadPage([]) }, send: () => held.promise });
      await user.click(box());
      await user.keyboard('Hello!');
      await user.keyboard('{Enter}');
      await user.keyboard('{Enter}');
      await user.click(sendButton());
      await vi.waitFor(() => expect(sends(requests)).toHaveLength(1));
      expect(sendButton().disabled).toBe(true);
      expect(box().readOnly).toBe(true);
      expect(bubbles().map((item) => item.textContent)).toEqual([expect.stringContaining('Sending…')]);
      const pendingBubble = bubbles()[0];

      const { clientId } = await bodyOf(sends(requests)[0]!);
      held.resolve([201, { message: message({ from: ME, content: 'Hello!', clientId }) }]);
      await vi.waitFor(() => expect(box().value).toBe(''));
      expect(sends(requests)).toHaveLength(1);
      expect(bubbles()).toHaveLength(1);
      expect(bubbles()[0]!.textContent).not.toContain('Sending…');
      // The same element: the log announces the message once, not again when it is stored.
      expect(bubbles()[0]).toBe(pendingBubble);
    });

    it("keeps the text on failure with 'Failed to send message', and retries the same text with the same clientId", async () => {
      const user = userEvent.setup();
      let fail = true;
      const { requests } = await ready({
        pages: { newest: threadPage([]) },
        send: (body) => (fail ? [500, { error: 'Boom' }] : [201, { message: message({ from: ME, content: body.content, clientId: body.clientId }) }]),
      });
      await user.click(box());
      await user.keyboard('Are you there?{Enter}');
      expect((await screen.findByRole('alert')).textContent).toBe('Failed to send message');
      expect(box().value).toBe('Are you there?');
      expect(bubbles()).toHaveLength(0);

      await user.keyboard('{Enter}');
      await vi.waitFor(() => expect(sends(requests)).toHaveLength(2));
      const [first, second] = await Promise.all(sends(requests).map(bodyOf));
      expect(second!.clientId).toBe(first!.clientId);

      // A different text is a different message.
      await screen.findByRole('alert');
      await user.keyboard(' Hello?');
      fail = false;
      await user.keyboard('{Enter}');
      await vi.waitFor(() => expect(sends(requests)).toHaveLength(3));
      const third = await bodyOf(sends(requests)[2]!);
      expect(third.content).toBe('Are you there? Hello?');
      expect(third.clientId).not.toBe(first!.clientId);
      await vi.waitFor(() => expect(box().value).toBe(''));
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('leaves for /messages when the server refuses the send with 403', async () => {
      const user = userEvent.setup();
      const { router } = await ready({ pages: { newest: threadPage([]) }, send: () => [403, { error: 'Chat is only available for confirmed bookings' }] });
      await user.click(box());
      await user.keyboard('Hi{Enter}');
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
      expect(useToasts.getState().toasts.map((toast) => toast.message)).toEqual(['Chat is only available for confirmed bookings']);
    });

    it('says typing while I type, and stopped typing after a send', async () => {
      const user = userEvent.setup();
      const said = vi.fn();
      setRealtimeSender(said);
      await ready();
      await user.click(box());
      await user.keyboard('Hey');
      const conversationId = conversationIdOf(ME, ALEX);
      // Throttled: three keystrokes, one "typing".
      expect(said.mock.calls).toEqual([[{ type: 'typing', recipientId: ALEX, conversationId }]]);
      await user.keyboard('{Enter}');
      expect(said).toHaveBeenLastCalledWith({ type: 'stopTyping', recipientId: ALEX, conversationId });
      expect(said).toHaveBeenCalledTimes(2);
    });

    it('says typing again every 2 s while I keep typing, stopped typing after 3 s idle, and on leaving', async () => {
      const said = vi.fn();
      setRealtimeSender(said);
      await ready();
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const conversationId = conversationIdOf(ME, ALEX);
      const typing = { type: 'typing', recipientId: ALEX, conversationId };
      const stopped = { type: 'stopTyping', recipientId: ALEX, conversationId };

      await user.click(box());
      await user.keyboard('Hi');
      act(() => vi.advanceTimersByTime(2_100));
      await user.keyboard(' there');
      expect(said.mock.calls).toEqual([[typing], [typing]]);

      act(() => vi.advanceTimersByTime(2_900));
      expect(said).toHaveBeenCalledTimes(2);
      act(() => vi.advanceTimersByTime(200));
      expect(said).toHaveBeenLastCalledWith(stopped);

      await user.keyboard('!');
      expect(said).toHaveBeenLastCalledWith(typing);
      cleanup();
      expect(said).toHaveBeenLastCalledWith(stopped);
      expect(said).toHaveBeenCalledTimes(5);
    });
  });
});
