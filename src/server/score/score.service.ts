import type { ScoreCategory } from '#shared/domain/score.ts';
import type { Tx } from '../platform/db/client.ts';
import * as repo from './score.repo.ts';

export type ScoreEntry = {
  userId: string;
  category: ScoreCategory;
  points: number;
  description: string;
  /** For entries earned once per member. */
  onceKey?: string;
  at: Date;
};

/**
 * Adds an entry to the member's ledger and refreshes the score derived from it, inside the
 * caller's transaction. Returns the points actually awarded (0 when a once-only entry exists).
 */
export async function recordScoreEvent(tx: Tx, entry: ScoreEntry): Promise<{ awarded: number; score: number }> {
  const inserted = await repo.insertEvent(tx, {
    userId: entry.userId,
    category: entry.category,
    points: entry.points,
    description: entry.description,
    onceKey: entry.onceKey ?? null,
    createdAt: entry.at,
  });
  const score = await repo.refreshScore(tx, entry.userId);
  return { awarded: inserted ? entry.points : 0, score };
}
