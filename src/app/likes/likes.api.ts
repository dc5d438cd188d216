import { queryOptions } from '@tanstack/react-query';
import { LikeResponseSchema, LikeStatusResponseSchema, LikesResponseSchema, likesPaths } from '#shared/api/likes.ts';
import { http } from '#app/platform/http.ts';

export const likeKeys = {
  all: ['likes'] as const,
  lists: () => [...likeKeys.all, 'list'] as const,
  statuses: () => [...likeKeys.all, 'status'] as const,
  status: (userId: string) => [...likeKeys.statuses(), userId] as const,
};

export const likesApi = {
  list: () => http.get(likesPaths.likes, LikesResponseSchema, { fallback: 'Failed to load likes' }),
  status: (userId: string) => http.get(likesPaths.likeStatus(userId), LikeStatusResponseSchema),
  like: (userId: string) => http.post(likesPaths.like(userId), LikeResponseSchema, undefined, { fallback: 'Failed to like user' }),
  unlike: (userId: string) => http.delete(likesPaths.like(userId), LikeResponseSchema, undefined, { fallback: 'Failed to unlike user' }),
};

export const likeQueries = {
  list: () => queryOptions({ queryKey: likeKeys.lists(), queryFn: likesApi.list }),
  /** Asked again each time a member page opens: the copy kept on the device may predate a like made just before a reload. */
  status: (userId: string) =>
    queryOptions({ queryKey: likeKeys.status(userId), queryFn: () => likesApi.status(userId).then((body) => body.isLiked), staleTime: 0 }),
};
