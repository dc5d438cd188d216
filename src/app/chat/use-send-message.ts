import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { chatPaths } from '#shared/api/chat.paths.ts';
import type { OutboxChange } from '#shared/domain/outbox.ts';
import { queueChange, useOutbox } from '#app/platform/outbox/outbox.ts';
import { keepChange } from '#app/platform/query.ts';
import { addSentMessage, chatApi, chatKeys, type SendVariables } from './chat.api.ts';

/**
 * Sends one message now. The sent message joins the thread's newest page before the pending copy
 * leaves the screen, so nothing flickers. Without a connection the composer queues it in the outbox
 * instead (queueSend).
 */
export function useSendMessage(recipientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.send(),
    mutationFn: (variables: SendVariables) => chatApi.send(variables),
    networkMode: 'always',
    onSuccess: async ({ message }) => {
      addSentMessage(queryClient, recipientId, message);
      // On the device (and in the member's other tabs) before the pending copy leaves the screen.
      await keepChange([chatKeys.all]);
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

/** Queues a message in the outbox (offline, or behind other waiting changes); its clientId goes with it. */
export const queueSend = (variables: SendVariables, recipientName: string) =>
  queueChange({ kind: 'chat.send', method: 'POST', path: chatPaths.send, body: variables, label: recipientName, invalidates: [chatKeys.all] });

/** Queued messages the server refused, to anyone: /messages lists them (their chat may be closed). */
export function useRefusedSends(): (OutboxChange & { body: SendVariables })[] {
  const changes = useOutbox((state) => state.changes);
  return changes.filter((change): change is OutboxChange & { body: SendVariables } => change.kind === 'chat.send' && change.state === 'refused');
}

/** Queued messages to this member: waiting, or refused by the server on replay. */
export function useQueuedSends(recipientId: string): (OutboxChange & { body: SendVariables })[] {
  const changes = useOutbox((state) => state.changes);
  return changes.filter(
    (change): change is OutboxChange & { body: SendVariables } => change.kind === 'chat.send' && (change.body as SendVariables).recipientId === recipientId,
  );
}
