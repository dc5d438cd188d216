import { cleanup, screen, within } from '@testing-library/react';
import { useSearch } from '@tanstack/react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '#shared/api/bookings.ts';
import { DECLINE_PRESETS, HOUR_MS } from '#shared/domain/booking.ts';
import { useSession } from '#app/platform/session.store.ts';
import { useToasts } from '#app/platform/ui/toast.store.ts';
import { BookingsPage, DECLINE_GONE } from './bookings-page.tsx';
import { booking, memberSummary, requester } from './test-fixtures.tsx';
import { renderWithRouter, stubApi, type Answer } from '#app/platform/test-support.tsx';


/** The bookings API as the server answers it: the list (by perspective), /auth/me, and one action. */
function serveBookings(list: Booking[], action: Answer = [200, { message: 'Done!', booking: list[0] }]) {
  const score = { current: 650 };
  return stubApi((path, request) => {
    if (path === '/api/auth/me') return [200, { user: { ...requester(), reliabilityScore: score } }];
    if (path === '/api/bookings/my-bookings') {
      const perspective = new URL(request.url).searchParams.get('perspective');
      return [200, { bookings: list.filter((b) => perspective === 'all' || b.userRole === perspective) }];
    }
    score.current = 675;
    return action;
  });
}

const pendingForMe = booking({ _id: 'b-pending', status: 'pending', userRole: 'host', otherParty: memberSummary({ _id: 'guest-1', name: 'Alex' }) });
// The page reads the real clock: one date two days ahead, one that started three hours ago.
const confirmedSoon = booking({ _id: 'b-confirmed', cancellationPenalty: -15, proposedDateTime: new Date(Date.now() + 48 * HOUR_MS).toISOString() });
const confirmedPast = booking({ _id: 'b-past', otherParty: memberSummary({ _id: 'host-2', name: 'Riley' }), proposedDateTime: new Date(Date.now() - 3 * HOUR_MS).toISOString() });
const cancelled = booking({ _id: 'b-cancelled', status: 'cancelled', otherParty: memberSummary({ _id: 'host-3', name: 'Casey' }) });

async function renderPage() {
  const view = await renderWithRouter(() => <BookingsPage />, '/bookings');
  await screen.findByRole('tablist', { name: 'Booking status' });
  return view;
}

const card = (name: string) => screen.getByRole('article', { name });
const actionRequests = (requests: Request[]) => requests.filter((r) => r.method === 'POST');

