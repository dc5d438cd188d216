import { z } from 'zod';
import { AGE_MAX, AGE_MIN, GENDERS } from '../domain/account.ts';
import { DISTANCE_MAX_KM, DISTANCE_MIN_KM } from '../domain/profile.ts';
import { SCORE_MAX, SCORE_MIN } from '../domain/score.ts';
import { BROWSE_SORT_VALUES } from './browse.paths.ts';
import { BookingStatusSchema, MemberSummarySchema, PublicSlotSchema, RecentDateActivitySchema } from './profiles.ts';

export { browsePaths, BROWSE_SORT_VALUES } from './browse.paths.ts';

export const BROWSE_SORTS = z.enum(BROWSE_SORT_VALUES);
export const BROWSE_PAGE_MAX = 50;

const int = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

/** GET /users/browse (core-journey §7). Empty strings count as absent, as a form sends them. */
export const BrowseQuerySchema = z.preprocess(
  (raw) => (raw && typeof raw === 'object' ? Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== '' && v !== undefined)) : raw),
  z
    .object({
      minScore: int('minScore', SCORE_MIN, SCORE_MAX).optional(),
      accountType: z.enum(['all', 'individual', 'couple'], { error: 'accountType must be all, individual or couple' }).default('all'),
      minAge: int('minAge', AGE_MIN, AGE_MAX).optional(),
      maxAge: int('maxAge', AGE_MIN, AGE_MAX).optional(),
      interests: z
        .string()
        .max(500)
        .transform((list) => [...new Set(list.split(',').map((item) => item.trim().toLowerCase()).filter(Boolean))])
        .optional(),
      gender: z.enum(['all', ...GENDERS.options], { error: 'gender must be all, male, female, non-binary or other' }).default('all'),
      /** A city ("Toronto, Canada"); default: the viewer's own city. */
      location: z.string().trim().max(200).optional(),
      maxDistance: int('maxDistance', DISTANCE_MIN_KM, DISTANCE_MAX_KM).optional(),
      sortBy: BROWSE_SORTS.default('distance'),
      page: int('page', 1, 10_000).default(1),
      limit: int('limit', 1, BROWSE_PAGE_MAX).default(20),
    })
    .refine((q) => q.minAge === undefined || q.maxAge === undefined || q.minAge <= q.maxAge, {
      path: ['maxAge'],
      message: 'maxAge must not be below minAge',
    }),
);
export type BrowseQuery = z.input<typeof BrowseQuerySchema>;

/** A page of a list read page by page: whether another follows. */
export const PageInfoSchema = z.object({ page: z.number(), limit: z.number(), hasMore: z.boolean() });

export const BrowseCardSchema = MemberSummarySchema.extend({
  bookingStatus: BookingStatusSchema,
  availabilityCount: z.number(),
  availability: z.array(PublicSlotSchema),
  mutualInterests: z.array(z.string()),
  /** Kilometres between the two members' cities, rounded to one decimal; null when unknown. */
  distance: z.number().nullable(),
  recentDateActivity: RecentDateActivitySchema,
});
export type BrowseCard = z.infer<typeof BrowseCardSchema>;

export const BrowseResponseSchema = z.object({
  users: z.array(BrowseCardSchema),
  pagination: PageInfoSchema,
  /** Where distances were measured from. */
  origin: z.object({ city: z.string(), country: z.string() }).nullable(),
});
export type BrowseResponse = z.infer<typeof BrowseResponseSchema>;
