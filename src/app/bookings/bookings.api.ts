import { queryOptions } from '@tanstack/react-query';
import { HTTPError } from 'ky';
import type { BookingActionResponseSchema, MyBookingsResponseSchema, BookingRequestBody } from '#shared/api/bookings.ts';
import { BOOKING_ERRORS, bookingsPaths } from '#shared/api/bookings.paths.ts';
import { HttpError } from '#shared/http-error.ts';
import { api, http, toHttpError, type AnswerOf } from '#app/platform/http.ts';
import { OPENED_FRESH_MS } from '#app/platform/fresh.ts';

export type Perspective = 'all' | 'host' | 'guest';

export const bookingKeys = {
  all: ['bookings'] as const,
  lists: () => [...bookingKeys.all, 'list'] as const,
  list: (perspective: Perspective) => [...bookingKeys.lists(), { perspective }] as const,
};

export const BOOKINGS_LOAD_FAILED = 'Failed to load bookings';
export const BOOKING_SUBMIT_FAILED = 'Failed to submit booking request';

/** A refused booking request; a 400 'Profile incomplete' names the missing profile parts. */
export class BookingRequestError extends HttpError {
  readonly missing: string[];

  constructor(cause: HttpError, missing: string[]) {
    super(cause.status, cause.message, cause.fields);
    this.missing = missing;
  }
}

async function missingIn(error: unknown): Promise<string[]> {
  if (!(error instanceof HTTPError)) return [];
  const body = (await error.response
    .clone()
    .json()
    .catch(() => null)) as { missing?: unknown } | null;
  return Array.isArray(body?.missing) ? body.missing.filter((item): item is string => typeof item === 'string') : [];
}

/** The texts of core-journey §8 "Booking submit", by the answer's status. */
export function bookingRequestErrorText(error: unknown): string {
  if (!(error instanceof HttpError)) return BOOKING_SUBMIT_FAILED;
  const { status, message } = error;
  if (status === 400 && message === BOOKING_ERRORS.profileIncomplete) {
    const missing = error instanceof BookingRequestError ? error.missing : [];
    return `Please complete your profile first. Missing: ${missing.map((field) => field.replace(/_/g, ' ')).join(', ')}`;
  }
  // Where the server names a reason the spec's generic text would misstate, that reason shows.
  if (SPECIFIC_REASONS.has(message) && (status === 400 || status === 409)) return message;
  if (status === 400) return 'Please check your booking information';
  if (status === 403) return BOOKING_ERRORS.notEligible;
  if (status === 404) return BOOKING_ERRORS.slotGone;
  if (status === 409) return BOOKING_ERRORS.pendingWithHost;
  return BOOKING_SUBMIT_FAILED;
}

const SPECIFIC_REASONS = new Set<string>([BOOKING_ERRORS.ownSlot, BOOKING_ERRORS.pastSlot, BOOKING_ERRORS.slotFull, BOOKING_ERRORS.overlap]);

export const bookingsApi = {
  mine: (perspective: Perspective) =>
    http.get<AnswerOf<typeof MyBookingsResponseSchema>>(bookingsPaths.mine, { searchParams: { perspective, status: 'null' }, fallback: BOOKINGS_LOAD_FAILED }),

  async request(body: BookingRequestBody) {
    try {
      return await api.post(bookingsPaths.request.replace(/^\//, ''), { json: body }).json<AnswerOf<typeof BookingActionResponseSchema>>();
    } catch (error) {
      const missing = await missingIn(error);
      throw new BookingRequestError(await toHttpError(error, BOOKING_SUBMIT_FAILED), missing);
    }
  },

  accept: (id: string, responseMessage: string) =>
    http.post<AnswerOf<typeof BookingActionResponseSchema>>(bookingsPaths.respond(id), { action: 'confirm', responseMessage }, { fallback: 'Failed to accept booking' }),
  decline: (id: string, responseMessage: string) =>
    http.post<AnswerOf<typeof BookingActionResponseSchema>>(bookingsPaths.respond(id), { action: 'decline', responseMessage }, { fallback: 'Failed to decline booking' }),
  cancel: (id: string, customReason: string) =>
    http.post<AnswerOf<typeof BookingActionResponseSchema>>(bookingsPaths.cancel(id), { reason: 'other', customReason }, { fallback: 'Failed to cancel booking' }),
  complete: (id: string, review: { rating: number; comment: string; wouldMeetAgain: boolean }) =>
    http.post<AnswerOf<typeof BookingActionResponseSchema>>(bookingsPaths.complete(id), review, { fallback: 'Failed to complete booking' }),
  noShow: (id: string, report: { noShowUserId: string; reason: string }) =>
    http.post<AnswerOf<typeof BookingActionResponseSchema>>(bookingsPaths.noShow(id), report, { fallback: 'Failed to report booking' }),
};

export const bookingQueries = {
  list: (perspective: Perspective) =>
    queryOptions({
      queryKey: bookingKeys.list(perspective),
      queryFn: () => bookingsApi.mine(perspective).then((answer) => answer.bookings),
      // Another member's answer changes this list: ask again whenever the page opens — once: the
      // route's loader asks, and the page that mounts a moment later does not ask a second time.
      staleTime: OPENED_FRESH_MS,
    }),
};
