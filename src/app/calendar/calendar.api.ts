import { queryOptions } from '@tanstack/react-query';
import { apiUrl } from '#shared/api/api-prefix.ts';
import type { CalendarFeedResponseSchema } from '#shared/api/calendar.ts';
import { calendarPaths } from '#shared/api/calendar.paths.ts';
import { api, http, toHttpError, type AnswerOf } from '#app/platform/http.ts';

type Feed = AnswerOf<typeof CalendarFeedResponseSchema>;

export const CALENDAR_FILE_FAILED = 'Could not get the calendar file. Please try again.';
export const CALENDAR_FEED_FAILED = 'Could not load your calendar feed';
export const CALENDAR_RESET_FAILED = 'Could not reset your calendar feed. Please try again.';

export const calendarKeys = {
  all: ['calendar'] as const,
  feed: () => [...calendarKeys.all, 'feed'] as const,
};

export const calendarApi = {
  feed: () => http.get<Feed>(calendarPaths.feed, { fallback: CALENDAR_FEED_FAILED }),
  resetFeed: () => http.post<Feed>(calendarPaths.resetFeed, undefined, { fallback: CALENDAR_RESET_FAILED }),
};

export const calendarQueries = {
  feed: () => queryOptions({ queryKey: calendarKeys.feed(), queryFn: calendarApi.feed }),
};

/** The address of a booking's .ics, for a link's href (the file needs the bearer token: `saveBookingCalendar` fetches it). */
export const bookingCalendarUrl = (bookingId: string) => apiUrl(calendarPaths.bookingFile(bookingId));

/**
 * Fetches a booking's .ics with the session's token (a plain link cannot send it) and hands it to
 * the browser as a download through a Blob URL: the phone offers it to its calendar app.
 */
export async function saveBookingCalendar(bookingId: string): Promise<void> {
  let response: Response;
  try {
    response = await api.get(calendarPaths.bookingFile(bookingId).replace(/^\//, ''));
  } catch (error) {
    throw await toHttpError(error, CALENDAR_FILE_FAILED);
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'rendezvous.ics';
  const blob = new Blob([await response.arrayBuffer()], { type: 'text/calendar' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by the time this runs; the page keeps no copy.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
