import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { BrowseResponseSchema } from '#shared/api/browse.ts';
import { browsePaths } from '#shared/api/browse.paths.ts';
import type { MemberResponseSchema } from '#shared/api/profiles.ts';
import { profilesPaths } from '#shared/api/profiles.paths.ts';
import { http, type AnswerOf } from '#app/platform/http.ts';
import type { BrowseFilters } from './browse-filters.store.ts';

export const BROWSE_PAGE_SIZE = 20;

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

export const browseApi = {
  users: (filters: BrowseFilters, page: number) =>
    http.get<AnswerOf<typeof BrowseResponseSchema>>(browsePaths.users, { searchParams: browseSearchParams(filters, page), fallback: 'Failed to load profiles' }),
  member: (userId: string) => http.get<AnswerOf<typeof MemberResponseSchema>>(profilesPaths.member(userId), { fallback: 'Failed to load profile' }),
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
