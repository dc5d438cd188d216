import { z } from 'zod';
import { TAGLINE_VARIANTS, VISITOR_ID, variantOf } from '../domain/ab-test.ts';
import { isCalendarDay } from '../domain/booking.ts';

export const AB_TEST_ERRORS = {
  visitorId: 'visitorId must be 32 lowercase hexadecimal characters',
  variant: `variant must be one of ${TAGLINE_VARIANTS.join(', ')}`,
  notAssigned: 'This visitor sees another variant',
  range: 'startDate must not be after endDate',
} as const;

/**
 * POST /ab-test/{view|click}: who saw or clicked which tagline. The variant must be the one the
 * visitor id is assigned. `sendBeacon` posts it as text, so a JSON string is read too.
 */
export const AbTestEventBodySchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z
    .object({
      visitorId: z.string({ error: AB_TEST_ERRORS.visitorId }).regex(VISITOR_ID, AB_TEST_ERRORS.visitorId),
      variant: z.enum(TAGLINE_VARIANTS, { error: AB_TEST_ERRORS.variant }),
    })
    .superRefine((body, ctx) => {
      if (variantOf(body.visitorId) !== body.variant) ctx.addIssue({ code: 'custom', path: ['variant'], message: AB_TEST_ERRORS.notAssigned });
    }),
);
export const AbTestEventResponseSchema = z.object({ success: z.literal(true) });

const day = (label: string) =>
  z.iso
    .date({ error: `${label} must be a date (YYYY-MM-DD)` })
    .refine(isCalendarDay, `${label} must be a date (YYYY-MM-DD)`)
    .optional();

/** GET /admin/ab-test/stats: an optional range of UTC days, both ends included. */
export const AbTestStatsQuerySchema = z
  .object({ startDate: day('startDate'), endDate: day('endDate') })
  .superRefine((query, ctx) => {
    if (query.startDate && query.endDate && query.startDate > query.endDate) ctx.addIssue({ code: 'custom', path: ['startDate'], message: AB_TEST_ERRORS.range });
  });
export type AbTestStatsQuery = z.infer<typeof AbTestStatsQuerySchema>;

export const VariantResultSchema = z.object({
  views: z.number(),
  uniqueViews: z.number(),
  clicks: z.number(),
  uniqueClicks: z.number(),
  /** Unique clicks over unique views × 100, two decimals ('0.00' with no views). */
  conversionRate: z.string(),
});
export type VariantResult = z.infer<typeof VariantResultSchema>;

export const AbTestStatsResponseSchema = z.object({
  variants: z.object(Object.fromEntries(TAGLINE_VARIANTS.map((variant) => [variant, VariantResultSchema])) as Record<(typeof TAGLINE_VARIANTS)[number], typeof VariantResultSchema>),
  /** The days counted, YYYY-MM-DD (UTC), both included. */
  dateRange: z.object({ start: z.string(), end: z.string() }),
});
export type AbTestStats = z.infer<typeof AbTestStatsResponseSchema>;
