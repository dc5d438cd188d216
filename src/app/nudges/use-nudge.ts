import { useMutation, useMutationState } from '@tanstack/react-query';
import { useMemo } from 'react';
import { NUDGE_ONCE_A_DAY } from '#shared/api/likes.paths.ts';
import { HttpError } from '#shared/http-error.ts';
import { toast } from '#app/platform/ui/toast.store.ts';
import { nudgeKeys, nudgesApi } from './nudges.api.ts';

type NudgeVariables = { userId: string; name: string };

export const NUDGE_FAILED = 'Failed to send nudge';

/**
 * Sends a nudge and says how it went (core-journey §8): the daily limit in the spec's words,
 * anything else as 'Failed to send nudge'. Not queued offline: without a connection it fails at once.
 */
export function useNudge() {
  const mutation = useMutation({
    mutationKey: nudgeKeys.send(),
    mutationFn: ({ userId }: NudgeVariables) => nudgesApi.send(userId),
    networkMode: 'always',
    onSuccess: (_response, { name }) => toast.success(`Nudge sent to ${name}!`),
    onError: (error) => toast.error(error instanceof HttpError && error.status === 429 ? NUDGE_ONCE_A_DAY : NUDGE_FAILED),
  });
  const sendingTo = useMutationState({
    filters: { mutationKey: nudgeKeys.send(), status: 'pending' },
    select: (pending) => (pending.state.variables as NudgeVariables | undefined)?.userId,
  });
  const { mutate } = mutation;
  // The same object until a nudge starts or ends, so the cards that take it redraw only then.
  return useMemo(
    () => ({
      send: (userId: string, name: string) => mutate({ userId, name }),
      sending: (userId: string) => sendingTo.includes(userId),
    }),
    [mutate, sendingTo],
  );
}
