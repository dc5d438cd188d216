import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CancelSubscriptionResponseSchema, CreateSubscriptionResponseSchema, SubscriptionStatusSchema, CreateSubscriptionInput, SubscriptionStatus } from '#shared/api/subscriptions.ts';
import { CANCEL_FAILED, PAYMENT_FAILED, subscriptionsPaths } from '#shared/api/subscriptions.paths.ts';
import { browseKeys } from '#app/browse/browse.api.ts';
import { likeKeys } from '#app/likes/likes.api.ts';
import { http, type AnswerOf } from '#app/platform/http.ts';
import { updateOwnRecord } from '#app/profiles/profiles.api.ts';

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  status: () => [...subscriptionKeys.all, 'status'] as const,
};

export const subscriptionStatusQuery = () =>
  queryOptions({
    queryKey: subscriptionKeys.status(),
    queryFn: () => http.get<AnswerOf<typeof SubscriptionStatusSchema>>(subscriptionsPaths.status),
    staleTime: 0,
  });

export const subscriptionsApi = {
  create: (body: CreateSubscriptionInput) => http.post<AnswerOf<typeof CreateSubscriptionResponseSchema>>(subscriptionsPaths.create, body, { fallback: PAYMENT_FAILED }),
  cancel: () => http.post<AnswerOf<typeof CancelSubscriptionResponseSchema>>(subscriptionsPaths.cancel, undefined, { fallback: CANCEL_FAILED }),
};

/**
 * After a purchase or a cancellation: the member's own record (profile, header) takes the server's
 * tier at once, and every list that shows car-team badges asks the server again.
 */
export function membershipChanged(queryClient: QueryClient, status: SubscriptionStatus) {
  queryClient.setQueryData(subscriptionKeys.status(), status);
  updateOwnRecord((user) => ({ ...user, carTier: status.tier }));
  void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
  void queryClient.invalidateQueries({ queryKey: browseKeys.all });
  void queryClient.invalidateQueries({ queryKey: likeKeys.all });
}
