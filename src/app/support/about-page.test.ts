import { describe, expect, it } from 'vitest';
import { CAR_TIERS } from '#shared/domain/car-tiers.ts';
import { ROYAL_TITLES } from '#shared/domain/score.ts';
import { ROYAL_LINE } from './about-page.tsx';

describe('/about, written out so it loads no schema code', () => {
  it('states the royal titles of the shared table', () => {
    const derived = [...ROYAL_TITLES]
      .reverse()
      .map((tier, i, all) => `${tier.title} ${all[i + 1] ? `${tier.min}–${all[i + 1]!.min - 1}` : `${tier.min}+`}`)
      .join(' · ');
    expect(ROYAL_LINE).toBe(derived);
  });

  it('names the cheapest and dearest car teams of the shared table', () => {
    expect([CAR_TIERS[0]!.label, CAR_TIERS.at(-1)!.label]).toEqual(['Honda Team', 'Rolls-Royce Team']);
  });
});
