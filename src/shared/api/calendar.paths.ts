import { pathWithId } from './path-with-id.ts';

/** Where a member's private calendar feed is served: outside the API (no bearer token), `/calendar/<secret>.ics`. */
export const CALENDAR_FEED_PREFIX = '/calendar/';

/** The calendar file of one booking; `.route` is the server's route for it. */
const bookingFile = pathWithId('/bookings', '/calendar.ics');

export const calendarPaths = {
  bookingFile,
  feed: '/users/calendar-feed',
  resetFeed: '/users/calendar-feed/reset',
  /** The feed itself, on the site's root (not under /api). */
  feedFile: (secret: string) => `${CALENDAR_FEED_PREFIX}${encodeURIComponent(secret)}.ics`,
  feedFileRoute: `${CALENDAR_FEED_PREFIX}:file`,
} as const;

export const CALENDAR_TEXTS = {
  /** A pending, declined, expired or finished booking has no calendar file (409). */
  noFile: 'Only a confirmed or cancelled date has a calendar file',
  feedNotFound: 'Calendar feed not found',
} as const;
