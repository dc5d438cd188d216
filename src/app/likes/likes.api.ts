import { queryOptions } from '@tanstack/react-query';
import type { LikeResponseSchema, LikeStatusResponseSchema, LikesResponseSchema } from '#shared/api/likes.ts';
import { likesPaths } from '#shared/api/likes.paths.ts';
import { http, type AnswerOf } from '#app/platform/http.ts';

export const likeKeys = {
  all: ['likes'] as const,
  lists: () => [...likeKeys.all, 'list'] as const,
  statuses: () => [...likeKeys.all, 'status'] as const,
  status: (userId: string) => [...likeKeys.statuses(), userId] as const,
};

export const likesApi = {
  list: () => http.get<AnswerOf<typeof LikesResponseSchema>>(likesPaths.likes, { fallback: 'Failed to load likes' }),
  status: (userId: string) => http.get<AnswerOf<typeof LikeStatusResponseSchema>>(likesPaths.likeStatus(userId)),
  like: (userId: string) => http.post<AnswerOf<typeof LikeResponseSchema>>(likesPaths.like(userId), undefined, { fallback: 'Failed to like user' }),
  unlike: (userId: string) => http.delete<AnswerOf<typeof LikeResponseSchema>>(likesPaths.like(userId), undefined, { fallback: 'Failed to unlike user' }),
};

export const likeQueries = {
  list: () => queryOptions({ queryKey: likeKeys.lists(), queryFn: likesApi.list }),
  /** Asked again each time a member page opens: the copy kept on the device may predate a like made just before a reload. */
  status: (userId: string) =>
    queryOptions({ queryKey: likeKeys.status(userId), queryFn: () => likesApi.status(userId).then((body) => body.isLiked), staleTime: 0 }),
};
