import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, HOUR_MS, type BookingStatus } from './booking.ts';
import { BOOKING_FILTERS, bookingDisplay, bookingStatusLabel, matchesFilter, statusBadge, type BookingForDisplay } from './booking-display.ts';

const START = new Date('2026-12-05T19:00:00Z');
const at = (hoursFromStart: number) => new Date(START.getTime() + hoursFromStart * HOUR_MS);
const MINUTE = 1 / 60;

const review = { rating: 5, comment: '', wouldMeetAgain: true, createdAt: '2026-12-05T23:00:00Z' };

function booking(overrides: Partial<BookingForDisplay> = {}): BookingForDisplay {
  return {
    status: 'confirmed',
    userRole: 'guest',
    proposedDateTime: START.toISOString(),
    completion: { hostReview: null, guestReview: null },
    canCancel: true,
    ...overrides,
  };
}

const show = (b: BookingForDisplay, now: Date) => bookingDisplay(b, 'Jordan', now);

describe('pending bookings', () => {
  it('give the host Accept and Decline', () => {
    expect(show(booking({ status: 'pending', userRole: 'host' }), at(-48))).toEqual({
      badge: { label: 'Pending', tone: 'pending' },
      actions: ['accept', 'decline'],
      notes: [],
      canMessage: false,
    });
  });

  it('tell the guest whom they are waiting for, with no buttons', () => {
    const display = show(booking({ status: 'pending', userRole: 'guest' }), at(-48));
    expect(display.actions).toEqual([]);
    expect(display.notes).toEqual(['Waiting for Jordan to respond...']);
    expect(display.canMessage).toBe(false);
  });
});

describe('confirmed bookings, before the date', () => {
  it('offer Cancel more than 4 hours ahead, and say the date has not happened', () => {
    const display = show(booking(), at(-4 - MINUTE));
    expect(display.actions).toEqual(['cancel']);
    expect(display.notes).toEqual(["Date hasn't occurred yet"]);
    expect(display.badge).toEqual({ label: 'Confirmed', tone: 'confirmed' });
    expect(display.canMessage).toBe(true);
  });

  it('hide Cancel when the server says the viewer may not cancel', () => {
    const display = show(booking({ canCancel: false }), at(-48));
    expect(display.actions).toEqual([]);
    expect(display.notes).toEqual(["Date hasn't occurred yet"]);
  });

  it('say it is too late to cancel from exactly 4 hours before the start', () => {
    for (const hours of [-4, -1, -MINUTE]) {
      const display = show(booking(), at(hours));
      expect(display.actions, `${hours} h`).toEqual([]);
      expect(display.notes, `${hours} h`).toEqual(["Date hasn't occurred yet", 'Too late to cancel (within 4 hours)']);
    }
  });
});

describe('confirmed bookings, after the start', () => {
  it('ask to wait during the first 2 hours, with no cancel text any more', () => {
    for (const hours of [0, 1, 2 - MINUTE]) {
      const display = show(booking(), at(hours));
      expect(display.actions, `${hours} h`).toEqual([]);
      expect(display.notes, `${hours} h`).toEqual(['Recently finished - wait 2 hours to review']);
    }
  });

  it('offer Complete & Review and Report No-Show from exactly 2 hours after the start', () => {
    for (const hours of [2, 3, 24 * 30]) {
      const display = show(booking(), at(hours));
      expect(display.actions, `${hours} h`).toEqual(['complete', 'noShow']);
      expect(display.notes, `${hours} h`).toEqual([]);
    }
  });

  it('never offer Cancel after the start, even if canCancel is stale', () => {
    expect(show(booking({ canCancel: true }), at(3)).actions).not.toContain('cancel');
  });

  it('wait for the other party once my own review is in, for host and guest alike', () => {
    const asGuest = show(booking({ userRole: 'guest', completion: { hostReview: null, guestReview: review } }), at(3));
    expect(asGuest.actions).toEqual([]);
    expect(asGuest.notes).toEqual(['Waiting for Jordan to complete']);

    const asHost = show(booking({ userRole: 'host', completion: { hostReview: review, guestReview: null } }), at(3));
    expect(asHost.actions).toEqual([]);
    expect(asHost.notes).toEqual(['Waiting for Jordan to complete']);
  });

  it("the other party's review does not stand in for mine", () => {
    const display = show(booking({ userRole: 'host', completion: { hostReview: null, guestReview: review } }), at(3));
    expect(display.actions).toEqual(['complete', 'noShow']);
  });

  it('a member who has reviewed cannot cancel', () => {
    const display = show(booking({ completion: { hostReview: null, guestReview: review } }), at(-48));
    expect(display.actions).toEqual([]);
  });
});

