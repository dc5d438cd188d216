import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { BrowseResponseSchema } from '#shared/api/browse.ts';
import { apiUrl } from '#shared/api/api-prefix.ts';
import { browsePaths } from '#shared/api/browse.paths.ts';
import type { MemberResponseSchema } from '#shared/api/profiles.ts';
import { profilesPaths } from '#shared/api/profiles.paths.ts';
import { http, type AnswerOf } from '#app/platform/http.ts';
import { useSession } from '#app/platform/session.store.ts';
import type { BrowseFilters } from './browse-filters.store.ts';
import { shellAnswerOr, takeShellAnswer } from '#app/platform/shell-answer.ts';
import { rememberFirstPage } from './shell-page.ts';

export const BROWSE_PAGE_SIZE = 20;
/** A page of members as GET /users/browse answers it. */
export type BrowseAnswer = AnswerOf<typeof BrowseResponseSchema>;
export type MemberAnswer = AnswerOf<typeof MemberResponseSchema>;
/** A member's page's address, which the shell's head script asks for on a cold /user/{userId}. */
export const memberUrl = (userId: string) => apiUrl(profilesPaths.member(userId));

export const browseKeys = {
  all: ['browse'] as const,
  lists: () => [...browseKeys.all, 'list'] as const,
  list: (filters: BrowseFilters) => [...browseKeys.lists(), filters] as const,
  members: () => [...browseKeys.all, 'member'] as const,
  member: (userId: string) => [...browseKeys.members(), userId] as const,
};

/** The filters as GET /users/browse reads them; blank text filters are left out. */
export function browseSearchParams(filters: BrowseFilters, page: number): Record<string, string | number> {
  const params: Record<string, string | number> = {
    minScore: filters.minScore,
    accountType: filters.accountType,
    minAge: filters.minAge,
    maxAge: filters.maxAge,
    gender: filters.gender,
    maxDistance: filters.maxDistance,
    sortBy: filters.sortBy,
    page,
    limit: BROWSE_PAGE_SIZE,
  };
  if (filters.interests.trim()) params.interests = filters.interests.trim();
  if (filters.location.trim()) params.location = filters.location.trim();
  return params;
}

/** The first page's address, as the shell's head script asks for it (src/shared/head-script.ts). */
export function firstPageUrl(filters: BrowseFilters): string {
  const params = Object.entries(browseSearchParams(filters, 1)).map(([key, value]) => [key, String(value)]);
  return `${apiUrl(browsePaths.users)}?${new URLSearchParams(params).toString()}`;
}

export const browseApi = {
  users: async (filters: BrowseFilters, page: number) => {
    if (page === 1) {
      // The first page may already be on its way, asked for by the shell; the next start asks for this one.
      const url = firstPageUrl(filters);
      rememberFirstPage(useSession.getState().user?._id, url);
      const early = await takeShellAnswer<BrowseAnswer>(url)?.answer.catch(() => null);
      if (early) return early;
    }
    return http.get<AnswerOf<typeof BrowseResponseSchema>>(browsePaths.users, {
      searchParams: browseSearchParams(filters, page),
      fallback: 'Failed to load profiles',
    });
  },
  // The member may already be on their way, asked for by the shell.
  member: (userId: string) => shellAnswerOr(memberUrl(userId), () => http.get<MemberAnswer>(profilesPaths.member(userId), { fallback: 'Failed to load profile' })),
};

export const browseQueries = {
  list: (filters: BrowseFilters) =>
    infiniteQueryOptions({
      queryKey: browseKeys.list(filters),
      queryFn: ({ pageParam }) => browseApi.users(filters, pageParam),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.page + 1 : undefined),
    }),
  member: (userId: string) =>
    queryOptions({
      queryKey: browseKeys.member(userId),
      queryFn: () => browseApi.member(userId).then((response) => response.user),
    }),
};
