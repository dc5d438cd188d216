import type { Query, QueryClient } from '@tanstack/react-query';
import type { ServerEvent } from '#shared/api/realtime.ts';
import { gradeFor, gradeName, royalTitleFor } from '#shared/domain/score.ts';
import { useSession } from '../session.store.ts';
import { toast } from '../ui/toast.store.ts';
import { useRealtimeStore } from './realtime.store.ts';

/** core-journey §4, §9: score toasts last 5 s, a tier change's 7 s. */
export const SCORE_TOAST_MS = 5_000;
export const TIER_TOAST_MS = 7_000;
/** A typing mark with no news for this long is dropped (a lost "stopped", a closed tab). */
export const TYPING_EXPIRES_MS = 6_000;

/**
 * The caches each event makes stale, by the feature's key root (convention 7: every feature's key
 * factory is rooted in its name; `realtime-keys.test.ts` holds the features to these names).
 * Open screens ask again at once; nothing reloads.
 */
export const STALE_ON = {
  message: [['chat']],
  messagesRead: [['chat']],
  notification: [['notifications']],
  // Booking status shows on /bookings, browse cards and member pages, the host's calendar, and opens chats.
  bookingChanged: [['bookings'], ['browse'], ['availability'], ['notifications'], ['chat']],
  scoreUpdate: [['score']],
} as const;

/** Asked again when a connection is ready: events may have been missed before it (a restored cache, a gap while down). */
export const STALE_ON_CONNECT = [['notifications'], ['bookings'], ['chat'], ['browse']] as const;

const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setTyping(conversationId: string, userId: string, typing: boolean) {
  const key = `${conversationId} ${userId}`;
  const timer = typingTimers.get(key);
  if (timer) clearTimeout(timer);
  typingTimers.delete(key);
  useRealtimeStore.setState((state) => {
    const others = (state.typing[conversationId] ?? []).filter((id) => id !== userId);
    const next = typing ? [...others, userId] : others;
    const { [conversationId]: _, ...rest } = state.typing;
    return { typing: next.length > 0 ? { ...rest, [conversationId]: next } : rest };
  });
  if (typing) typingTimers.set(key, setTimeout(() => setTyping(conversationId, userId, false), TYPING_EXPIRES_MS));
}

/** Clears every typing mark and its timer (sign-out, a dropped connection). */
export function clearTyping() {
  for (const timer of typingTimers.values()) clearTimeout(timer);
  typingTimers.clear();
  useRealtimeStore.setState({ typing: {} });
}

function scoreToasts(event: Extract<ServerEvent, { type: 'scoreUpdate' }>, isWoman: boolean) {
  const { change, reason, oldScore, newScore } = event;
  if (change > 0) toast.success(`+${change} points: ${reason}`, SCORE_TOAST_MS);
  else if (change < 0) toast.warning(`${change} points: ${reason}`, SCORE_TOAST_MS);
  const [before, after] = isWoman ? [royalTitleFor(oldScore), royalTitleFor(newScore)] : [gradeName(gradeFor(oldScore)), gradeName(gradeFor(newScore))];
  if (before === after) return;
  const what = isWoman ? 'title' : 'grade';
  if (newScore > oldScore) toast.success(`Congratulations! You have been promoted to ${after}.`, TIER_TOAST_MS);
  else toast.info(`Your ${what} changed to ${after}.`, TIER_TOAST_MS);
}

function invalidate(queryClient: QueryClient, keys: readonly (readonly string[])[]) {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
}

/**
 * What each server event does on this device: the realtime store, the stored user, toasts, the query cache.
 * `firstReady`: the first `ready` of a connection just opened (at start or sign-in), not one after a drop.
 * `pageStartedAt`: when this page began; anything older came from the cache restored at start.
 */
export function applyServerEvent(event: ServerEvent, queryClient: QueryClient, { firstReady = false, pageStartedAt = performance.timeOrigin } = {}): void {
  switch (event.type) {
    case 'ready': {
      useRealtimeStore.setState({ connected: true, online: new Set(event.onlineUserIds) });
      // Whatever was known before this connection (a cache restored at start, a gap while it was down)
      // may have missed events: ask again, without cancelling what is already being asked. On a new
      // connection, what this page fetched within the cache's stale time (before the connection) is
      // kept, as a screen opened now would keep it: asking again only drew the page twice (decision 46).
      // A restored copy is always asked again, however young: it may lag what the last page saw.
      const configured = queryClient.getDefaultOptions().queries?.staleTime;
      const staleTime = firstReady && typeof configured === 'number' ? configured : 0;
      const askAgain = (query: Query) => query.state.dataUpdatedAt < pageStartedAt || query.isStaleByTime(staleTime);
      for (const queryKey of STALE_ON_CONNECT) {
        void queryClient.invalidateQueries({ queryKey: [...queryKey], predicate: askAgain }, { cancelRefetch: false });
      }
      return;
    }
    case 'userOnline':
      useRealtimeStore.setState((state) => ({ online: new Set(state.online).add(event.userId) }));
      return;
    case 'userOffline':
      useRealtimeStore.setState((state) => {
        const online = new Set(state.online);
        online.delete(event.userId);
        return { online };
      });
      for (const conversationId of Object.keys(useRealtimeStore.getState().typing)) setTyping(conversationId, event.userId, false);
      return;
    case 'userTyping':
      setTyping(event.conversationId, event.userId, true);
      return;
    case 'userStoppedTyping':
      setTyping(event.conversationId, event.userId, false);
      return;
    case 'scoreUpdate': {
      const { user, setUser } = useSession.getState();
      if (user) setUser({ ...user, reliabilityScore: { ...user.reliabilityScore, current: event.newScore } });
      scoreToasts(event, user?.profile.gender === 'female');
      invalidate(queryClient, STALE_ON.scoreUpdate);
      return;
    }
    case 'sessionsEnded':
      // As a 401 would: the guards send the member to /login.
      useSession.getState().clear();
      return;
    case 'message':
    case 'messagesRead':
    case 'notification':
    case 'bookingChanged':
      invalidate(queryClient, STALE_ON[event.type]);
      return;
  }
}
