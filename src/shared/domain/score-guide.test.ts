import { describe, expect, it } from 'vitest';
import { POINTS, cancellationPenalty } from './booking.ts';
import { POINT_GUIDE, signedPoints } from './score-guide.ts';
import { EMAIL_VERIFICATION_POINTS, FIRST_PHOTO_POINTS } from './score.ts';

describe('the point guide', () => {
  const points = (action: string) => POINT_GUIDE.find((entry) => entry.action === action)?.points;

  it('shows the points the ledger really records', () => {
    expect(points('Complete a date and review it')).toBe(POINTS.completeDate);
    expect(points('Receive a five-star review')).toBe(POINTS.fiveStarReview);
    expect(points('Verify your e-mail address')).toBe(EMAIL_VERIFICATION_POINTS);
    expect(points('Add your first photo')).toBe(FIRST_PHOTO_POINTS);
    expect(points('Not show up for a date')).toBe(POINTS.noShow);
  });

  it('follows the cancellation scale at each step (decision 16)', () => {
    expect(points('Cancel more than 48 hours ahead')).toBe(cancellationPenalty(72));
    expect(points('Cancel 24–48 hours ahead')).toBe(cancellationPenalty(30));
    expect(points('Cancel 4–24 hours ahead')).toBe(cancellationPenalty(5));
    expect([0, -5, -15]).toEqual([points('Cancel more than 48 hours ahead'), points('Cancel 24–48 hours ahead'), points('Cancel 4–24 hours ahead')]);
  });

  it('writes points with their sign', () => {
    expect([signedPoints(25), signedPoints(-100), signedPoints(0)]).toEqual(['+25', '−100', '0']);
  });
});
