/** Reliability score rules shared by every screen (core-journey §9, DESIGN decisions). */
export const SCORE_MIN = 300;
export const SCORE_MAX = 850;
export const SCORE_START = 650;
export const SCORE_MIN_TO_BOOK = 300;

/** Categories of the score ledger (account-and-admin §3). */
export const SCORE_CATEGORIES = ['Profile Enhancement', 'Date Completion', 'Booking Activity', 'Missed Dates', 'Cancellations'] as const;
export type ScoreCategory = (typeof SCORE_CATEGORIES)[number];

/** Ledger entries granted once per member. Photo points are our choice (decision 6). */
export const EMAIL_VERIFICATION_POINTS = 25;
export const FIRST_PHOTO_POINTS = 10;

export type Grade = 'excellent' | 'good' | 'fair' | 'poor' | 'unknown';

export function gradeFor(score: number | null | undefined): Grade {
  if (score == null) return 'unknown';
  if (score >= 750) return 'excellent';
  if (score >= 650) return 'good';
  if (score >= 550) return 'fair';
  return 'poor';
}

/** Score colours on every screen (account-and-admin §9): 750+ green, 650+ blue, 550+ yellow, below red. */
export type ScoreBand = 'green' | 'blue' | 'yellow' | 'red';

export function scoreBand(score: number): ScoreBand {
  if (score >= 750) return 'green';
  if (score >= 650) return 'blue';
  if (score >= 550) return 'yellow';
  return 'red';
}

export const ROYAL_TITLES = [
  { id: 'queen', title: 'Queen', min: 825 },
  { id: 'empress', title: 'Empress', min: 800 },
  { id: 'princess', title: 'Princess', min: 750 },
  { id: 'duchess', title: 'Duchess', min: 700 },
  { id: 'lady', title: 'Lady', min: SCORE_MIN },
] as const;

export type RoyalTitle = (typeof ROYAL_TITLES)[number]['title'];
export type RoyalTierId = (typeof ROYAL_TITLES)[number]['id'];
export const ROYAL_TIER_IDS = ROYAL_TITLES.map((tier) => tier.id) as RoyalTierId[];

/** Each title's score range, from the same table: its minimum up to the next title's minimum less one (Queen to 850). */
export function royalTierRange(id: RoyalTierId): { min: number; max: number } {
  const index = ROYAL_TITLES.findIndex((tier) => tier.id === id);
  const tier = ROYAL_TITLES[index]!;
  return { min: tier.min, max: index === 0 ? SCORE_MAX : ROYAL_TITLES[index - 1]!.min - 1 };
}

export function royalTierIdFor(score: number | null | undefined): RoyalTierId {
  const title = royalTitleFor(score);
  return ROYAL_TITLES.find((tier) => tier.title === title)!.id;
}

/** One table everywhere (DESIGN decision): a missing score counts as the starting 650. */
export function royalTitleFor(score: number | null | undefined): RoyalTitle {
  const value = score ?? SCORE_START;
  return (ROYAL_TITLES.find((tier) => value >= tier.min) ?? ROYAL_TITLES[4]).title;
}

export function clampScore(score: number): number {
  return Math.min(SCORE_MAX, Math.max(SCORE_MIN, Math.round(score)));
}

/** Badge counts: "99+" for messages, "9+" for notifications. */
export function capCount(count: number, cap: number): string {
  return count > cap ? `${cap}+` : String(count);
}
