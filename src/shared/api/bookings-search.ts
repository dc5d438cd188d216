/**
 * The search parameters of the app's My Bookings page: one booking to show, and a request whose
 * decline dialog opens (a push's Decline). Apart from bookings.paths.ts: the page's route reads
 * them in the start-up script, which would otherwise carry every booking path and error text.
 */
export const BOOKING_SEARCH_PARAM = 'booking';
export const DECLINE_SEARCH_PARAM = 'decline';
