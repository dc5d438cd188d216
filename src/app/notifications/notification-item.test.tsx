import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '#shared/api/notifications.ts';
import { DECLINE_PRESETS } from '#shared/domain/booking.ts';
import { renderWithRouter, stubApi, toastTexts } from '#app/platform/test-support.tsx';
import { useToasts } from '#app/platform/ui/toast.store.ts';
import { notificationKeys } from './notifications.api.ts';
import { NotificationItem, outcomeOf } from './notification-item.tsx';
import type { InboxActions } from './use-inbox-actions.ts';

const SENDER_ID = '7d0f3c57-2f4e-4c43-9d0b-0d4b1bb1d001';

function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    _id: 'n1',
    type: 'message',
    title: 'Hello there',
    message: 'A message for you',
    isRead: false,
    isArchived: false,
    createdAt: '2026-11-23T12:00:00.000Z',
    sender: { _id: SENDER_ID, profile: { name: 'Jordan', photos: [] } },
    data: {},
    status: null,
    ...overrides,
  };
}

const bookingRequest = (overrides: Partial<Notification> = {}) =>
  notification({
    type: 'booking_request',
    title: 'New booking request',
    message: 'Jordan would like to meet you',
    data: { profileId: SENDER_ID, bookingId: 'b1', date: '2026-12-05', proposedTime: '18:30', venue: 'Blue Door Cafe', requestMessage: 'Coffee after work?' },
    ...overrides,
  });

function spies(): InboxActions & { [K in keyof InboxActions]: ReturnType<typeof vi.fn> } {
  return {
    read: vi.fn(),
    acknowledge: vi.fn(),
    archive: vi.fn(),
    respond: vi.fn(() => Promise.resolve()),
    busy: vi.fn(() => false),
  } as never;
}

