import { ROYAL_TITLES, SCORE_START, royalTierRange, type RoyalTierId } from '#shared/domain/score.ts';

/**
 * The royal tier (account-and-admin §3): id, title, icon, score range, description, colour,
 * explanation, characteristics. Titles and ranges come from the one table in shared/domain/score.ts
 * (DESIGN: one royal-title table everywhere); this file adds only the words and the look.
 */
export type RoyalTier = {
  id: RoyalTierId;
  title: string;
  icon: string;
  scoreRange: string;
  min: number;
  max: number;
  description: string;
  colour: string;
  explanation: string;
  characteristics: readonly string[];
};

const WORDS: Record<RoyalTierId, Omit<RoyalTier, 'id' | 'title' | 'scoreRange' | 'min' | 'max'>> = {
  queen: {
    icon: '👑',
    colour: 'gold',
    description: 'The most reliable members of Rendezvous.',
    explanation: 'A Queen keeps virtually every date she agrees to — on time, with warm reviews from the people she meets. Members know a date with her will happen.',
    characteristics: ['Shows up on time for 95%+ of her dates', 'Consistently excellent reviews', 'Cancels rarely, and always well ahead'],
  },
  empress: {
    icon: '💎',
    colour: 'purple',
    description: 'Exceptionally dependable, date after date.',
    explanation: 'An Empress has a long record of kept dates and kind reviews. A few more great dates lead to Queen.',
    characteristics: ['Shows up on time for 90%+ of her dates', 'Very good reviews', 'Plans ahead when something changes'],
  },
  princess: {
    icon: '🌹',
    colour: 'rose',
    description: 'A reliable member others can count on.',
    explanation: 'A Princess has shown she keeps her word: her dates happen, and members enjoy them.',
    characteristics: ['Shows up on time for 85%+ of her dates', 'Good reviews', 'Few late cancellations'],
  },
  duchess: {
    icon: '🦋',
    colour: 'blue',
    description: 'Building a solid record of kept dates.',
    explanation: 'A Duchess has completed dates and earned good reviews; her score has risen above where everyone starts.',
    characteristics: ['Shows up on time for 80%+ of her dates', 'Completed dates and positive reviews', 'Growing trust with each date'],
  },
  lady: {
    icon: '🌸',
    colour: 'green',
    description: 'Where every woman begins.',
    explanation: 'Every woman starts as a Lady. Complete dates, arrive on time and collect good reviews to rise through the tiers. There are no negative tiers.',
    characteristics: [`Every new member starts at ${SCORE_START}`, 'Each completed date moves you up', 'No negative tiers: you are always royalty'],
  },
};

/** Highest first, as the table is. */
export const ROYAL_TIERS: readonly RoyalTier[] = ROYAL_TITLES.map((tier) => {
  const { min, max } = royalTierRange(tier.id);
  return { id: tier.id, title: tier.title, min, max, scoreRange: `${min}–${max}`, ...WORDS[tier.id] };
});

export const royalTier = (id: RoyalTierId): RoyalTier => ROYAL_TIERS.find((tier) => tier.id === id)!;
