import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { addSentMessage, chatApi, chatKeys, type SendVariables } from './chat.api.ts';

/**
 * Sends one message. Not queued offline yet (the outbox is its own issue): without a connection
 * the send fails at once and the composer keeps the text. The sent message joins the thread's
 * newest page before the pending copy leaves the screen, so nothing flickers.
 */
export function useSendMessage(recipientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.send(),
    mutationFn: (variables: SendVariables) => chatApi.send(variables),
    networkMode: 'always',
    onSuccess: ({ message }) => {
      addSentMessage(queryClient, recipientId, message);
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    },
  });
}

/** Messages to this member still on their way: shown at the end of the thread as "Sending…". */
export function usePendingSends(recipientId: string): SendVariables[] {
  return useMutationState({
    filters: {
      mutationKey: chatKeys.send(),
      status: 'pending',
      predicate: (mutation) => (mutation.state.variables as SendVariables | undefined)?.recipientId === recipientId,
    },
    select: (mutation) => mutation.state.variables as SendVariables,
  });
}
