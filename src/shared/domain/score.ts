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

/** A row's range in a table of minimums, best first: its minimum up to the next row's minimum less one (the top row to 850). */
function rangeAt(table: readonly { min: number }[], index: number): { min: number; max: number } {
  return { min: table[index]!.min, max: index === 0 ? SCORE_MAX : table[index - 1]!.min - 1 };
}

/**
 * The one table of reliability grades (core-journey §9, account-and-admin §9), best first: each
 * grade's minimum, its name on screen, its colour band, and what it says of a member, to them
 * (their credit report) and to anyone (/about). Every screen, the credit report and the toasts
 * read grades, ranges, colours and texts from here.
 */
export const GRADE_TABLE = [
  {
    grade: 'excellent',
    name: 'Excellent',
    min: 750,
    band: 'green',
    toMember: 'Outstanding reliability: you show up, on time, date after date.',
    toAnyone: 'Shows up, on time, date after date.',
  },
  {
    grade: 'good',
    name: 'Good',
    min: 650,
    band: 'blue',
    toMember: 'Solid reliability: members can count on you.',
    toAnyone: `Reliable; every new member starts here, at ${SCORE_START}.`,
  },
  {
    grade: 'fair',
    name: 'Fair',
    min: 550,
    band: 'yellow',
    toMember: 'Some missed or cancelled dates: keep your next ones to build trust.',
    toAnyone: 'Some missed or late-cancelled dates.',
  },
  {
    grade: 'poor',
    name: 'Poor',
    min: SCORE_MIN,
    band: 'red',
    toMember: 'Several missed or cancelled dates: complete your next dates to rebuild your score.',
    toAnyone: 'Several missed or cancelled dates.',
  },
] as const;

/** A grade a score can have, best first (the credit report's `grade`, `nextTier` and `allTiers`). */
export const GRADES = GRADE_TABLE.map((row) => row.grade) as [ScoreGrade, ...ScoreGrade[]];
export type ScoreGrade = (typeof GRADE_TABLE)[number]['grade'];
/** A grade, or 'unknown' with no score. */
export type Grade = ScoreGrade | 'unknown';

const gradeRow = (grade: ScoreGrade) => GRADE_TABLE.find((row) => row.grade === grade)!;

/** A grade as members read it: "Excellent", "Good", "Fair", "Poor", "Unknown". */
export function gradeName(grade: Grade): string {
  return grade === 'unknown' ? 'Unknown' : gradeRow(grade).name;
}

export function gradeFor(score: number | null | undefined): Grade {
  if (score == null) return 'unknown';
  return (GRADE_TABLE.find((row) => score >= row.min) ?? GRADE_TABLE[3]).grade;
}

/** The grade's lowest score. */
export const gradeMin = (grade: ScoreGrade): number => gradeRow(grade).min;
/** What a grade says of a member: to them ("you show up…") or to anyone ("Shows up…"). */
export const gradeDescription = (grade: ScoreGrade, reader: 'toMember' | 'toAnyone'): string => gradeRow(grade)[reader];

/** The grade's score range: its minimum up to the next grade's minimum less one (Excellent to 850). */
export function gradeRange(grade: ScoreGrade): { min: number; max: number } {
  return rangeAt(GRADE_TABLE, GRADE_TABLE.findIndex((row) => row.grade === grade));
}

/** The next grade up, or null at the top. */
export function nextGrade(grade: ScoreGrade): ScoreGrade | null {
  const index = GRADE_TABLE.findIndex((row) => row.grade === grade);
  return index > 0 ? GRADE_TABLE[index - 1]!.grade : null;
}

/** Score colours on every screen (account-and-admin §9): the colour of the score's grade, 750+ green, 650+ blue, 550+ yellow, below red. */
export type ScoreBand = (typeof GRADE_TABLE)[number]['band'];

export function scoreBand(score: number): ScoreBand {
  return gradeRow(gradeFor(score) as ScoreGrade).band;
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
  return rangeAt(ROYAL_TITLES, ROYAL_TITLES.findIndex((tier) => tier.id === id));
}

export function royalTierIdFor(score: number | null | undefined): RoyalTierId {
  const title = royalTitleFor(score);
  return ROYAL_TITLES.find((tier) => tier.title === title)!.id;
}

/**
 * The titles in one line, from the starting one up: "Lady 300–699 · Duchess 700–749 · Princess
 * 750–799 · Empress 800–824 · Queen 825+" (/about).
 */
export const ROYAL_LINE: string = [...ROYAL_TITLES]
  .reverse()
  .map((tier) => {
    const { min, max } = royalTierRange(tier.id);
    return `${tier.title} ${max === SCORE_MAX ? `${min}+` : `${min}–${max}`}`;
  })
  .join(' · ');

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