describe('finished bookings', () => {
  it("say 'Date Completed'", () => {
    expect(show(booking({ status: 'completed' }), at(5))).toEqual({
      badge: { label: 'Completed', tone: 'completed' },
      actions: [],
      notes: ['Date Completed'],
      canMessage: false,
    });
  });

  it('label declined and every kind of cancelled', () => {
    expect(show(booking({ status: 'declined' }), at(-5))).toMatchObject({ badge: { label: 'Declined' }, actions: [], notes: ['Request Declined'] });
    for (const status of ['cancelled', 'auto_cancelled'] as const) {
      expect(show(booking({ status }), at(-5))).toMatchObject({ badge: { label: 'Cancelled', tone: 'cancelled' }, actions: [], notes: ['Date Cancelled'] });
    }
  });

  it('say who did not show up, from the viewer’s side', () => {
    expect(show(booking({ status: 'no_show_guest', userRole: 'host' }), at(5)).notes).toEqual(['Reported: Jordan did not show up']);
    expect(show(booking({ status: 'no_show_guest', userRole: 'guest' }), at(5)).notes).toEqual(['Reported: you did not show up']);
    expect(show(booking({ status: 'no_show_host', userRole: 'guest' }), at(5)).notes).toEqual(['Reported: Jordan did not show up']);
    expect(show(booking({ status: 'no_show_both', userRole: 'guest' }), at(5)).notes).toEqual(['Neither of you showed up']);
    expect(show(booking({ status: 'no_show_both' }), at(5))).toMatchObject({ badge: { label: 'No-Show', tone: 'no-show' }, actions: [], canMessage: false });
  });

  it('give every status a badge', () => {
    const labels = BOOKING_STATUSES.map((status) => statusBadge(status).label);
    expect(labels).toEqual(['Pending', 'Confirmed', 'Completed', 'Declined', 'Cancelled', 'Cancelled', 'No-Show', 'No-Show', 'No-Show']);
  });
});

describe('filter tabs', () => {
  it('put each status under All and its own tab; Cancelled takes any cancelled status', () => {
    const under = (filter: (typeof BOOKING_FILTERS)[number]) => BOOKING_STATUSES.filter((status: BookingStatus) => matchesFilter(status, filter));
    expect(under('all')).toEqual([...BOOKING_STATUSES]);
    expect(under('pending')).toEqual(['pending']);
    expect(under('confirmed')).toEqual(['confirmed']);
    expect(under('completed')).toEqual(['completed']);
    expect(under('cancelled')).toEqual(['cancelled', 'auto_cancelled']);
  });
});

describe('the booking between the viewer and a member', () => {
  it('reads the same on browse cards, member pages and Available Dates', () => {
    expect(bookingStatusLabel({ status: 'pending', isInitiator: true })).toBe('Request Sent');
    expect(bookingStatusLabel({ status: 'pending', isInitiator: false })).toBe('Pending');
    expect(bookingStatusLabel({ status: 'confirmed', isInitiator: false })).toBe('Date confirmed');
    expect(bookingStatusLabel({ status: 'no_show_host', isInitiator: true })).toBe('Booking no show host');
  });
});
