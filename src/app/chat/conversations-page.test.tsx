import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requester } from '#app/bookings/test-fixtures.tsx';

import { useSession } from '#app/platform/session.store.ts';
import { ConversationsPage } from './conversations-page.tsx';
import { ALEX, ME, chatMember, conversation, deferred } from './test-fixtures.tsx';
import { renderWithRouter, stubApi } from '#app/platform/test-support.tsx';


const RILEY = '0b7c3d9e-1111-4c56-9a3b-3f2f0d7c2a22';
const CASEY = '0b7c3d9e-2222-4c56-9a3b-3f2f0d7c2a33';

const render = () => renderWithRouter(() => <ConversationsPage />, '/messages');

describe('/messages', () => {
  beforeEach(() => {
    useSession.setState({ user: { ...requester(), _id: ME }, token: 'token' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a spinner while the conversations load', async () => {
    const held = deferred<[number, unknown]>();
    stubApi(() => held.promise);
    await render();
    expect(screen.getByRole('status').textContent).toBe('Loading conversations');
    held.resolve([200, { conversations: [] }]);
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
  });

  it('lists conversations newest first: photo or initials, name, last message and time, unread count, a link to the thread', async () => {
    stubApi(() => [
      200,
      {
        conversations: [
          conversation({
            otherUser: chatMember({ _id: ALEX, name: 'Alex' }),
            lastMessage: { sender: ALEX, content: 'See you at seven?', createdAt: new Date().toISOString() },
            unreadCount: 3,
          }),
          conversation({
            otherUser: chatMember({ _id: RILEY, name: 'Riley' }),
            lastMessage: { sender: ME, content: 'Thanks for a lovely evening', createdAt: '2026-11-01T18:30:00.000Z' },
            unreadCount: 0,
          }),
          conversation({ otherUser: chatMember({ _id: CASEY, name: 'Casey' }), lastMessage: null, unreadCount: 0 }),
        ],
      },
    ]);
    await render();
    const rows = await screen.findAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual([`/messages/${ALEX}`, `/messages/${RILEY}`, `/messages/${CASEY}`]);

    const [alex, riley, casey] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(alex.textContent).toContain('Alex');
    expect(alex.textContent).toContain('See you at seven?');
    expect(within(alex).getByText('3')).toBeTruthy();
    expect(within(alex).getByText(', 3 unread')).toBeTruthy();
    expect(alex.querySelector('time')?.getAttribute('dateTime')).toBeTruthy();

    expect(riley.textContent).toContain('You: Thanks for a lovely evening');
    expect(riley.textContent).not.toContain('unread');

    expect(casey.textContent).toContain('Say hello');
    expect(casey.querySelector('time')).toBeNull();
  });

  it('caps a row count at 99+', async () => {
    stubApi(() => [200, { conversations: [conversation({ unreadCount: 120, lastMessage: { sender: ALEX, content: 'Hi', createdAt: new Date().toISOString() } })] }]);
    await render();
    const row = await screen.findByRole('link', { name: /Alex/ });
    expect(within(row).getByText('99+')).toBeTruthy();
    expect(within(row).getByText(', 120 unread')).toBeTruthy();
  });

  it('explains that chat opens with a confirmed date, and leads to Browse, when there is nobody to chat with', async () => {
    stubApi(() => [200, { conversations: [] }]);
    await render();
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    expect(screen.getByText(/Chat opens once a date is confirmed/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Profiles' }).getAttribute('href')).toBe('/browse');
  });

  it("says 'Failed to load conversations' and retries", async () => {
    stubApi(() => [500, { error: 'Something went wrong on our side. Please try again.' }]);
    await render();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load conversations');

    stubApi(() => [200, { conversations: [conversation()] }]);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /Alex/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('moves focus to the heading once the screen is shown', async () => {
    stubApi(() => [200, { conversations: [] }]);
    await render();
    await screen.findByText('No conversations yet');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Messages' }));
  });
});
