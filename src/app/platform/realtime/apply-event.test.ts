import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session.store.ts';
import { useToasts } from '../ui/toast.store.ts';
import { applyServerEvent, clearTyping, SCORE_TOAST_MS, TIER_TOAST_MS, TYPING_EXPIRES_MS } from './apply-event.ts';
import { emitTyping, selectIsOnline, selectIsTyping, setRealtimeSender, useRealtimeStore } from './realtime.store.ts';
import { typingThrottle, realtimeUrlOf } from './realtime.ts';
import type { ClientEvent } from '#shared/api/realtime.ts';
import { memberUser } from '../test-support.tsx';


let queryClient: QueryClient;
beforeEach(() => {
  vi.useFakeTimers();
  queryClient = new QueryClient();
  useToasts.setState({ toasts: [] });
  useRealtimeStore.setState({ connected: false, online: new Set(), typing: {} });
});
afterEach(() => {
  clearTyping();
  vi.useRealTimers();
  useSession.getState().clear();
});

const toasts = () => useToasts.getState().toasts.map(({ tone, message, duration }) => ({ tone, message, duration }));
const score = (oldScore: number, newScore: number, reason: string) =>
  applyServerEvent({ type: 'scoreUpdate', oldScore, newScore, change: newScore - oldScore, reason }, queryClient);

