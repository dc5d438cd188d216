import { z } from 'zod';
import { BOOKING_STATUSES, REQUEST_MESSAGE_MAX, RESPONSE_MESSAGE_MAX, REVIEW_COMMENT_MAX } from '../domain/booking.ts';
import { MemberSummarySchema, PublicSlotSchema } from './profiles.ts';

export { bookingsPaths, BOOKING_ERRORS } from './bookings.paths.ts';

/** The profile fields booking needs (core-journey §5), as the server names them in `missing`. */
export const PROFILE_FIELDS_FOR_BOOKING = ['name', 'age', 'photos', 'interests', 'bio', 'partner_name', 'partner_age', 'relationship_type'] as const;

export const ProposedVenueSchema = z.object({
  name: z.string({ error: 'Venue is required' }).trim().min(1, 'Venue is required').max(200, 'Venue must be at most 200 characters'),
  address: z.string().trim().max(200, 'Address must be at most 200 characters').default(''),
  type: z.string().trim().max(50).default(''),
  priceRange: z.string().trim().max(10).default('$$'),
});

/** POST /bookings/request (core-journey §5, §7). The requester pays: the checkbox sends paidBy 'requester'. */
export const BookingRequestBodySchema = z.object({
  availabilityId: z.string({ error: 'availabilityId is required' }).min(1, 'availabilityId is required').max(100),
  requestMessage: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(REQUEST_MESSAGE_MAX, `Message must be at most ${REQUEST_MESSAGE_MAX} characters`),
  proposedVenue: ProposedVenueSchema,
  paymentResponsibility: z.object(
    { paidBy: z.literal('requester', { error: 'You must agree to pay for the date' }) },
    { error: 'You must agree to pay for the date' },
  ),
});
export type BookingRequestBody = z.input<typeof BookingRequestBodySchema>;

export const ReviewSchema = z.object({ rating: z.number(), comment: z.string(), wouldMeetAgain: z.boolean(), createdAt: z.string() });

/** A booking as one of its two parties sees it (core-journey §3). */
export const BookingSchema = z.object({
  _id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  userRole: z.enum(['host', 'guest']),
  otherParty: MemberSummarySchema,
  availability: PublicSlotSchema,
  /** The date's start (an instant). */
  proposedDateTime: z.string(),
  proposedVenue: z.object({ name: z.string(), address: z.string(), type: z.string(), priceRange: z.string() }),
  confirmedDetails: z.object({ dateTime: z.string(), venue: z.object({ name: z.string() }) }).nullable(),
  requestMessage: z.string(),
  responseMessage: z.string().nullable(),
  paymentResponsibility: z.object({ paidBy: z.enum(['host', 'guest']) }),
  completion: z.object({ hostReview: ReviewSchema.nullable(), guestReview: ReviewSchema.nullable() }),
  cancellation: z.object({ cancelledBy: z.enum(['host', 'guest']).nullable(), reason: z.string(), penalty: z.number() }).nullable(),
  noShow: z.object({ reportedBy: z.enum(['host', 'guest']).nullable(), reason: z.string() }).nullable(),
  /** Whether the viewer may cancel now (confirmed, more than CANCEL_CUTOFF_HOURS ahead, not reviewed by them). */
  canCancel: z.boolean(),
  /** What cancelling now would cost the viewer, in points (0 or negative). */
  cancellationPenalty: z.number(),
  /** Hours from now to the start; negative once it has started. */
  hoursUntilDate: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Booking = z.infer<typeof BookingSchema>;

export const MyBookingsQuerySchema = z.object({
  perspective: z.enum(['all', 'host', 'guest'], { error: 'perspective must be all, host or guest' }).default('all'),
  /** A status, or the string 'null' (as the spec's client sends) for all. */
  status: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === '' || value === 'null' ? undefined : value))
    .pipe(z.enum([...BOOKING_STATUSES, 'cancelled_any'], { error: 'Unknown status' }).optional()),
});
export const MyBookingsResponseSchema = z.object({ bookings: z.array(BookingSchema) });
export const BookingResponseSchema = z.object({ booking: BookingSchema });
export const BookingActionResponseSchema = z.object({ message: z.string(), booking: BookingSchema });

const reasonText = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(RESPONSE_MESSAGE_MAX, `${label} must be at most ${RESPONSE_MESSAGE_MAX} characters`);

export const RespondBodySchema = z
  .object({
    action: z.enum(['confirm', 'decline'], { error: 'action must be confirm or decline' }),
    responseMessage: z.string().trim().max(RESPONSE_MESSAGE_MAX, `Message must be at most ${RESPONSE_MESSAGE_MAX} characters`).default(''),
  })
  .refine((body) => body.action === 'confirm' || body.responseMessage.length > 0, {
    path: ['responseMessage'],
    message: 'A message is required to decline',
  });

export const CancelBodySchema = z.object({
  reason: z.string().trim().max(50).default('other'),
  customReason: reasonText('A reason'),
});

export const CompleteBodySchema = z.object({
  rating: z.coerce.number({ error: 'Rating must be 1 to 5' }).int('Rating must be 1 to 5').min(1, 'Rating must be 1 to 5').max(5, 'Rating must be 1 to 5').default(5),
  comment: z.string().trim().max(REVIEW_COMMENT_MAX, `Comment must be at most ${REVIEW_COMMENT_MAX} characters`).default(''),
  wouldMeetAgain: z.boolean().default(true),
});

/** noShowUserId: the other party's id, or 'both' when neither came. */
export const NoShowBodySchema = z.object({
  noShowUserId: z.string({ error: 'Say who did not come' }).min(1, 'Say who did not come').max(100),
  reason: reasonText('A reason'),
});
