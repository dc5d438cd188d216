import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '#shared/api/bookings.ts';
import { HOUR_MS } from '#shared/domain/booking.ts';
import { BookingCard } from './booking-card.tsx';
import { DATE_START, booking } from './test-fixtures.tsx';
import { renderWithRouter, stubApi } from '#app/platform/test-support.tsx';


const at = (hoursFromStart: number) => new Date(DATE_START.getTime() + hoursFromStart * HOUR_MS);
const review = { rating: 5, comment: '', wouldMeetAgain: true, createdAt: '2026-12-06T06:00:00.000Z' };

async function renderCard(b: Booking, now: Date, onAction = vi.fn()) {
  await renderWithRouter(() => <BookingCard booking={b} now={now} onAction={onAction} />, '/bookings');
  const card = screen.getByRole('article', { name: 'Jordan' });
  const buttons = () => within(card).queryAllByRole('button').map((button) => button.textContent);
  return { card, buttons, onAction };
}

describe('a booking card', () => {
  afterEach(cleanup);

  it('shows the other party (linked), my role, the time with its zone, the venue, the message and the status', async () => {
    const { card } = await renderCard(booking({ status: 'pending', userRole: 'host' }), at(-48));
    expect(within(card).getByRole('link', { name: 'Jordan' }).getAttribute('href')).toBe('/user/host-1');
    expect(card.textContent).toContain('You are hosting');
    expect(card.textContent).toContain('Sat, Dec 5 · 19:00–22:00 MST');
    expect(card.textContent).toContain('Chambar');
    expect(card.textContent).toContain('568 Beatty St');
    expect(card.textContent).toContain('Would love to try their mussels with you.');
    expect(within(card).getByText('Status:').parentElement?.textContent).toBe('Status: Pending');
  });

  it('gives the host Accept and Decline on a pending request, and passes the choice up', async () => {
    const b = booking({ status: 'pending', userRole: 'host' });
    const { card, buttons, onAction } = await renderCard(b, at(-48));
    expect(buttons()).toEqual(['Accept', 'Decline']);
    expect(within(card).queryByRole('link', { name: 'Message' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    expect(onAction).toHaveBeenCalledWith('decline', b);
  });

  it('tells the guest of a pending request whom they wait for', async () => {
    const { card, buttons } = await renderCard(booking({ status: 'pending', userRole: 'guest' }), at(-48));
    expect(card.textContent).toContain('You are attending');
    expect(card.textContent).toContain('Waiting for Jordan to respond...');
    expect(buttons()).toEqual([]);
  });

  it('before a confirmed date: Message and Cancel Booking, and the date has not occurred', async () => {
    const { card, buttons } = await renderCard(booking(), at(-5));
    expect(buttons()).toEqual(['Cancel Booking']);
    expect(card.textContent).toContain("Date hasn't occurred yet");
    expect(within(card).getByRole('link', { name: 'Message' }).getAttribute('href')).toBe('/messages/host-1');
  });

  it('within 4 hours of the date: too late to cancel', async () => {
    const { card, buttons } = await renderCard(booking(), at(-3));
    expect(buttons()).toEqual([]);
    expect(card.textContent).toContain('Too late to cancel (within 4 hours)');
  });

  it('in the 2 hours after the start: wait to review', async () => {
    const { card, buttons } = await renderCard(booking(), at(1));
    expect(buttons()).toEqual([]);
    expect(card.textContent).toContain('Recently finished - wait 2 hours to review');
  });

  it('from 2 hours after the start: Complete & Review and Report No-Show', async () => {
    const b = booking();
    const { card, buttons, onAction } = await renderCard(b, at(2));
    expect(buttons()).toEqual(['Complete & Review', 'Report No-Show']);
    await userEvent.click(within(card).getByRole('button', { name: 'Complete & Review' }));
    expect(onAction).toHaveBeenCalledWith('complete', b);
  });

  it('once my review is in: waiting for the other party', async () => {
    const { card, buttons } = await renderCard(booking({ completion: { hostReview: null, guestReview: review } }), at(3));
    expect(buttons()).toEqual([]);
    expect(card.textContent).toContain('Waiting for Jordan to complete');
  });

  it('after the end: completed, declined, cancelled and no-show say so, with no buttons or chat', async () => {
    const cases: [Partial<Booking>, string, string][] = [
      [{ status: 'completed' }, 'Completed', 'Date Completed'],
      [{ status: 'declined', responseMessage: 'Thanks, but no.' }, 'Declined', 'Request Declined'],
      [{ status: 'auto_cancelled' }, 'Cancelled', 'Date Cancelled'],
      [{ status: 'no_show_host', userRole: 'guest' }, 'No-Show', 'Reported: Jordan did not show up'],
    ];
    for (const [change, badge, note] of cases) {
      const { card, buttons } = await renderCard(booking(change), at(5));
      expect(buttons(), note).toEqual([]);
      expect(card.textContent).toContain(`Status: ${badge}`);
      expect(card.textContent).toContain(note);
      expect(within(card).queryByRole('link', { name: 'Message' })).toBeNull();
      cleanup();
    }
  });

  describe('the calendar file', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });

    /** Presses the card's calendar link; answers which file the app fetched and the name it saved it under. */
    async function pressCalendarLink(card: HTMLElement, name: string) {
      const requests = stubApi(() => [200, 'BEGIN:VCALENDAR']);
      URL.createObjectURL ??= () => 'blob:file';
      URL.revokeObjectURL ??= () => undefined;
      const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const link = within(card).getByRole('link', { name });
      expect(link.getAttribute('href')).toBe('/api/bookings/booking-1/calendar.ics');
      await userEvent.click(link);
      await vi.waitFor(() => expect(saved).toHaveBeenCalled());
      return { fetched: requests.map((r) => new URL(r.url).pathname), savedAs: (saved.mock.contexts[0] as HTMLAnchorElement).download };
    }

    it('a confirmed date offers "Add to calendar", which fetches and saves its .ics', async () => {
      const { card } = await renderCard(booking(), at(-48));
      expect(within(card).queryByRole('link', { name: 'Remove from calendar' })).toBeNull();
      expect(await pressCalendarLink(card, 'Add to calendar')).toEqual({ fetched: ['/api/bookings/booking-1/calendar.ics'], savedAs: 'rendezvous.ics' });
    });

    it('a cancelled date offers "Remove from calendar": the same address, which gives the CANCELLED version', async () => {
      const { card, buttons } = await renderCard(booking({ status: 'cancelled', canCancel: false }), at(-48));
      expect(buttons()).toEqual([]);
      expect(within(card).queryByRole('link', { name: 'Add to calendar' })).toBeNull();
      expect(await pressCalendarLink(card, 'Remove from calendar')).toEqual({ fetched: ['/api/bookings/booking-1/calendar.ics'], savedAs: 'rendezvous.ics' });
    });

    it('a request that was never a date has no calendar link', async () => {
      for (const status of ['pending', 'declined', 'auto_cancelled'] as const) {
        const { card } = await renderCard(booking({ status }), at(-48));
        expect(within(card).queryByRole('link', { name: /calendar/ }), status).toBeNull();
        cleanup();
      }
    });
  });
});
