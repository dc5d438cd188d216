import { z } from 'zod';
import { GRADES, SCORE_CATEGORIES } from '../domain/score.ts';

export { scorePaths } from './score.paths.ts';

const GradeSchema = z.enum(GRADES);

/** GET /users/credit-report (account-and-admin §3). History is newest first. */
export const CreditReportSchema = z.object({
  currentScore: z.number(),
  grade: GradeSchema,
  gradeDescription: z.string(),
  /** The next grade up, or null at the top. */
  nextTier: GradeSchema.nullable(),
  pointsToNextTier: z.number(),
  allTiers: z.record(GradeSchema, z.object({ min: z.number() })),
  summary: z.object({
    positiveEntries: z.number(),
    negativeEntries: z.number(),
    totalPointsEarned: z.number(),
    totalPointsLost: z.number(),
  }),
  scoreBreakdown: z.record(z.enum(SCORE_CATEGORIES), z.object({ count: z.number(), total: z.number() })),
  history: z.array(z.object({ category: z.enum(SCORE_CATEGORIES), date: z.string(), points: z.number(), description: z.string() })),
});
export type CreditReport = z.infer<typeof CreditReportSchema>;
/** The report is the whole answer (the spec's client reads its fields at the top level). */
export const CreditReportResponseSchema = CreditReportSchema;

/** The event every score change publishes (core-journey §3); realtime delivers it. */
export type ScoreUpdate = { userId: string; oldScore: number; newScore: number; change: number; reason: string };
