import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { BlockedMembersResponseSchema, BlockResponseSchema } from '#shared/api/blocks.ts';
import { blocksPaths } from '#shared/api/blocks.paths.ts';
import { http, type AnswerOf } from '#app/platform/http.ts';

export const BLOCKED_LOAD_FAILED = 'Failed to load blocked members';

export const blockKeys = {
  all: ['blocks'] as const,
  list: () => [...blockKeys.all, 'list'] as const,
};

export const blocksApi = {
  list: () => http.get<AnswerOf<typeof BlockedMembersResponseSchema>>(blocksPaths.blocked, { fallback: BLOCKED_LOAD_FAILED }),
  block: (userId: string) => http.post<AnswerOf<typeof BlockResponseSchema>>(blocksPaths.block(userId), undefined, { fallback: 'Failed to block this member' }),
  unblock: (userId: string) => http.delete<AnswerOf<typeof BlockResponseSchema>>(blocksPaths.block(userId), undefined, { fallback: 'Failed to unblock this member' }),
};

export const blockQueries = {
  list: () => queryOptions({ queryKey: blockKeys.list(), queryFn: () => blocksApi.list().then((body) => body.members), staleTime: 0 }),
};

/**
 * After a block or an unblock, every list may show or hide the member (browse, likes, chats, the
 * inbox, their page): all that is kept is asked again rather than guessed per screen.
 */
export const refreshAfterBlock = (queryClient: QueryClient) => queryClient.invalidateQueries();
