import type { Booking } from '../api/bookings.ts';
import { BOOKING_ERRORS } from '../api/bookings.paths.ts';
import { REQUEST_SENT } from './slot-booking.ts';
import { CANCEL_CUTOFF_HOURS, HOUR_MS, REVIEW_AFTER_HOURS, isCancelled, isNoShow, type BookingStatus } from './booking.ts';

/** What /bookings shows for one booking (core-journey §4 "My bookings display rules"). */

export type BookingAction = 'accept' | 'decline' | 'complete' | 'noShow' | 'cancel';

export type BookingTone = 'pending' | 'confirmed' | 'completed' | 'declined' | 'cancelled' | 'no-show';

export type BookingDisplay = {
  badge: { label: string; tone: BookingTone };
  /** The buttons, in the order they show. */
  actions: BookingAction[];
  /** Texts that explain why a button is not there, or how the booking ended. */
  notes: string[];
  /** Chat is open only for confirmed bookings (core-journey §6). */
  canMessage: boolean;
};

export type BookingForDisplay = Pick<Booking, 'status' | 'userRole' | 'proposedDateTime' | 'completion' | 'canCancel'>;

export const BOOKING_NOTES = {
  waitingForResponse: (name: string) => `Waiting for ${name} to respond...`,
  notYet: "Date hasn't occurred yet",
  recentlyFinished: `Recently finished - wait ${REVIEW_AFTER_HOURS} hours to review`,
  waitingForOther: (name: string) => `Waiting for ${name} to complete`,
  /** The same words as the server's refusal. */
  tooLateToCancel: BOOKING_ERRORS.tooLateToCancel,
  completed: 'Date Completed',
  declined: 'Request Declined',
  cancelled: 'Date Cancelled',
} as const;

export function statusBadge(status: BookingStatus): BookingDisplay['badge'] {
  if (isCancelled(status)) return { label: 'Cancelled', tone: 'cancelled' };
  if (isNoShow(status)) return { label: 'No-Show', tone: 'no-show' };
  if (status === 'pending') return { label: 'Pending', tone: 'pending' };
  if (status === 'confirmed') return { label: 'Confirmed', tone: 'confirmed' };
  if (status === 'completed') return { label: 'Completed', tone: 'completed' };
  return { label: 'Declined', tone: 'declined' };
}

/** The viewer's active booking with a member, as browse and the member's page receive it. */
export type BookingStatusWith = { status: string; isInitiator: boolean };

/** A pending request as the two members read it: who asked, and who is asked (core-journey §2 /browse). */
export const pendingLabel = (isInitiator: boolean): typeof REQUEST_SENT | 'Pending' => (isInitiator ? REQUEST_SENT : 'Pending');

/**
 * The booking between the viewer and a member, in one label, on the member's page (a browse card's
 * button reads pendingLabel's words, and each free time's button slot-booking's).
 */
export function bookingStatusLabel(booking: BookingStatusWith): string {
  if (booking.status === 'pending') return pendingLabel(booking.isInitiator);
  if (booking.status === 'confirmed') return 'Date confirmed';
  return `Booking ${booking.status.replace(/_/g, ' ')}`;
}

/** Who did not come, as the viewer reads it. */
function noShowNote(status: BookingStatus, role: Booking['userRole'], otherName: string): string {
  if (status === 'no_show_both') return 'Neither of you showed up';
  const absentRole = status === 'no_show_host' ? 'host' : 'guest';
  return absentRole === role ? 'Reported: you did not show up' : `Reported: ${otherName} did not show up`;
}

/**
 * The buttons and texts for one booking as the viewer (booking.userRole) sees it at `now`.
 * Times are measured on instants: the review window opens REVIEW_AFTER_HOURS after the start,
 * cancelling closes CANCEL_CUTOFF_HOURS before it.
 */
export function bookingDisplay(booking: BookingForDisplay, otherName: string, now: Date): BookingDisplay {
  const { status, userRole: role } = booking;
  const badge = statusBadge(status);
  const ended = (notes: string[]): BookingDisplay => ({ badge, actions: [], notes, canMessage: false });

  if (status === 'pending') {
    return role === 'host'
      ? { badge, actions: ['accept', 'decline'], notes: [], canMessage: false }
      : ended([BOOKING_NOTES.waitingForResponse(otherName)]);
  }
  if (status === 'completed') return ended([BOOKING_NOTES.completed]);
  if (status === 'declined') return ended([BOOKING_NOTES.declined]);
  if (isCancelled(status)) return ended([BOOKING_NOTES.cancelled]);
  if (isNoShow(status)) return ended([noShowNote(status, role, otherName)]);

  // Confirmed.
  const msUntilStart = new Date(booking.proposedDateTime).getTime() - now.getTime();
  const myReview = role === 'host' ? booking.completion.hostReview : booking.completion.guestReview;
  const actions: BookingAction[] = [];
  const notes: string[] = [];

  if (myReview) {
    notes.push(BOOKING_NOTES.waitingForOther(otherName));
  } else {
    if (msUntilStart <= -REVIEW_AFTER_HOURS * HOUR_MS) actions.push('complete', 'noShow');
    else notes.push(msUntilStart > 0 ? BOOKING_NOTES.notYet : BOOKING_NOTES.recentlyFinished);

    if (msUntilStart > CANCEL_CUTOFF_HOURS * HOUR_MS) {
      if (booking.canCancel) actions.push('cancel');
    } else if (msUntilStart > 0) {
      notes.push(BOOKING_NOTES.tooLateToCancel);
    }
  }
  return { badge, actions, notes, canMessage: true };
}

/** The filter tabs of /bookings; 'cancelled' takes every status containing 'cancelled'. */
export const BOOKING_FILTERS = ['all', 'pending', 'confirmed', 'completed', 'cancelled'] as const;
export type BookingFilter = (typeof BOOKING_FILTERS)[number];

export function matchesFilter(status: BookingStatus, filter: BookingFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'cancelled') return isCancelled(status);
  return status === filter;
}
