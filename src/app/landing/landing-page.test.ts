import { describe, expect, it } from 'vitest';
import { ROYAL_TITLES } from '#shared/domain/score.ts';
import { LANDING_TIERS } from './landing-page.tsx';

describe('the landing page, written out so it loads no member code', () => {
  it('lists the royal titles of the shared table, from the starting one up', () => {
    const derived = [...ROYAL_TITLES].reverse().map((tier) => ({ title: tier.title, score: tier.id === 'lady' ? 'Starting' : `${tier.min}+` }));
    expect(LANDING_TIERS).toEqual(derived);
  });
});
