import { create } from 'zustand';
import type { ClientEvent } from '#shared/api/realtime.ts';

/**
 * What the live connection knows: whether it is up, which chat partners are online, and who is
 * typing in which conversation. The connection (platform/realtime) writes it; screens read it.
 */
type RealtimeState = {
  connected: boolean;
  online: ReadonlySet<string>;
  /** conversationId → ids of the members typing there. */
  typing: Readonly<Record<string, readonly string[]>>;
};

export const useRealtimeStore = create<RealtimeState>(() => ({ connected: false, online: new Set(), typing: {} }));

export const selectIsOnline = (userId: string) => (state: RealtimeState) => state.online.has(userId);
export const selectIsTyping = (conversationId: string, userId: string) => (state: RealtimeState) =>
  state.typing[conversationId]?.includes(userId) ?? false;

let sender: ((event: ClientEvent) => void) | null = null;

/** The open connection registers how to send; null while there is none. */
export function setRealtimeSender(send: ((event: ClientEvent) => void) | null): void {
  sender = send;
}

/** Tells the other member that I started or stopped typing; dropped while there is no connection (typing is ephemeral). */
export function emitTyping(recipientId: string, conversationId: string, typing: boolean): void {
  sender?.({ type: typing ? 'typing' : 'stopTyping', recipientId, conversationId });
}

/** While the live connection is up, polling only backs it up (an event missed while a server's database link was down). */
export const RELAXED_POLL_MS = 60_000;

/** A query's `refetchInterval`: the spec's interval, relaxed to once a minute while the live connection is healthy. */
export const pollEvery = (ms: number) => (): number => (useRealtimeStore.getState().connected ? Math.max(ms, RELAXED_POLL_MS) : ms);
