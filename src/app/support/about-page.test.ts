import { describe, expect, it } from 'vitest';
import { CAR_TIERS } from '#shared/domain/car-tiers.ts';

describe('/about', () => {
  it('names the cheapest and dearest car teams of the shared table', () => {
    expect([CAR_TIERS[0]!.label, CAR_TIERS.at(-1)!.label]).toEqual(['Honda Team', 'Rolls-Royce Team']);
  });
});
