export const bookingsPaths = {
  request: '/bookings/request',
  mine: '/bookings/my-bookings',
  booking: (id: string) => `/bookings/${encodeURIComponent(id)}`,
  respond: (id: string) => `/bookings/${encodeURIComponent(id)}/respond`,
  cancel: (id: string) => `/bookings/${encodeURIComponent(id)}/cancel`,
  complete: (id: string) => `/bookings/${encodeURIComponent(id)}/complete`,
  noShow: (id: string) => `/bookings/${encodeURIComponent(id)}/no-show`,
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
  tooLateToCancel: 'Too late to cancel (within 4 hours)',
  tooEarlyToReview: 'You can review 2 hours after the date has started',
  alreadyReviewed: 'You have already reviewed this date',
  guestUnavailable: 'This member can no longer be booked',
} as const;
