import type { User } from '#shared/api/auth.ts';
import type { Booking } from '#shared/api/bookings.ts';
import type { MemberDetail, MemberSummary, PublicSlot } from '#shared/api/profiles.ts';
import { memberUser } from '#app/platform/test-support.tsx';

/** Test data for the bookings feature's component tests. */

export function slot(overrides: Partial<PublicSlot> = {}): PublicSlot {
  return {
    _id: 'slot-1',
    date: '2026-12-05',
    startTime: '19:00',
    endTime: '22:00',
    timeZone: 'America/Vancouver',
    startsAt: '2026-12-06T02:00:00.000Z',
    endsAt: '2026-12-06T05:00:00.000Z',
    utcOffset: '-07:00',
    zoneLabel: 'MST',
    dateType: 'dinner',
    venue: 'Chambar',
    venueType: 'restaurant',
    address: '568 Beatty St',
    notes: '',
    maxBookings: 1,
    isBooked: false,
    ...overrides,
  };
}

export function memberSummary(overrides: { _id?: string; name?: string } = {}): MemberSummary {
  return {
    _id: overrides._id ?? 'host-1',
    accountType: 'individual',
    profile: { name: overrides.name ?? 'Jordan', age: 29, gender: 'female', bio: 'Hi', interests: ['Coffee'], photos: [], location: { city: 'Vancouver', country: 'Canada' } },
    coupleInfo: null,
    reliabilityScore: { current: 720, stats: { totalDates: 3, onTimeRate: 100, noShows: 0 } },
    verificationTier: 'none',
    isBiometricVerified: false,
    isPhotoVerified: false,
    carTier: 'honda',
    createdAt: '2026-11-01T00:00:00.000Z',
  };
}

export function memberDetail(slots: PublicSlot[] = [slot()]): MemberDetail {
  return {
    ...memberSummary(),
    preferences: null,
    bookingStatus: null,
    availability: slots.map((free) => ({ ...free, slotBooking: null })),
    recentDateActivity: { thisMonth: 0, lastConfirmedDate: null, feedback: [] },
    distance: null,
    mutualInterests: [],
  };
}

/** A member whose profile is complete enough to book, unless told otherwise. */
export function requester(overrides: { bio?: string; photos?: number; interests?: string[] } = {}): User {
  const base = memberUser({ _id: 'me', email: 'sam@example.com', verificationTier: 'none' });
  return {
    ...base,
    profile: {
      ...base.profile,
      name: 'Sam',
      age: 31,
      bio: overrides.bio ?? 'I like long walks',
      interests: overrides.interests ?? ['Hiking'],
      photos: Array.from({ length: overrides.photos ?? 1 }, (_, i) => ({ _id: `p${i}`, url: `/api/photos/p${i}.webp`, isVerified: false })),
    },
  };
}

export const DATE_START = new Date('2026-12-06T03:00:00.000Z');

export function booking(overrides: Partial<Booking> = {}): Booking {
  return {
    _id: 'booking-1',
    status: 'confirmed',
    userRole: 'guest',
    otherParty: memberSummary(),
    availability: slot(),
    proposedDateTime: DATE_START.toISOString(),
    proposedVenue: { name: 'Chambar', address: '568 Beatty St', type: 'restaurant', priceRange: '$$' },
    confirmedDetails: null,
    requestMessage: 'Would love to try their mussels with you.',
    responseMessage: null,
    paymentResponsibility: { paidBy: 'guest' },
    completion: { hostReview: null, guestReview: null },
    cancellation: null,
    noShow: null,
    canCancel: true,
    cancellationPenalty: 0,
    hoursUntilDate: 48,
    createdAt: '2026-11-23T12:00:00.000Z',
    updatedAt: '2026-11-23T12:00:00.000Z',
    ...overrides,
  };
}


