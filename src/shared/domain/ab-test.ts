/**
 * The landing page's tagline A/B test (decision 37). No schema library here: the visitor's
 * first page imports this file, and it must stay small.
 */
export const TAGLINE_VARIANTS = ['original', 'sophisticated', 'playful', 'luxurious'] as const;
export type TaglineVariant = (typeof TAGLINE_VARIANTS)[number];

/** Each a marketing sentence about setting availability and letting others book (account-and-admin §9). */
export const TAGLINES: Record<TaglineVariant, string> = {
  original: 'Set your availability and let the right people book a date with you.',
  sophisticated: 'Curate your calendar, and let discerning company reserve an evening with you.',
  playful: 'Post your free time, then watch your next date snap up a slot!',
  luxurious: 'Your time is precious: publish when you are free, and let worthy company reserve it.',
};

export const AB_TEST_EVENTS = ['view', 'click'] as const;
export type AbTestEvent = (typeof AB_TEST_EVENTS)[number];

export const abTestPaths = {
  /** Public: the landing page records a view and a click on its call to action. */
  event: (event: AbTestEvent) => `/ab-test/${event}`,
  stats: '/admin/ab-test/stats',
} as const;

/** Where the device keeps its visitor id (localStorage). */
export const VISITOR_STORAGE_KEY = 'rendezvous.visitor';

/** A random first-party visitor id: 32 lowercase hex digits (128 bits), nothing personal in it. */
export const VISITOR_ID = /^[0-9a-f]{32}$/;

/** The variant a visitor sees: fixed by their id, so the same on every visit and checkable by the server. */
export function variantOf(visitorId: string): TaglineVariant {
  return TAGLINE_VARIANTS[Number.parseInt(visitorId.slice(0, 8), 16) % TAGLINE_VARIANTS.length]!;
}
