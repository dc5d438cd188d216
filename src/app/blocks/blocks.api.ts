import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { BlockedMembersResponseSchema, BlockResponseSchema } from '#shared/api/blocks.ts';
import { blocksPaths } from '#shared/api/blocks.paths.ts';
import { availabilityKeys } from '#app/availability/availability.api.ts';
import { bookingKeys } from '#app/bookings/bookings.api.ts';
import { browseKeys } from '#app/browse/browse.api.ts';
import { chatKeys } from '#app/chat/chat.api.ts';
import { likeKeys } from '#app/likes/likes.api.ts';
import { notificationKeys } from '#app/notifications/notifications.api.ts';
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
 * What a block or an unblock changes: the member shows or hides in browse and their page (browse),
 * Available Dates (availability, with my own slots, whose seats a cancelled date frees), likes,
 * chats, and my bookings; the inbox hears of cancelled dates; and the blocked list itself. My
 * profile, score and the rest stay as they are.
 */
const CHANGED_BY_A_BLOCK = [browseKeys.all, availabilityKeys.all, likeKeys.all, chatKeys.all, notificationKeys.all, bookingKeys.all, blockKeys.all];

/** After a block or an unblock: what it changed is asked again, rather than guessed per screen. */
export const refreshAfterBlock = (queryClient: QueryClient) => Promise.all(CHANGED_BY_A_BLOCK.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
