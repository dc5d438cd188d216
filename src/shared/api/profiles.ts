import { z } from 'zod';
import { ACCOUNT_TYPES, NAME_MAX, VERIFICATION_TIERS } from '../domain/account.ts';
import { PHOTO_PATH_PREFIX } from '../domain/offline.ts';
import { BIO_MAX, DATE_TYPES, INTERESTS_MAX, INTEREST_MAX_LENGTH } from '../domain/profile.ts';
import { SLOT_BOOKING_STATES } from '../domain/slot-booking.ts';
import { CoupleInfoSchema, PhotoSchema, ProfileBaseSchema, RegistrationLocationSchema, UserSchema } from './auth.ts';
import { NotificationSettingsSchema, PreferencesSchema } from './preferences.ts';

export { profilesPaths } from './profiles.paths.ts';

let photoBase = PHOTO_PATH_PREFIX;

/**
 * The server's STORAGE_PUBLIC_URL (a CDN in front of the object store): photo URLs become
 * `<base>/<key>` instead of the API's path. Set by the server as it starts, before any URL is built
 * (decision 76); the app never calls it and shows whatever URL it is sent.
 */
export function servePhotosFrom(base: string | undefined) {
  photoBase = base ? `${base.replace(/\/+$/, '')}/` : PHOTO_PATH_PREFIX;
}

/** The URL a photo is shown from (storage keys are random file names). */
export const photoUrl = (storageKey: string) => `${photoBase}${storageKey}`;

const readOnly = (label: string) => z.never({ error: `${label} cannot be changed` }).optional();

export const InterestSchema = z
  .string()
  .trim()
  .min(1, 'An interest cannot be blank')
  .max(INTEREST_MAX_LENGTH, `An interest is at most ${INTEREST_MAX_LENGTH} characters`);

/** PUT /users/profile. Age, gender and account type are not editable (support changes those). */
export const ProfileUpdateBodySchema = z.object({
  profile: z.object({
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`),
    bio: z.string().trim().max(BIO_MAX, `Bio must be at most ${BIO_MAX} characters`).default(''),
    interests: z
      .array(InterestSchema)
      .max(INTERESTS_MAX, `At most ${INTERESTS_MAX} interests`)
      .default([])
      .transform((list) => list.filter((item, i) => list.findIndex((other) => other.toLowerCase() === item.toLowerCase()) === i)),
    location: RegistrationLocationSchema,
    preferences: PreferencesSchema,
    age: readOnly('Age'),
    gender: readOnly('Gender'),
  }),
  accountType: readOnly('Account type'),
});
export type ProfileUpdateBody = z.input<typeof ProfileUpdateBodySchema>;

export const ProfileUpdateResponseSchema = z.object({ user: UserSchema, profile: UserSchema.shape.profile });
export const NotificationSettingsResponseSchema = z.object({ notificationSettings: NotificationSettingsSchema });

export const PhotoUploadResponseSchema = z.object({ photos: z.array(PhotoSchema), scoreAwarded: z.number() });
export const PhotoDeleteResponseSchema = z.object({ photos: z.array(PhotoSchema) });

export const PublicLocationSchema = z.object({ city: z.string(), country: z.string() });

/** What one member may see of another: never the e-mail, coordinates or settings. */
export const MemberSummarySchema = z.object({
  _id: z.string(),
  accountType: ACCOUNT_TYPES,
  profile: ProfileBaseSchema.extend({ location: PublicLocationSchema }),
  coupleInfo: CoupleInfoSchema.nullable(),
  reliabilityScore: z.object({
    current: z.number(),
    stats: z.object({ totalDates: z.number(), onTimeRate: z.number().nullable(), noShows: z.number() }),
  }),
  verificationTier: VERIFICATION_TIERS,
  isBiometricVerified: z.boolean(),
  isPhotoVerified: z.boolean(),
  carTier: z.string(),
  createdAt: z.string(),
});
export type MemberSummary = z.infer<typeof MemberSummarySchema>;

/** Between the viewer and this member; null until a booking exists (bookings issue). */
export const BookingStatusSchema = z.object({ status: z.string(), isInitiator: z.boolean() }).nullable();

export const RecentDateActivitySchema = z.object({
  thisMonth: z.number(),
  /** The latest kept date's day on its host's calendar: 'YYYY-MM-DD'. */
  lastConfirmedDate: z.string().nullable(),
  feedback: z.array(z.object({ rating: z.number(), comment: z.string(), createdAt: z.string() })),
});

/**
 * A slot as other members see it (core-journey §3): wall-clock date and times in the host's zone,
 * the instants, and the zone's offset and label at the start, all computed by the server's zone
 * rules (screens show these, never the device's own zone data).
 */
export const PublicSlotSchema = z.object({
  _id: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The zone's offset from UTC at the start: "-07:00". */
  utcOffset: z.string(),
  /** The zone's label at the start: "MST" (or "UTC-3" where the zone has no abbreviation). */
  zoneLabel: z.string(),
  dateType: z.enum(DATE_TYPES),
  venue: z.string(),
  venueType: z.string(),
  address: z.string(),
  notes: z.string(),
  maxBookings: z.number(),
  /** True once confirmed bookings fill maxBookings. */
  isBooked: z.boolean(),
});
export type PublicSlot = z.infer<typeof PublicSlotSchema>;

/** How the slot stands for the viewer (domain/slot-booking `slotBookingState`); null: bookable. */
export const SlotBookingSchema = z.enum(SLOT_BOOKING_STATES).nullable();
/** A free time on a member's page, with how it stands for the viewer. */
export const MemberSlotSchema = PublicSlotSchema.extend({ slotBooking: SlotBookingSchema });
export type MemberSlot = z.infer<typeof MemberSlotSchema>;

export const MemberDetailSchema = MemberSummarySchema.extend({
  preferences: PreferencesSchema.nullable(),
  bookingStatus: BookingStatusSchema,
  availability: z.array(MemberSlotSchema),
  recentDateActivity: RecentDateActivitySchema,
  distance: z.number().nullable(),
  mutualInterests: z.array(z.string()),
});
export type MemberDetail = z.infer<typeof MemberDetailSchema>;
export const MemberResponseSchema = z.object({ user: MemberDetailSchema });
/** Any text: an id that is not a member's answers 'Profile not found', never a 400. */
export const MemberParamsSchema = z.object({ id: z.string() });

