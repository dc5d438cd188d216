import { BOOKING_SEARCH_PARAM, DECLINE_SEARCH_PARAM } from './bookings-search.ts';
import { pathWithId } from './path-with-id.ts';
import { CANCEL_CUTOFF_HOURS, REVIEW_AFTER_HOURS } from '../domain/booking.ts';

const BOOKINGS = '/bookings';

/** A path that names one booking: call it with the id for the URL; `.route` is the server's route for it. */
const ofBooking = (suffix: string) => pathWithId(BOOKINGS, suffix);

export const bookingsPaths = {
  request: `${BOOKINGS}/request`,
  mine: `${BOOKINGS}/my-bookings`,
  booking: ofBooking(''),
  respond: ofBooking('/respond'),
  cancel: ofBooking('/cancel'),
  complete: ofBooking('/complete'),
  noShow: ofBooking('/no-show'),
} as const;

/**
 * The app's My Bookings page (a page, not an API call): `booking(id)` opens it on that booking,
 * which the page shows, scrolled to and marked (a calendar event's link back, for one).
 */
export const bookingsPage = {
  path: '/bookings',
  booking: (id: string) => `/bookings?${BOOKING_SEARCH_PARAM}=${encodeURIComponent(id)}`,
  decline: (id: string) => `/bookings?${DECLINE_SEARCH_PARAM}=${encodeURIComponent(id)}`,
} as const;

/** Error texts the server answers with; the client maps some to the texts of core-journey §8. */
export const BOOKING_ERRORS = {
  profileIncomplete: 'Profile incomplete',
  notEligible: 'You are not eligible to book this slot',
  slotGone: 'Availability slot no longer exists',
  pendingWithHost: 'You already have a pending booking with this user',
  ownSlot: 'You cannot book your own slot',
  pastSlot: 'This time has already passed',
  slotFull: 'This slot is fully booked',
  overlap: 'You already have a confirmed date at this time',
  notFound: 'Booking not found',
  notYourBooking: 'Booking not found',
  hostOnly: 'Only the host can respond to this request',
  notPending: 'This request has already been answered',
  notConfirmed: 'Only a confirmed date can be changed this way',
  tooLateToCancel: `Too late to cancel (within ${CANCEL_CUTOFF_HOURS} hours)`,
  tooEarlyToReview: `You can review ${REVIEW_AFTER_HOURS} hours after the date has started`,
  alreadyReviewed: 'You have already reviewed this date',
  guestUnavailable: 'This member can no longer be booked',
} as const;
