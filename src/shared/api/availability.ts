import { z } from 'zod';
import { SCORE_MAX, SCORE_MIN } from '../domain/score.ts';
import { DATE_PATTERN, isCalendarDay, MAX_BOOKINGS_LIMIT, SLOT_NOTES_MAX, SLOT_VENUE_MAX, TIME_PATTERN } from '../domain/booking.ts';
import { DATE_TYPES, DISTANCE_MAX_KM, DISTANCE_MIN_KM } from '../domain/profile.ts';
import { SLOT_SORT_VALUES } from './availability.paths.ts';
import { PageInfoSchema } from './browse.ts';
import { BookingStatusSchema, MemberSummarySchema, PublicSlotSchema, SlotBookingSchema } from './profiles.ts';

export { availabilityPaths, SLOT_SORT_VALUES } from './availability.paths.ts';

/** Texts of core-journey §5 and §8 that the server also answers with. */
export const SLOT_MESSAGES = {
  created: 'Availability slot created!',
  removed: 'Availability slot removed',
  notFound: 'Availability slot not found',
  dateInPast: 'Date cannot be in the past',
  startInPast: 'Start time has already passed',
  endBeforeStart: 'End time must be after start time',
  overlaps: 'You already have a slot at this time',
} as const;

const text = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`);

/** POST /availability/create (core-journey §5, §7). Date and times are the host's wall clock. */
export const SlotCreateBodySchema = z
  .object({
    date: z.string({ error: 'Date is required' }).regex(DATE_PATTERN, 'Date is required').refine(isCalendarDay, 'Date is required'),
    startTime: z.string({ error: 'Start time is required' }).regex(TIME_PATTERN, 'Start time is required'),
    endTime: z.string({ error: 'End time is required' }).regex(TIME_PATTERN, 'End time is required'),
    dateType: z.enum(DATE_TYPES, { error: 'Date type must be coffee, lunch, dinner, drinks or activity' }),
    venue: text('Venue', SLOT_VENUE_MAX).min(1, 'Venue is required'),
    venueType: text('Venue type', 50).default(''),
    address: text('Address', SLOT_VENUE_MAX).default(''),
    maxBookings: z.coerce
      .number({ error: 'Max bookings must be a number' })
      .int('Max bookings must be a whole number')
      .min(1, `Max bookings must be between 1 and ${MAX_BOOKINGS_LIMIT}`)
      .max(MAX_BOOKINGS_LIMIT, `Max bookings must be between 1 and ${MAX_BOOKINGS_LIMIT}`)
      .default(1),
    notes: text('Notes', SLOT_NOTES_MAX).default(''),
    timePeriod: text('Time period', 50).optional(),
    preferredTime: text('Preferred time', 50).optional(),
    /** Idempotency key from the client: the same key creates the slot once (offline replays). */
    clientKey: z.uuid('clientKey must be a UUID').optional(),
  })
  .refine((slot) => slot.startTime === '24:00' || slot.endTime === '24:00' || slot.endTime > slot.startTime, {
    path: ['endTime'],
    message: 'End time must be after start time',
  })
  .refine((slot) => slot.startTime !== '24:00', { path: ['startTime'], message: 'Start time is required' });
export type SlotCreateBody = z.input<typeof SlotCreateBodySchema>;

/** A slot as its host sees it: who booked it, and what is pending on it. */
export const OwnSlotSchema = PublicSlotSchema.extend({
  confirmedCount: z.number(),
  pendingCount: z.number(),
  bookedBy: z.array(z.object({ _id: z.string(), profile: z.object({ name: z.string() }) })),
  timePeriod: z.string().nullable(),
  preferredTime: z.string().nullable(),
  createdAt: z.string(),
});
export type OwnSlot = z.infer<typeof OwnSlotSchema>;

export const SlotCreateResponseSchema = z.object({ message: z.string(), slot: OwnSlotSchema });

/** DELETE /availability/{id}: the reason is kept; pending requests on the slot are declined. */
export const SlotDeleteBodySchema = z
  .object({ reason: text('Reason', 200).default('User removed slot') })
  .default({ reason: 'User removed slot' });
export const SlotDeleteResponseSchema = z.object({ message: z.string(), declinedRequests: z.number() });

/** GET /availability/my-calendar: one month (1–12) of the signed-in host's live slots. */
export const MyCalendarQuerySchema = z.object({
  month: z.coerce.number({ error: 'month must be a number' }).int().min(1, 'month must be 1 to 12').max(12, 'month must be 1 to 12'),
  year: z.coerce.number({ error: 'year must be a number' }).int().min(2000, 'year is out of range').max(2200, 'year is out of range'),
  /** The spec's cache-buster; ignored. */
  _: z.string().optional(),
  t: z.string().optional(),
});
/** Date key (YYYY-MM-DD, the host's wall clock) → that day's slots, earliest first. */
export const MyCalendarResponseSchema = z.object({ calendar: z.record(z.string(), z.array(OwnSlotSchema)) });
export type MyCalendar = z.infer<typeof MyCalendarResponseSchema>['calendar'];

const int = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

export const SLOT_SORTS = z.enum(SLOT_SORT_VALUES);

/** GET /availability/browse (core-journey §7): bookable slots of members the viewer may see. Empty strings count as absent. */
export const AvailabilityBrowseQuerySchema = z.preprocess(
  (raw) => (raw && typeof raw === 'object' ? Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== '' && v !== undefined)) : raw),
  z
    .object({
      dateType: z.enum(['all', ...DATE_TYPES], { error: 'dateType must be all, coffee, lunch, dinner, drinks or activity' }).default('all'),
      minScore: int('minScore', SCORE_MIN, SCORE_MAX).optional(),
      accountType: z.enum(['all', 'individual', 'couple'], { error: 'accountType must be all, individual or couple' }).default('all'),
      startDate: z.string().regex(DATE_PATTERN, 'startDate must be a date (YYYY-MM-DD)').refine(isCalendarDay, 'startDate must be a date (YYYY-MM-DD)').optional(),
      endDate: z.string().regex(DATE_PATTERN, 'endDate must be a date (YYYY-MM-DD)').refine(isCalendarDay, 'endDate must be a date (YYYY-MM-DD)').optional(),
      sortBy: SLOT_SORTS.default('date'),
      location: z.string().trim().max(200).optional(),
      maxDistance: int('maxDistance', DISTANCE_MIN_KM, DISTANCE_MAX_KM).optional(),
      page: int('page', 1, 10_000).default(1),
      limit: int('limit', 1, 50).default(20),
    })
    .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, { path: ['endDate'], message: 'endDate must not be before startDate' }),
);
export type AvailabilityBrowseQuery = z.input<typeof AvailabilityBrowseQuerySchema>;

export const BrowseSlotSchema = PublicSlotSchema.extend({
  host: MemberSummarySchema,
  /** Kilometres from the search origin to the host's city; null when unknown. */
  distance: z.number().nullable(),
  /** The viewer's latest pending or confirmed booking with the host, either way round (member-level). */
  bookingStatus: BookingStatusSchema,
  /** How this slot stands for the viewer: what its button offers. */
  slotBooking: SlotBookingSchema,
});
export type BrowseSlot = z.infer<typeof BrowseSlotSchema>;

export const AvailabilityBrowseResponseSchema = z.object({
  slots: z.array(BrowseSlotSchema),
  pagination: PageInfoSchema,
});
export type AvailabilityBrowseResponse = z.infer<typeof AvailabilityBrowseResponseSchema>;