describe('/bookings', () => {
  beforeEach(() => {
    useToasts.setState({ toasts: [] });
    useSession.setState({ user: requester(), token: 'token' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists my bookings with a count per filter tab; Cancelled takes every cancelled kind', async () => {
    serveBookings([pendingForMe, confirmedSoon, confirmedPast, cancelled]);
    await renderPage();
    const tabs = within(screen.getByRole('tablist', { name: 'Booking status' }))
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(tabs).toEqual(['All (4)', 'Pending (1)', 'Confirmed (2)', 'Completed (0)', 'Cancelled (1)']);
    expect(screen.getAllByRole('article')).toHaveLength(4);

    await userEvent.click(screen.getByRole('tab', { name: 'Cancelled (1)' }));
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual(['Casey']);

    await userEvent.click(screen.getByRole('tab', { name: 'Completed (0)' }));
    expect(screen.getByText('No completed dates yet')).toBeTruthy();
  });

  it('asks the server for one side when Hosting or Attending is chosen', async () => {
    const requests = serveBookings([pendingForMe, confirmedSoon]);
    await renderPage();
    await userEvent.click(screen.getByRole('radio', { name: 'Hosting' }));
    await vi.waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(card('Alex')).toBeTruthy();
    expect(requests.map((r) => new URL(r.url).searchParams.get('perspective'))).toContain('host');

    await userEvent.click(screen.getByRole('radio', { name: 'Attending' }));
    await vi.waitFor(() => expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual(['Jordan']));
  });

  it('has an empty state that leads to Browse', async () => {
    serveBookings([]);
    await renderPage();
    expect(screen.getByText('No bookings yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Profiles' }).getAttribute('href')).toBe('/browse');
  });

  it("says 'Failed to load bookings' when the list cannot load, and retries", async () => {
    stubApi(() => [500, { error: 'Something went wrong on our side. Please try again.' }]);
    await renderWithRouter(() => <BookingsPage />, '/bookings');
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load bookings');
    serveBookings([confirmedSoon]);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Jordan' })).toBeTruthy();
  });

  it('declines with a required message, offering the six polite presets', async () => {
    const requests = serveBookings([pendingForMe], [200, { message: 'Booking declined', booking: { ...pendingForMe, status: 'declined' } }]);
    await renderPage();
    await userEvent.click(within(card('Alex')).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline Booking' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('A message is required to decline');
    expect(actionRequests(requests)).toHaveLength(0);

    const presets = within(within(dialog).getByRole('group', { name: /polite reply/ })).getAllByRole('button');
    expect(presets.map((p) => p.textContent)).toEqual([...DECLINE_PRESETS]);
    await userEvent.click(presets[2]!);
    expect(within(dialog).getByLabelText('Message')).toHaveProperty('value', DECLINE_PRESETS[2]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline Booking' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [sent] = actionRequests(requests);
    expect(new URL(sent!.url).pathname).toBe('/api/bookings/b-pending/respond');
    expect(await sent!.json()).toEqual({ action: 'decline', responseMessage: DECLINE_PRESETS[2] });
    expect(useToasts.getState().toasts.map((t) => t.message)).toEqual(['Booking declined']);
  });

  it('accepts without a message, then refreshes the list and my score in the header', async () => {
    const requests = serveBookings([pendingForMe], [200, { message: 'Booking confirmed!', booking: { ...pendingForMe, status: 'confirmed' } }]);
    await renderPage();
    await userEvent.click(within(card('Alex')).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept Booking' }));

    await vi.waitFor(() => expect(useSession.getState().user?.reliabilityScore.current).toBe(675));
    const [sent] = actionRequests(requests);
    expect(await sent!.json()).toEqual({ action: 'confirm', responseMessage: '' });
    const listLoads = requests.filter((r) => new URL(r.url).pathname === '/api/bookings/my-bookings');
    expect(listLoads.length).toBeGreaterThanOrEqual(2);
    expect(useToasts.getState().toasts.map((t) => t.message)).toEqual(['Booking confirmed!']);
  });

  it('cancels with a required reason, showing the penalty as -N points', async () => {
    const requests = serveBookings([confirmedSoon], [200, { message: 'Booking cancelled', booking: { ...confirmedSoon, status: 'cancelled' } }]);
    await renderPage();
    await userEvent.click(within(card('Jordan')).getByRole('button', { name: 'Cancel Booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Booking' });
    expect(dialog.textContent).toContain('-15 points');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Cancellation' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('A reason is required');

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'I am ill');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Cancellation' }));
    await vi.waitFor(() => expect(actionRequests(requests)).toHaveLength(1));
    expect(await actionRequests(requests)[0]!.json()).toEqual({ reason: 'other', customReason: 'I am ill' });
  });

  it('shows no penalty when cancelling is free', async () => {
    serveBookings([{ ...confirmedSoon, cancellationPenalty: 0 }]);
    await renderPage();
    await userEvent.click(within(card('Jordan')).getByRole('button', { name: 'Cancel Booking' }));
    expect((await screen.findByRole('dialog', { name: 'Cancel Booking' })).textContent).not.toContain('points');
  });

  it('reviews with 5 stars and "Would meet again" ticked by default', async () => {
    const requests = serveBookings([confirmedPast], [200, { message: 'Review submitted', booking: confirmedPast }]);
    await renderPage();
    await userEvent.click(within(card('Riley')).getByRole('button', { name: 'Complete & Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete & Review' });
    expect(within(dialog).getByRole('radio', { name: '5 stars' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('checkbox', { name: 'Would meet again' })).toHaveProperty('checked', true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Review' }));
    await vi.waitFor(() => expect(actionRequests(requests)).toHaveLength(1));
    expect(await actionRequests(requests)[0]!.json()).toEqual({ rating: 5, comment: '', wouldMeetAgain: true });

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(within(card('Riley')).getByRole('button', { name: 'Complete & Review' }));
    const again = screen.getByRole('dialog', { name: 'Complete & Review' });
    await userEvent.click(within(again).getByRole('radio', { name: '3 stars' }));
    await userEvent.type(within(again).getByLabelText('Comment (optional)'), 'Nice chat');
    await userEvent.click(within(again).getByRole('checkbox', { name: 'Would meet again' }));
    await userEvent.click(within(again).getByRole('button', { name: 'Submit Review' }));
    await vi.waitFor(() => expect(actionRequests(requests)).toHaveLength(2));
    expect(await actionRequests(requests)[1]!.json()).toEqual({ rating: 3, comment: 'Nice chat', wouldMeetAgain: false });
  });

  it('reports a no-show of the other party or of both, with a required reason', async () => {
    const requests = serveBookings([confirmedPast], [200, { message: 'No-show reported', booking: confirmedPast }]);
    await renderPage();
    await userEvent.click(within(card('Riley')).getByRole('button', { name: 'Report No-Show' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report No-Show' });
    expect(within(dialog).getByRole('radio', { name: 'Riley' })).toHaveProperty('checked', true);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Neither of us came' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('A reason is required');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'The café was closed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    await vi.waitFor(() => expect(actionRequests(requests)).toHaveLength(1));
    expect(await actionRequests(requests)[0]!.json()).toEqual({ noShowUserId: 'both', reason: 'The café was closed' });
  });

  it("shows the server's refusal in the dialog, or 'Failed to {action} booking' when it gives none", async () => {
    serveBookings([pendingForMe], [409, { error: 'This request has already been answered' }]);
    await renderPage();
    await userEvent.click(within(card('Alex')).getByRole('button', { name: 'Accept' }));
    let dialog = await screen.findByRole('dialog', { name: 'Accept' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept Booking' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This request has already been answered');
    cleanup();

    serveBookings([pendingForMe], [502, 'Bad gateway']);
    await renderPage();
    await userEvent.click(within(card('Alex')).getByRole('button', { name: 'Accept' }));
    dialog = screen.getByRole('dialog', { name: 'Accept' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept Booking' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to accept booking');
    expect(screen.getByRole('dialog', { name: 'Accept' })).toBeTruthy();
  });

  it("opens the decline dialog of the request a notification's Decline names, once, and says when it can no longer be declined", async () => {
    serveBookings([pendingForMe, confirmedSoon]);
    const shown = vi.fn();
    await renderWithRouter(() => <BookingsPage declineId="b-pending" onDeclineShown={shown} />, '/bookings');
    const dialog = await screen.findByRole('dialog', { name: 'Decline' });
    expect(within(dialog).getByLabelText('Message')).toBeTruthy();
    expect(shown).toHaveBeenCalledTimes(1);
    cleanup();

    serveBookings([confirmedSoon]);
    await renderWithRouter(() => <BookingsPage declineId="b-confirmed" />, '/bookings');
    await screen.findByRole('tablist', { name: 'Booking status' });
    await vi.waitFor(() => expect(useToasts.getState().toasts.map((t) => t.message)).toContain(DECLINE_GONE));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  describe('opened on one booking (?booking=, a calendar event\'s link back)', () => {
    const scrolled = vi.fn();
    beforeEach(() => {
      scrolled.mockClear();
      // jsdom does no layout: record the scroll asked for instead.
      Element.prototype.scrollIntoView = scrolled;
    });
    afterEach(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });

    /** The page as its route shows it: the booking named in the address's search. */
    function LinkedPage() {
      const { booking } = useSearch({ strict: false }) as { booking?: string };
      return <BookingsPage bookingId={booking} />;
    }
    const current = () => screen.getAllByRole('article').filter((article) => article.getAttribute('aria-current') === 'true');

    it('marks that booking, scrolls it into view and focuses it', async () => {
      serveBookings([pendingForMe, confirmedSoon, cancelled]);
      await renderWithRouter(() => <LinkedPage />, '/bookings?booking=b-cancelled');
      await vi.waitFor(() => expect(document.activeElement).toBe(card('Casey')));
      expect(current()).toEqual([card('Casey')]);
      expect(scrolled.mock.contexts).toEqual([card('Casey')]);
      expect(screen.getByRole('tab', { selected: true }).textContent).toBe('All (3)');
    });

    it('shows it even when the chosen side and tab would hide it: All, then the tab that holds it', async () => {
      serveBookings([pendingForMe, confirmedSoon, cancelled]);
      const { router } = await renderWithRouter(() => <LinkedPage />, '/bookings');
      await screen.findByRole('tablist', { name: 'Booking status' });
      await userEvent.click(screen.getByRole('radio', { name: 'Hosting' }));
      await vi.waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
      await userEvent.click(screen.getByRole('tab', { name: 'Pending (1)' }));
      expect(current()).toEqual([]);

      await router.navigate({ to: '/bookings', search: { booking: 'b-confirmed' } });
      await vi.waitFor(() => expect(document.activeElement).toBe(card('Jordan')));
      expect(screen.getByRole('radio', { name: 'All' })).toHaveProperty('checked', true);
      expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Confirmed (1)');
      expect(current()).toEqual([card('Jordan')]);
      // (The tab pressed before came into view too.)
      expect(scrolled.mock.contexts.filter((element) => (element as Element).tagName === 'ARTICLE')).toEqual([card('Jordan')]);
    });

    it('says so when the booking is not in the list', async () => {
      serveBookings([confirmedSoon]);
      await renderWithRouter(() => <LinkedPage />, '/bookings?booking=b-elsewhere');
      await vi.waitFor(() => expect(useToasts.getState().toasts.map((t) => t.message)).toContain('Booking not found'));
      expect(current()).toEqual([]);
      expect(scrolled).not.toHaveBeenCalled();
    });
  });
});
