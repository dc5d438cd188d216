import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AvailabilityBrowseResponseSchema, MyCalendar, MyCalendarResponseSchema, OwnSlot, SlotCreateResponseSchema, SlotDeleteResponseSchema, SlotCreateBody } from '#shared/api/availability.ts';
import { availabilityPaths, type SlotSort } from '#shared/api/availability.paths.ts';
import type { DateType } from '#shared/domain/profile.ts';
import { browseKeys } from '#app/browse/browse.api.ts';
import { http, type AnswerOf } from '#app/platform/http.ts';

export const CREATE_FAILED = 'Failed to create slot';
export const REMOVE_FAILED = 'Failed to remove slot';
export const CALENDAR_FAILED = 'Failed to load calendar data';
export const BROWSE_FAILED = 'Failed to load available dates';
export const FORM_ERRORS = 'Please fix the form errors and try again';
export const SLOTS_PAGE_SIZE = 20;
/** core-journey §7, §9: the calendar loads the current month and the next 12. */
export const CALENDAR_MONTHS = 13;

/** What the Available Dates tab asks for (kept on the device with the browse filters). */
export type SlotSearch = {
  dateType: 'all' | DateType;
  startDate: string;
  endDate: string;
  sortBy: SlotSort;
  minScore: number;
  accountType: 'all' | 'individual' | 'couple';
  location: string;
  maxDistance: number;
};

export type Month = { year: number; month: number };

export const availabilityKeys = {
  all: ['availability'] as const,
  calendars: () => [...availabilityKeys.all, 'calendar'] as const,
  calendar: ({ year, month }: Month) => [...availabilityKeys.calendars(), year, month] as const,
  browses: () => [...availabilityKeys.all, 'browse'] as const,
  browse: (search: SlotSearch) => [...availabilityKeys.browses(), search] as const,
};

function browseParams(search: SlotSearch, page: number): Record<string, string | number> {
  const params: Record<string, string | number> = {
    dateType: search.dateType,
    sortBy: search.sortBy,
    minScore: search.minScore,
    accountType: search.accountType,
    maxDistance: search.maxDistance,
    page,
    limit: SLOTS_PAGE_SIZE,
  };
  if (search.startDate) params.startDate = search.startDate;
  if (search.endDate) params.endDate = search.endDate;
  if (search.location.trim()) params.location = search.location.trim();
  return params;
}

export const availabilityApi = {
  create: (body: SlotCreateBody) => http.post<AnswerOf<typeof SlotCreateResponseSchema>>(availabilityPaths.create, body, { fallback: CREATE_FAILED }),
  remove: (slotId: string) => http.delete<AnswerOf<typeof SlotDeleteResponseSchema>>(availabilityPaths.slot(slotId), { reason: 'User removed slot' }, { fallback: REMOVE_FAILED }),
  calendar: ({ year, month }: Month) =>
    http.get<AnswerOf<typeof MyCalendarResponseSchema>>(availabilityPaths.myCalendar, { searchParams: { month, year, _: Date.now() }, fallback: CALENDAR_FAILED }),
  browse: (search: SlotSearch, page: number) =>
    http.get<AnswerOf<typeof AvailabilityBrowseResponseSchema>>(availabilityPaths.browse, { searchParams: browseParams(search, page), fallback: BROWSE_FAILED }),
};

export const availabilityQueries = {
  calendar: (month: Month) =>
    queryOptions({ queryKey: availabilityKeys.calendar(month), queryFn: () => availabilityApi.calendar(month).then((body) => body.calendar) }),
  /** Asked again whenever the tab opens: free times are taken and removed all the time (the kept copy shows meanwhile). */
  browse: (search: SlotSearch) =>
    infiniteQueryOptions({
      staleTime: 0,
      queryKey: availabilityKeys.browse(search),
      queryFn: ({ pageParam }) => availabilityApi.browse(search, pageParam),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.page + 1 : undefined),
    }),
};

/** The current month and the next ones, from a 'YYYY-MM-DD' day. */
export function monthsFrom(today: string, count = CALENDAR_MONTHS): Month[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return Array.from({ length: count }, (_, i) => {
    const index = month - 1 + i;
    return { year: year + Math.floor(index / 12), month: (index % 12) + 1 };
  });
}

/**
 * Slots by their start: the same ISO form throughout, so the characters' order is the time order
 * (`localeCompare` would load the locale's data for that, which the page otherwise does without).
 */
export const byStart = (a: { startsAt: string }, b: { startsAt: string }) => (a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : 0);

/** What a slot change touches: the host's calendars, and what others browse. */
export const SLOT_CHANGES = [availabilityKeys.all, browseKeys.all];

/** A slot the server just created, into its month's calendar in the cache (the answer is the truth until the next fetch). */
export function addToCalendar(queryClient: QueryClient, slot: OwnSlot) {
  const month = { year: Number(slot.date.slice(0, 4)), month: Number(slot.date.slice(5, 7)) };
  queryClient.setQueryData<MyCalendar>(availabilityKeys.calendar(month), (calendar) =>
    calendar && { ...calendar, [slot.date]: [...(calendar[slot.date] ?? []).filter((other) => other._id !== slot._id), slot].sort(byStart) },
  );
}

/** A slot the server just removed, out of every calendar in the cache. */
export function removeFromCalendars(queryClient: QueryClient, slotId: string) {
  queryClient.setQueriesData<MyCalendar>({ queryKey: availabilityKeys.calendars() }, (calendar) =>
    calendar && Object.fromEntries(Object.entries(calendar).map(([day, slots]) => [day, (slots ?? []).filter((slot) => slot._id !== slotId)] as const).filter(([, slots]) => slots.length > 0)),
  );
}
