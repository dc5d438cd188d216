import { z } from 'zod';
import { ACCOUNT_TYPES } from '../domain/account.ts';
import {
  DATE_TYPES,
  DISTANCE_MAX_KM,
  DISTANCE_MIN_KM,
  EMAIL_NOTIFICATION_KEYS,
  GENDER_PREFERENCES,
  PREF_AGE_MAX,
  PREF_AGE_MIN,
  PUSH_NOTIFICATION_KEYS,
} from '../domain/profile.ts';

/** Dating preferences and notification settings: part of the member's own record. */
export const PreferencesSchema = z
  .object({
    dateTypes: z.array(z.enum(DATE_TYPES), { error: 'Choose date types from the list' }).max(DATE_TYPES.length),
    genderPreferences: z.array(z.enum(GENDER_PREFERENCES), { error: 'Choose from male, female and couple' }).max(3),
    ageRange: z.object({
      min: z.number({ error: 'Minimum age must be a number' }).int().min(PREF_AGE_MIN, `Ages run from ${PREF_AGE_MIN} to ${PREF_AGE_MAX}`).max(PREF_AGE_MAX, `Ages run from ${PREF_AGE_MIN} to ${PREF_AGE_MAX}`),
      max: z.number({ error: 'Maximum age must be a number' }).int().min(PREF_AGE_MIN, `Ages run from ${PREF_AGE_MIN} to ${PREF_AGE_MAX}`).max(PREF_AGE_MAX, `Ages run from ${PREF_AGE_MIN} to ${PREF_AGE_MAX}`),
    }),
    distance: z
      .number({ error: 'Distance must be a number' })
      .int()
      .min(DISTANCE_MIN_KM, `Distance runs from ${DISTANCE_MIN_KM} to ${DISTANCE_MAX_KM} km`)
      .max(DISTANCE_MAX_KM, `Distance runs from ${DISTANCE_MIN_KM} to ${DISTANCE_MAX_KM} km`),
    accountTypes: z.array(ACCOUNT_TYPES, { error: 'Choose individual or couple' }).max(2),
  })
  .refine((p) => p.ageRange.min <= p.ageRange.max, { path: ['ageRange', 'max'], message: 'Maximum age must not be below the minimum' });
export type Preferences = z.infer<typeof PreferencesSchema>;

const flags = <K extends readonly string[]>(keys: K) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.boolean()])) as { [P in K[number]]: z.ZodBoolean });

export const NotificationSettingsSchema = z.object({ email: flags(EMAIL_NOTIFICATION_KEYS), push: flags(PUSH_NOTIFICATION_KEYS) });
