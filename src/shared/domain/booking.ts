import type { DateType } from './profile.ts';

/** Booking rules shared by the server (which enforces them) and the app (which shows them). core-journey §4, §9. */

export const BOOKING_STATUSES = [
  'pending',
  'confirmed',
  'completed',
  'declined',
  /** A party cancelled a confirmed date. */
  'cancelled',
  /** A request still pending when its time came (the expiry job). */
  'auto_cancelled',
  'no_show_guest',
  'no_show_host',
  'no_show_both',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** core-journey §4: any status containing 'cancelled' counts as cancelled. */
export const isCancelled = (status: string) => status.includes('cancelled');
export const isNoShow = (status: string) => status.startsWith('no_show');

export { HOUR_MS } from './durations.ts';
/** Complete & Review and Report No-Show open this long after the date's start. */
export const REVIEW_AFTER_HOURS = 2;
/** A confirmed date cannot be cancelled this close to its start. */
export const CANCEL_CUTOFF_HOURS = 4;

export const REQUEST_MESSAGE_MAX = 500;
export const RESPONSE_MESSAGE_MAX = 500;
export const REVIEW_COMMENT_MAX = 1000;
export const SLOT_NOTES_MAX = 200;
export const SLOT_VENUE_MAX = 200;
export const MAX_BOOKINGS_LIMIT = 10;

/** Point effects (core-journey §9, account-and-admin §9; decision 16 for the cancellation scale). */
export const POINTS = {
  completeDate: 25,
  fiveStarReview: 10,
  noShow: -100,
} as const;

/** What cancelling costs the member who cancels, by hours left before the date (account-and-admin §9). */
/** Cancelling more than this many hours ahead costs no points. */
export const FREE_CANCEL_HOURS = 48;
/** Cancelling within this many hours of the date costs more than a day or two ahead. */
export const LATE_CANCEL_HOURS = 24;

export function cancellationPenalty(hoursUntilDate: number): number {
  if (hoursUntilDate > FREE_CANCEL_HOURS) return 0;
  if (hoursUntilDate > LATE_CANCEL_HOURS) return -5;
  if (hoursUntilDate > CANCEL_CUTOFF_HOURS) return -15;
  if (hoursUntilDate > 1) return -30;
  return -50;
}

/** Minutes a start time is extended by when the end is filled in (core-journey §5). */
export const DEFAULT_DURATION_MINUTES: Record<DateType, number> = {
  coffee: 90,
  lunch: 120,
  dinner: 180,
  drinks: 120,
  activity: 180,
};

/** The six polite decline presets (core-journey §5, account-and-admin §2). */
export const DECLINE_PRESETS = [
  "Thank you so much for the invitation, but I'm not available at that time.",
  "I appreciate you reaching out! Unfortunately, I don't think we're a good match.",
  "Thanks for your interest! I've already made plans for that day.",
  "I'm flattered, but I'm not looking to meet anyone new right now.",
  'Thank you for asking! The proposed venue doesn\'t quite work for me.',
  "Thanks for the kind request! I'd prefer a different kind of date.",
] as const;

/** "HH:MM" with 00–23 hours, or "24:00" for midnight at the end of the day. */
export const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** The years a date may name: any real slot or report, and nothing the database or the zone rules cannot place. */
const YEARS = { first: 1900, last: 2999 };
/** 'YYYY-MM-DD' naming a day that exists (no 2026-02-30, no month 00) within YEARS. */
export function isCalendarDay(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  if (year < YEARS.first || year > YEARS.last) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The end time a start time gets by default, capped at the end of the day. */
export function defaultEndTime(startTime: string, dateType: DateType): string {
  return timeOf(Math.min(24 * 60, minutesOf(startTime) + DEFAULT_DURATION_MINUTES[dateType]));
}
