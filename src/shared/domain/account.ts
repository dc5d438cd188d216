import { z } from 'zod';
import { ACCOUNT_TYPE_VALUES, GENDER_VALUES, RELATIONSHIP_TYPE_VALUES } from './account-options.ts';
import { DAY_MS, HOUR_MS } from './durations.ts';

export const ACCOUNT_TYPES = z.enum(ACCOUNT_TYPE_VALUES);
export const GENDERS = z.enum(GENDER_VALUES);
export const RELATIONSHIP_TYPES = z.enum(RELATIONSHIP_TYPE_VALUES);
export const VERIFICATION_TIERS = z.enum(['none', 'basic', 'verified', 'premium', 'elite']);
export const ACCOUNT_STATUSES = z.enum(['active', 'suspended', 'deleted']);

export type { AccountType, Gender } from './account-options.ts';

export const AGE_MIN = 18;
export const AGE_MAX = 100;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const NAME_MAX = 100;
export const EMAIL_MAX = 255;

/** Verification links live a day; reset links an hour and are single use (account-and-admin §9). */
export const VERIFY_EMAIL_TTL_MS = DAY_MS;
export const RESET_PASSWORD_TTL_MS = HOUR_MS;
export const SESSION_TTL_MS = 30 * DAY_MS;

export { GENDER_LABELS } from './account-options.ts';
