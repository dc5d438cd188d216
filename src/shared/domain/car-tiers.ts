/** Car-team memberships, lowest to highest (core-journey §3). A status badge only. */
export const CAR_TIER_IDS = ['honda', 'jetta', 'f150', 'vw_van', 'tesla', 'mercedes', 'porsche', 'lamborghini', 'rolls_royce'] as const;
export type CarTierId = (typeof CAR_TIER_IDS)[number];

export const CAR_TIERS: readonly { id: CarTierId; rank: number; label: string; monthlyPrice: number }[] = [
  { id: 'honda', rank: 1, label: 'Honda Team', monthlyPrice: 0 },
  { id: 'jetta', rank: 2, label: 'Jetta Team', monthlyPrice: 25 },
  { id: 'f150', rank: 3, label: 'F-150 Team', monthlyPrice: 50 },
  { id: 'vw_van', rank: 4, label: 'VW Van Team', monthlyPrice: 75 },
  { id: 'tesla', rank: 5, label: 'Tesla Team', monthlyPrice: 100 },
  { id: 'mercedes', rank: 6, label: 'Mercedes Team', monthlyPrice: 150 },
  { id: 'porsche', rank: 7, label: 'Porsche Team', monthlyPrice: 250 },
  { id: 'lamborghini', rank: 8, label: 'Lamborghini Team', monthlyPrice: 500 },
  { id: 'rolls_royce', rank: 9, label: 'Rolls-Royce Team', monthlyPrice: 1000 },
];

export function carTierOf(id: string | null | undefined) {
  return CAR_TIERS.find((tier) => tier.id === id) ?? CAR_TIERS[0]!;
}

/** Women and Honda (free) members show no car-team badge or card. */
export function showsCarTeam(gender: string, carTier: string | null | undefined): boolean {
  return gender !== 'female' && carTierOf(carTier).id !== 'honda';
}
