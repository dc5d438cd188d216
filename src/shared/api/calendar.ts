import { z } from 'zod';

export { calendarPaths, CALENDAR_FEED_PREFIX, CALENDAR_TEXTS } from './calendar.paths.ts';

/** GET /users/calendar-feed and POST /users/calendar-feed/reset: the member's private feed address. */
export const CalendarFeedResponseSchema = z.object({ url: z.url() });
export type CalendarFeedResponse = z.infer<typeof CalendarFeedResponseSchema>;
