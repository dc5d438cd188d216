import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '#shared/domain/profile.ts';
import { SCORE_START } from '#shared/domain/score.ts';

type StatusColumns = { emailVerifiedAt: AnyPgColumn; isBanned: AnyPgColumn; accountStatus: AnyPgColumn };
/** Members who still take part: not removed or suspended, not banned (the rule in SQL; auth.read.ts has it for rows too). */
export const takesPartWhere = (t: Omit<StatusColumns, 'emailVerifiedAt'>) => sql`(${t.isBanned} = false and ${t.accountStatus} = 'active')`;
/** Members others can find: verified and taking part (browse adds the same conditions, so these partial indexes apply). */
export const discoverableWhere = (t: StatusColumns) => sql`${t.emailVerifiedAt} is not null and ${t.isBanned} = false and ${t.accountStatus} = 'active'`;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    isAdmin: boolean('is_admin').notNull().default(false),
    accountStatus: text('account_status', { enum: ['active', 'suspended', 'deleted'] }).notNull().default('active'),
    accountType: text('account_type', { enum: ['individual', 'couple'] }).notNull(),
    name: text('name').notNull(),
    age: integer('age').notNull(),
    gender: text('gender', { enum: ['male', 'female', 'non-binary', 'other'] }).notNull(),
    bio: text('bio').notNull().default(''),
    interests: text('interests').array().notNull().default(sql`'{}'::text[]`),
    city: text('city').notNull(),
    country: text('country').notNull().default(''),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    partnerName: text('partner_name'),
    partnerAge: integer('partner_age'),
    partnerGender: text('partner_gender', { enum: ['male', 'female', 'non-binary', 'other'] }),
    relationshipType: text('relationship_type', { enum: ['dating', 'engaged', 'married', 'other'] }),
    score: integer('score').notNull().default(SCORE_START),
    verificationTier: text('verification_tier', { enum: ['none', 'basic', 'verified', 'premium', 'elite'] })
      .notNull()
      .default('none'),
    isBiometricVerified: boolean('is_biometric_verified').notNull().default(false),
    isPhotoVerified: boolean('is_photo_verified').notNull().default(false),
    carTier: text('car_tier').notNull().default('honda'),
    isBanned: boolean('is_banned').notNull().default(false),
    referralCode: text('referral_code').notNull(),
    referredBy: uuid('referred_by'),
    /** Dating preferences; null until the member saves them (decision 7). */
    prefDateTypes: text('pref_date_types').array(),
    prefGenders: text('pref_genders').array(),
    prefAgeMin: integer('pref_age_min'),
    prefAgeMax: integer('pref_age_max'),
    prefDistanceKm: integer('pref_distance_km'),
    prefAccountTypes: text('pref_account_types').array(),
    notificationSettings: jsonb('notification_settings').$type<NotificationSettings>().notNull().default(DEFAULT_NOTIFICATION_SETTINGS),
    /** A fictional member added so a new install is not empty. */
    isDemo: boolean('is_demo').notNull().default(false),
    /** IANA zone of the member's city: their slots' dates and times are read in it. */
    timeZone: text('time_zone').notNull().default('America/Vancouver'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    // Browse finds members near a point through this index (a box around the circle, then the exact distance);
    // age and score beside the place let a nearest-first page skip members outside its bounds (decision 90).
    index('users_position_idx').using('gist', sql`point(${t.longitude}, ${t.latitude})`, t.age, t.score),
    // Browse pages sorted by score, newest or age walk these instead of sorting every member.
    index('users_browse_score_idx').on(t.score.desc().nullsFirst(), t.id).where(discoverableWhere(t)),
    index('users_browse_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id).where(discoverableWhere(t)),
    index('users_browse_age_idx').on(t.age, t.id).where(discoverableWhere(t)),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/** Single-use links sent by mail: e-mail verification and password reset. Only hashes are kept. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('email_tokens_token_hash_key').on(t.tokenHash), index('email_tokens_user_id_idx').on(t.userId)],
);