describe('sessionsEnded', () => {
  it('signs the member out on this device at once (banned or removed)', () => {
    useSession.getState().signIn('token', memberUser({ gender: 'male', score: 650 }));
    applyServerEvent({ type: 'sessionsEnded' }, queryClient);
    expect(useSession.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('scoreUpdate', () => {
  it('a gain stores the new score and shows a 5 s success toast with points and reason', () => {
    useSession.getState().signIn('token', memberUser({ gender: 'male', score: 675 }));
    score(675, 685, 'Added a profile photo');
    expect(useSession.getState().user!.reliabilityScore.current).toBe(685);
    expect(JSON.parse(localStorage.getItem('user')!).reliabilityScore.current).toBe(685);
    expect(toasts()).toEqual([{ tone: 'success', message: '+10 points: Added a profile photo', duration: SCORE_TOAST_MS }]);
    expect(SCORE_TOAST_MS).toBe(5000);
    vi.advanceTimersByTime(SCORE_TOAST_MS);
    expect(toasts()).toEqual([]);
  });

  it('a loss shows a 5 s warning toast', () => {
    useSession.getState().signIn('token', memberUser({ gender: 'male', score: 700 }));
    score(700, 685, 'Cancelled a date 30 hours before');
    expect(useSession.getState().user!.reliabilityScore.current).toBe(685);
    expect(toasts()).toEqual([{ tone: 'warning', message: '-15 points: Cancelled a date 30 hours before', duration: 5000 }]);
  });

  it('a woman crossing a royal tier gets a 7 s toast: promoted going up, changed going down', () => {
    useSession.getState().signIn('token', memberUser({ gender: 'female', score: 690 }));
    score(690, 700, 'Completed a date');
    expect(toasts()).toEqual([
      { tone: 'success', message: '+10 points: Completed a date', duration: 5000 },
      { tone: 'success', message: 'Congratulations! You have been promoted to Duchess.', duration: TIER_TOAST_MS },
    ]);
    expect(TIER_TOAST_MS).toBe(7000);
    vi.advanceTimersByTime(5000);
    expect(toasts().map((t) => t.duration)).toEqual([7000]);
    vi.advanceTimersByTime(2000);
    useToasts.setState({ toasts: [] });
    score(700, 600, 'Reported as a no-show');
    expect(toasts()).toEqual([
      { tone: 'warning', message: '-100 points: Reported as a no-show', duration: 5000 },
      { tone: 'info', message: 'Your title changed to Lady.', duration: 7000 },
    ]);
  });

  it('others cross grades (not titles); no tier toast within a grade', () => {
    useSession.getState().signIn('token', memberUser({ gender: 'male', score: 640 }));
    score(640, 665, 'Completed a date');
    expect(toasts()[1]).toEqual({ tone: 'success', message: 'Congratulations! You have been promoted to Good.', duration: 7000 });
    useToasts.setState({ toasts: [] });
    score(665, 675, 'Received a five-star review');
    expect(toasts()).toHaveLength(1);
    useToasts.setState({ toasts: [] });
    score(675, 540, 'Reported as a no-show');
    expect(toasts()[1]).toEqual({ tone: 'info', message: 'Your grade changed to Poor.', duration: 7000 });
  });
});

describe('cache, presence and typing', () => {
  it('booking, notification and chat events make the matching caches stale (prefix), and nothing else', () => {
    const keys = [['bookings', 'list', { perspective: 'all' }], ['browse', 'member', 'u2'], ['notifications', 'unread'], ['chat', 'conversations'], ['likes', 'mine']];
    for (const key of keys) queryClient.setQueryData(key, 1);
    const stale = () => keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => key[0]);
    applyServerEvent({ type: 'notification', notificationId: 'n', notificationType: 'nudge' }, queryClient);
    expect(stale()).toEqual(['notifications']);
    applyServerEvent({ type: 'bookingChanged', bookingId: 'b', status: 'confirmed' }, queryClient);
    expect(stale()).toEqual(['bookings', 'browse', 'notifications', 'chat']);
    expect(stale()).not.toContain('likes');
  });

  it('messages and reads refresh chat', () => {
    queryClient.setQueryData(['chat', 'thread', 'u2'], 1);
    applyServerEvent({ type: 'messagesRead', readerId: 'u2', senderId: 'me' }, queryClient);
    expect(queryClient.getQueryState(['chat', 'thread', 'u2'])?.isInvalidated).toBe(true);
  });

  it('every ready (the first after a start with a restored cache, or after a drop) asks the live screens again', () => {
    for (const key of [['notifications', 'list', 'active'], ['bookings', 'mine'], ['chat', 'conversations'], ['browse', 'x'], ['score']]) queryClient.setQueryData(key, 1);
    applyServerEvent({ type: 'ready', onlineUserIds: [] }, queryClient);
    const invalidated = (key: string[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect([['notifications', 'list', 'active'], ['bookings', 'mine'], ['chat', 'conversations'], ['browse', 'x']].map(invalidated)).toEqual([true, true, true, true]);
    expect(invalidated(['score'])).toBe(false);
  });

  it("the first ready at start keeps what this page fetched within the cache's stale time, never a restored copy; a ready after a drop asks for everything", () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    try {
      const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
      const pageStartedAt = Date.now() - 5_000;
      client.setQueryData(['browse', 'kept'], 1, { updatedAt: Date.now() - 60_000 });
      // Restored at start: fetched by the page before this one, a moment ago (and maybe persisted before its last change).
      client.setQueryData(['notifications', 'restored'], 1, { updatedAt: pageStartedAt - 1_000 });
      client.setQueryData(['browse', 'fresh'], 1);
      const invalidated = (key: string[]) => client.getQueryState(key)?.isInvalidated;
      applyServerEvent({ type: 'ready', onlineUserIds: [] }, client, { firstReady: true, pageStartedAt });
      expect([invalidated(['browse', 'kept']), invalidated(['notifications', 'restored']), invalidated(['browse', 'fresh'])]).toEqual([true, true, false]);
      applyServerEvent({ type: 'ready', onlineUserIds: [] }, client);
      expect(invalidated(['browse', 'fresh'])).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ready sets who is online; online and offline events change it', () => {
    applyServerEvent({ type: 'ready', onlineUserIds: ['a'] }, queryClient);
    expect(useRealtimeStore.getState().connected).toBe(true);
    applyServerEvent({ type: 'userOnline', userId: 'b' }, queryClient);
    applyServerEvent({ type: 'userOffline', userId: 'a' }, queryClient);
    expect(selectIsOnline('a')(useRealtimeStore.getState())).toBe(false);
    expect(selectIsOnline('b')(useRealtimeStore.getState())).toBe(true);
  });

  it('a typing mark ends with "stopped", or 6 s after the last news', () => {
    applyServerEvent({ type: 'userTyping', userId: 'b', conversationId: 'a_b' }, queryClient);
    expect(selectIsTyping('a_b', 'b')(useRealtimeStore.getState())).toBe(true);
    vi.advanceTimersByTime(TYPING_EXPIRES_MS - 1000);
    applyServerEvent({ type: 'userTyping', userId: 'b', conversationId: 'a_b' }, queryClient);
    vi.advanceTimersByTime(TYPING_EXPIRES_MS - 1000);
    expect(selectIsTyping('a_b', 'b')(useRealtimeStore.getState())).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(selectIsTyping('a_b', 'b')(useRealtimeStore.getState())).toBe(false);
    applyServerEvent({ type: 'userTyping', userId: 'b', conversationId: 'a_b' }, queryClient);
    applyServerEvent({ type: 'userStoppedTyping', userId: 'b', conversationId: 'a_b' }, queryClient);
    expect(useRealtimeStore.getState().typing).toEqual({});
  });
});

describe('sending', () => {
  it('typing goes out at most every 3 s per recipient; stopped only after typing; emitTyping reaches the registered sender', () => {
    const sent: ClientEvent[] = [];
    let now = 0;
    setRealtimeSender(typingThrottle((event) => sent.push(event), () => now));
    emitTyping('b', 'a_b', false);
    emitTyping('b', 'a_b', true);
    emitTyping('b', 'a_b', true);
    now = 3000;
    emitTyping('b', 'a_b', true);
    emitTyping('b', 'a_b', false);
    setRealtimeSender(null);
    emitTyping('b', 'a_b', true);
    expect(sent.map((e) => e.type)).toEqual(['typing', 'typing', 'stopTyping']);
  });

  it('the socket URL follows the page: wss on https, under /api', () => {
    expect(realtimeUrlOf({ protocol: 'https:', host: 'rendezvous.example' })).toBe('wss://rendezvous.example/api/realtime');
    expect(realtimeUrlOf({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/api/realtime');
  });
});
