import { describe, expect, it } from 'vitest';
import { POINTS } from '#shared/domain/booking.ts';
import { SCORE_START, ROYAL_TITLES } from '#shared/domain/score.ts';
import { signedPoints } from '#shared/domain/score-guide.ts';
import { LANDING_POINTS, LANDING_START, LANDING_TIERS } from './landing-page.tsx';

describe('the landing page, written out so it loads no member code', () => {
  it('lists the royal titles of the shared table, from the starting one up', () => {
    const derived = [...ROYAL_TITLES].reverse().map((tier) => ({ title: tier.title, score: tier.id === 'lady' ? 'Starting' : `${tier.min}+` }));
    expect(LANDING_TIERS).toEqual(derived);
  });

  it('states the points and the starting score the ledger applies', () => {
    expect(LANDING_START).toBe(SCORE_START);
    expect(LANDING_POINTS.map((item) => item.points)).toEqual([POINTS.completeDate, POINTS.fiveStarReview, POINTS.noShow].map(signedPoints));
  });
});
