import { CANCEL_CUTOFF_HOURS, FREE_CANCEL_HOURS, LATE_CANCEL_HOURS, POINTS, cancellationPenalty } from './booking.ts';
import { EMAIL_VERIFICATION_POINTS, FIRST_PHOTO_POINTS } from './score.ts';

/**
 * The guide of point effects on /score (account-and-admin §2, §9), built from the very constants
 * the server's ledger applies (decisions 6, 16, 17), so the guide and a member's history
 * never disagree. Only what the server really records is listed.
 */
export type PointEffect = { action: string; points: number };

export const POINT_GUIDE: readonly PointEffect[] = [
  { action: 'Complete a date and review it', points: POINTS.completeDate },
  { action: 'Receive a five-star review', points: POINTS.fiveStarReview },
  { action: 'Verify your e-mail address', points: EMAIL_VERIFICATION_POINTS },
  { action: 'Add your first photo', points: FIRST_PHOTO_POINTS },
  { action: `Cancel more than ${FREE_CANCEL_HOURS} hours ahead`, points: cancellationPenalty(FREE_CANCEL_HOURS + 1) },
  { action: `Cancel ${LATE_CANCEL_HOURS}–${FREE_CANCEL_HOURS} hours ahead`, points: cancellationPenalty(FREE_CANCEL_HOURS) },
  { action: `Cancel ${CANCEL_CUTOFF_HOURS}–${LATE_CANCEL_HOURS} hours ahead`, points: cancellationPenalty(LATE_CANCEL_HOURS) },
  { action: 'Not show up for a date', points: POINTS.noShow },
];

/** "+25", "−100" (a true minus sign) and "0". */
export function signedPoints(points: number): string {
  if (points > 0) return `+${points}`;
  if (points < 0) return `−${Math.abs(points)}`;
  return '0';
}

/** The cancellation rule as the guide states it, under the table on /score and /about. */
export const CANCEL_CUTOFF_NOTE = `A date cannot be cancelled in its last ${CANCEL_CUTOFF_HOURS} hours.`;
