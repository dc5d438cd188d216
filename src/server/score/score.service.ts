import type { CreditReport, ScoreUpdate } from '#shared/api/score.ts';
import { GRADES, SCORE_CATEGORIES, SCORE_START, gradeDescription, gradeFor, gradeMin, nextGrade, type ScoreCategory, type ScoreGrade } from '#shared/domain/score.ts';
import { HttpError } from '#shared/http-error.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { announce } from '../platform/realtime/announce.ts';
import { storeScore } from '../auth/auth.service.ts';
import * as repo from './score.repo.ts';

/** Erasing a removed member (decision 21) is each feature's own part, called by admin in one transaction. */
export { eraseMember } from './score.repo.ts';
/** How many points a member has had of one kind of award (support's referral cap). */
export { pointsWithKeyPrefix } from './score.repo.ts';

export type ScoreEntry = {
  userId: string;
  category: ScoreCategory;
  points: number;
  description: string;
  /** For entries earned once per member. */
  onceKey?: string;
  at: Date;
};

export type RecordedScore = {
  /** The points actually awarded (0 when a once-only entry exists). */
  awarded: number;
  score: number;
  /** What was announced to the member (delivered when the transaction commits); null when nothing was recorded. */
  update: ScoreUpdate | null;
};

/**
 * Adds an entry to the member's ledger and refreshes the score derived from it, inside the
 * caller's transaction, and announces the `scoreUpdate` in that same transaction: the member's
 * open apps hear of it when (and only if) it commits.
 */
export async function recordScoreEvent(tx: Tx, entry: ScoreEntry): Promise<RecordedScore> {
  const oldScore = (await repo.lockScore(tx, entry.userId)) ?? SCORE_START;
  const inserted = await repo.insertEvent(tx, {
    userId: entry.userId,
    category: entry.category,
    points: entry.points,
    description: entry.description,
    onceKey: entry.onceKey ?? null,
    createdAt: entry.at,
  });
  if (!inserted) return { awarded: 0, score: oldScore, update: null };
  const score = (await storeScore(tx, entry.userId, repo.scoreFromLedger(entry.userId))) ?? SCORE_START;
  const update: ScoreUpdate = { userId: entry.userId, oldScore, newScore: score, change: score - oldScore, reason: entry.description };
  await announce(tx, [entry.userId], { type: 'scoreUpdate', oldScore, newScore: score, change: update.change, reason: entry.description });
  return { awarded: entry.points, score, update };
}

/**
 * Several entries in one transaction. Members are locked in id order, so two transactions that
 * change the same two members' scores never wait on each other in a circle.
 */
export async function recordScoreEvents(tx: Tx, entries: ScoreEntry[]): Promise<ScoreUpdate[]> {
  const ordered = [...entries].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const updates: ScoreUpdate[] = [];
  for (const entry of ordered) {
    const { update } = await recordScoreEvent(tx, entry);
    if (update) updates.push(update);
  }
  return updates;
}


export const REPORT_HISTORY_LENGTH = 10;

/** The credit report (account-and-admin §3) of a member's score and whole ledger. */
export function creditReportOf(score: number, ledger: repo.ScoreEventRow[]): CreditReport {
  const grade = gradeFor(score) as ScoreGrade;
  const next = nextGrade(grade);
  const breakdown = Object.fromEntries(SCORE_CATEGORIES.map((category) => [category, { count: 0, total: 0 }])) as CreditReport['scoreBreakdown'];
  const summary = { positiveEntries: 0, negativeEntries: 0, totalPointsEarned: 0, totalPointsLost: 0 };
  for (const entry of ledger) {
    breakdown[entry.category].count += 1;
    breakdown[entry.category].total += entry.points;
    if (entry.points > 0) {
      summary.positiveEntries += 1;
      summary.totalPointsEarned += entry.points;
    } else if (entry.points < 0) {
      summary.negativeEntries += 1;
      summary.totalPointsLost += -entry.points;
    }
  }
  return {
    currentScore: score,
    grade,
    gradeDescription: gradeDescription(grade, 'toMember'),
    nextTier: next,
    pointsToNextTier: next ? gradeMin(next) - score : 0,
    // Lowest first, as the report has always listed them.
    allTiers: Object.fromEntries([...GRADES].reverse().map((g) => [g, { min: gradeMin(g) }])) as CreditReport['allTiers'],
    summary,
    scoreBreakdown: breakdown,
    history: ledger.slice(0, REPORT_HISTORY_LENGTH).map((entry) => ({
      category: entry.category,
      date: entry.createdAt.toISOString(),
      points: entry.points,
      description: entry.description,
    })),
  };
}

export function createScoreService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async creditReport(memberId: string): Promise<CreditReport> {
      const [score, ledger] = await Promise.all([repo.scoreOf(db, memberId), repo.ledgerOf(db, memberId)]);
      if (score === undefined) throw new HttpError(401, 'Please log in to continue');
      return creditReportOf(score, ledger);
    },
  };
}

export type ScoreService = ReturnType<typeof createScoreService>;
