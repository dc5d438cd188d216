import { z } from 'zod';
import {
  ACCOUNT_STATUSES,
  ACCOUNT_TYPES,
  AGE_MAX,
  AGE_MIN,
  EMAIL_MAX,
  GENDERS,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  RELATIONSHIP_TYPES,
  VERIFICATION_TIERS,
} from '../domain/account.ts';
import { NotificationSettingsSchema, PreferencesSchema } from './preferences.ts';

export { authPaths } from './auth.paths.ts';

export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .pipe(z.email('Please enter a valid email address'))
  .transform((email) => email.toLowerCase());

export const NewPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const ageSchema = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(AGE_MIN, `${label} must be between ${AGE_MIN} and ${AGE_MAX}`)
    .max(AGE_MAX, `${label} must be between ${AGE_MIN} and ${AGE_MAX}`);

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const LOCATION_REQUIRED = 'Please set your location to continue';

/** [longitude, latitude], as the spec's registration payload carries them. */
export const CoordinatesSchema = z.tuple([
  z.number().min(-180).max(180),
  z.number().min(-90).max(90),
]);

export const RegistrationLocationSchema = z.object(
  {
    city: z.string({ error: LOCATION_REQUIRED }).trim().min(1, LOCATION_REQUIRED).max(120),
    country: z.string().trim().max(120).default(''),
    coordinates: CoordinatesSchema.nullable().default(null),
  },
  { error: LOCATION_REQUIRED },
);

const baseRegistration = {
  email: EmailSchema,
  password: NewPasswordSchema,
  name: requiredText('Name', NAME_MAX),
  age: ageSchema('Age'),
  gender: z.enum(GENDERS.options, { error: 'Please choose a gender' }),
  location: RegistrationLocationSchema,
  referralCode: z.string().trim().max(64).optional(),
};

export const RegisterBodySchema = z.discriminatedUnion(
  'accountType',
  [
    z.object({ accountType: z.literal('individual'), ...baseRegistration }),
    z.object({
      accountType: z.literal('couple'),
      ...baseRegistration,
      partnerName: requiredText('Partner name', NAME_MAX),
      partnerAge: ageSchema('Partner age'),
      partnerGender: z.enum(GENDERS.options, { error: "Please choose your partner's gender" }),
      relationshipType: z.enum(RELATIONSHIP_TYPES.options, { error: 'Please choose a relationship type' }),
    }),
  ],
  { error: 'Account type must be individual or couple' },
);
export type RegisterBody = z.input<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
  rememberMe: z.boolean().optional(),
});
export type LoginBody = z.input<typeof LoginBodySchema>;

export const TokenBodySchema = z.object({
  token: z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(200),
});

export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });

export const ResetPasswordBodySchema = z.object({
  token: z.string({ error: 'Invalid reset token' }).trim().min(1, 'Invalid reset token').max(200),
  password: NewPasswordSchema,
});

export const PhotoSchema = z.object({ _id: z.string(), url: z.string(), isVerified: z.boolean() });

export const CoupleInfoSchema = z.object({
  partnerName: z.string(),
  partnerAge: z.number(),
  partnerGender: GENDERS,
  relationshipType: RELATIONSHIP_TYPES,
});

/** What every view of a member's profile shows; each view adds its own location. */
export const ProfileBaseSchema = z.object({
  name: z.string(),
  age: z.number(),
  gender: GENDERS,
  bio: z.string(),
  interests: z.array(z.string()),
  photos: z.array(PhotoSchema),
});

/** The signed-in member as the API shows them to themselves. Nothing else leaves the server. */
export const UserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  isEmailVerified: z.boolean(),
  isAdmin: z.boolean(),
  accountStatus: ACCOUNT_STATUSES,
  accountType: ACCOUNT_TYPES,
  profile: ProfileBaseSchema.extend({
    location: z.object({
      city: z.string(),
      country: z.string(),
      coordinates: CoordinatesSchema.nullable(),
    }),
    /** The member's stated preferences, or the spec's defaults while none are saved. */
    preferences: PreferencesSchema,
  }),
  coupleInfo: CoupleInfoSchema.nullable(),
  reliabilityScore: z.object({ current: z.number() }),
  verificationTier: VERIFICATION_TIERS,
  isBiometricVerified: z.boolean(),
  isPhotoVerified: z.boolean(),
  carTier: z.string(),
  referralCode: z.string(),
  moderation: z.object({ isBanned: z.boolean() }),
  notificationSettings: NotificationSettingsSchema,
  /** IANA zone of the member's city: their slots' dates and times are read in it. */
  timeZone: z.string(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const AuthResponseSchema = z.object({
  user: UserSchema,
  token: z.string(),
  verificationRequired: z.boolean(),
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const MeResponseSchema = z.object({ user: UserSchema });

export const MessageResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const VerifyEmailResponseSchema = MessageResponseSchema.extend({ user: UserSchema.optional() });