async function renderItem(item: Notification, actions: InboxActions = spies()) {
  const rootRoute = createRootRoute({
    component: () => (
      <ul>
        <NotificationItem item={item} actions={actions} />
      </ul>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/notifications'] }) });
  render(<RouterProvider router={router as never} />);
  return screen.findByRole('article', { name: new RegExp(item.title) });
}

describe('NotificationItem', () => {
  afterEach(cleanup);

  it('shows a booking request: date, time, venue, the message, Accept and Decline; Accept confirms', async () => {
    const actions = spies();
    const item = bookingRequest();
    const card = await renderItem(item, actions);
    expect(within(card).getByText('Coffee after work?')).toBeTruthy();
    expect(within(card).getByText('18:30')).toBeTruthy();
    expect(within(card).getByText('Blue Door Cafe')).toBeTruthy();
    expect(within(card).getByText(/Dec.*5.*2026/)).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Unread' })).toBeTruthy();
    // Answering is the way to deal with a request: no Mark as read beside it.
    expect(within(card).queryByRole('button', { name: 'Mark as read' })).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(actions.respond).toHaveBeenCalledWith(item, 'confirm');
  });

  it('Decline opens a dialog: Send Decline stays disabled while blank; a preset fills the message and sends it', async () => {
    const user = userEvent.setup();
    const actions = spies();
    const item = bookingRequest();
    const card = await renderItem(item, actions);
    await user.click(within(card).getByRole('button', { name: 'Decline' }));

    const dialog = screen.getByRole('dialog', { name: 'Decline Booking Request' });
    const send = within(dialog).getByRole('button', { name: 'Send Decline' });
    expect(send).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Message'), '   ');
    expect(send).toHaveProperty('disabled', true);

    const presets = within(dialog).getAllByRole('button', { pressed: false });
    expect(presets.map((button) => button.textContent)).toEqual([...DECLINE_PRESETS]);
    await user.click(within(dialog).getByRole('button', { name: DECLINE_PRESETS[2] }));
    expect(within(dialog).getByLabelText('Message')).toHaveProperty('value', DECLINE_PRESETS[2]);
    expect(send).toHaveProperty('disabled', false);
    await user.click(send);
    expect(actions.respond).toHaveBeenCalledWith(item, 'decline', DECLINE_PRESETS[2]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the decline dialog open with the message when the answer fails', async () => {
    const user = userEvent.setup();
    const actions = spies();
    actions.respond.mockImplementation(() => Promise.reject(new Error('offline')));
    const card = await renderItem(bookingRequest(), actions);
    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Message'), 'Sorry, not this time');
    await user.click(within(dialog).getByRole('button', { name: 'Send Decline' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(within(screen.getByRole('dialog')).getByLabelText('Message')).toHaveProperty('value', 'Sorry, not this time');
  });

  it('shows the outcome of an answered request instead of the answers', async () => {
    for (const [status, text] of [
      ['confirmed', 'Confirmed'],
      ['declined', 'Declined'],
      ['auto_cancelled', 'Expired'],
      ['cancelled', 'Cancelled'],
      ['completed', 'Responded'],
    ] as const) {
      const card = await renderItem(bookingRequest({ status, isRead: true }));
      expect(within(card).getByText(text)).toBeTruthy();
      expect(within(card).queryByRole('button', { name: 'Accept' })).toBeNull();
      expect(within(card).queryByRole('button', { name: 'Decline' })).toBeNull();
      cleanup();
    }
    expect(outcomeOf(null)).toBeNull();
    expect(outcomeOf('pending')).toBeNull();
  });

  it('a nudge offers Acknowledge, and reads Acknowledged once read', async () => {
    const actions = spies();
    const nudge = notification({ type: 'nudge', title: 'You got a nudge' });
    let card = await renderItem(nudge, actions);
    await userEvent.click(within(card).getByRole('button', { name: 'Acknowledge' }));
    expect(actions.acknowledge).toHaveBeenCalledWith(nudge);
    cleanup();

    card = await renderItem({ ...nudge, isRead: true });
    expect(within(card).getByText('Acknowledged')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    expect(within(card).queryByRole('img', { name: 'Unread' })).toBeNull();
  });

  it('other kinds can be marked read, then read as Read', async () => {
    const actions = spies();
    const item = notification();
    let card = await renderItem(item, actions);
    await userEvent.click(within(card).getByRole('button', { name: 'Mark as read' }));
    expect(actions.read).toHaveBeenCalledWith(item);
    cleanup();

    card = await renderItem({ ...item, isRead: true });
    expect(within(card).getByText('Read')).toBeTruthy();
    expect(within(card).queryByText('Acknowledged')).toBeNull();
  });

  it('archives an active item; an archived one has no Archive', async () => {
    const actions = spies();
    const item = notification();
    let card = await renderItem(item, actions);
    await userEvent.click(within(card).getByRole('button', { name: 'Archive Hello there' }));
    expect(actions.archive).toHaveBeenCalledWith(item);
    cleanup();

    card = await renderItem({ ...item, isArchived: true });
    expect(within(card).queryByRole('button', { name: /Archive/ })).toBeNull();
  });

  it("the sender's avatar leads to their profile", async () => {
    const card = await renderItem(notification());
    expect(within(card).getByRole('link', { name: "View Jordan's profile" })).toHaveProperty('pathname', `/user/${SENDER_ID}`);
    cleanup();
    const anonymous = await renderItem(notification({ sender: null }));
    expect(within(anonymous).queryByRole('link')).toBeNull();
  });

  it('disables its actions while one is under way', async () => {
    const actions = spies();
    actions.busy.mockReturnValue(true);
    const card = await renderItem(notification({ type: 'nudge', title: 'You got a nudge' }), actions);
    expect(within(card).getByRole('button', { name: 'Acknowledge' })).toHaveProperty('disabled', true);
    expect(within(card).getByRole('button', { name: /Archive/ })).toHaveProperty('disabled', true);
  });
});

describe('the Safety menu on an item a member sent', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useToasts.setState({ toasts: [] });
  });

  /** The item in the inbox, its list kept by the query client as the page keeps it. */
  async function renderInInbox(item: Notification) {
    const view = await renderWithRouter(
      () => (
        <ul>
          <NotificationItem item={item} actions={spies()} />
        </ul>
      ),
      '/notifications',
    );
    view.queryClient.setQueryData(notificationKeys.list('active'), { notifications: [item] });
    await userEvent.click(screen.getByLabelText('Safety options for Jordan'));
    return view;
  }
  const dialog = (name: string) => screen.getByRole('dialog', { name, hidden: true });

  it('blocks the sender only once confirmed: the block is sent, the member is told, and the inbox is asked again', async () => {
    const requests = stubApi(() => [200, { success: true, message: 'Member blocked', isBlocked: true }]);
    const { queryClient } = await renderInInbox(notification());
    await userEvent.click(screen.getByRole('button', { name: 'Block Jordan' }));
    const confirm = dialog('Block Jordan?');
    expect(confirm.textContent).toContain("Jordan isn't told you blocked them.");
    expect(requests).toHaveLength(0);

    await userEvent.click(within(confirm).getByRole('button', { name: 'Block', hidden: true }));
    await vi.waitFor(() => expect(toastTexts()).toContain('Member blocked'));
    expect(requests.map((r) => [r.method, new URL(r.url).pathname])).toEqual([['POST', `/api/users/${SENDER_ID}/block`]]);
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    expect(queryClient.getQueryState(notificationKeys.list('active'))?.isInvalidated).toBe(true);
  });

  it('Report opens the report form about the sender, with "Also block" ticked', async () => {
    const requests = stubApi(() => [200, {}]);
    await renderInInbox(notification());
    await userEvent.click(screen.getByRole('button', { name: 'Report Jordan' }));
    const form = dialog('Report Jordan');
    expect(within(form).getByRole('group', { name: 'What happened?', hidden: true })).toBeTruthy();
    expect(within(form).getByRole('radio', { name: 'Fake profile', hidden: true })).toBeTruthy();
    expect((within(form).getByRole('checkbox', { name: 'Also block Jordan', hidden: true }) as HTMLInputElement).checked).toBe(true);
    expect(requests).toHaveLength(0);
  });

  it('an item with no sender has no Safety menu', async () => {
    await renderWithRouter(
      () => (
        <ul>
          <NotificationItem item={notification({ sender: null })} actions={spies()} />
        </ul>
      ),
      '/notifications',
    );
    expect(screen.queryByLabelText(/Safety options/)).toBeNull();
  });
});
