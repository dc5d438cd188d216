import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  acceptBooking,
  badgeFor,
  clickOutcome,
  declineUrl,
  focusOrOpen,
  notificationOf,
  parsePushMessage,
  registerPushHandlers,
  type AcceptDeps,
  type BadgeHost,
} from './push.ts';

const request = {
  type: 'booking_request',
  title: 'New booking request',
  body: 'Gus would like to meet you on 2026-11-25 at 12:00. Venue: Café Artigiano.',
  url: '/notifications',
  tag: 'booking-request-b1',
  bookingId: 'b1',
  actions: [
    { action: 'accept', title: 'Accept' },
    { action: 'decline', title: 'Decline' },
  ],
};

describe('the service worker’s push handling', () => {
  it('shows a booking request with its text, tag and Accept/Decline actions', () => {
    const { title, options } = notificationOf(parsePushMessage(JSON.stringify(request)));
    expect(title).toBe('New booking request');
    expect(options).toMatchObject({ body: request.body, tag: request.tag, actions: request.actions, data: { url: '/notifications', bookingId: 'b1' } });
  });

  it('shows a plain notification for a push it cannot read, and never follows an address off the app', () => {
    expect(parsePushMessage('not json')).toBeNull();
    expect(parsePushMessage(JSON.stringify({ ...request, url: 'https://evil.example/' }))).toBeNull();
    expect(parsePushMessage(JSON.stringify({ ...request, url: '//evil.example/' }))).toBeNull();
    expect(notificationOf(null)).toMatchObject({ title: 'Rendezvous', options: { data: { url: '/notifications' } } });
  });

  function deps(token: string | null, answer: Response | Error) {
    const shown: { title: string; options: NotificationOptions }[] = [];
    const sent: { url: string; init: RequestInit }[] = [];
    const opened: string[] = [];
    const d: AcceptDeps = {
      token: async () => token,
      fetch: async (url, init) => {
        sent.push({ url: String(url), init: init! });
        if (answer instanceof Error) throw answer;
        return answer;
      },
      show: async (title, options) => void shown.push({ title, options }),
      open: async (url) => void opened.push(url),
    };
    return { d, shown, sent, opened };
  }

  it('Accept confirms the booking through the API with the member’s token, then says so', async () => {
    const { d, shown, sent } = deps('tok', new Response(JSON.stringify({ booking: {} }), { status: 200 }));
    expect(await acceptBooking('b1', 'booking-request-b1', d)).toBe('confirmed');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/bookings/b1/respond');
    expect(sent[0]!.init).toMatchObject({ method: 'POST', body: JSON.stringify({ action: 'confirm' }) });
    expect((sent[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(shown).toEqual([{ title: 'Date confirmed', options: expect.objectContaining({ tag: 'booking-request-b1' }) }]);
  });

  it('Accept shows the server’s refusal', async () => {
    const { d, shown } = deps('tok', new Response(JSON.stringify({ error: 'This request is no longer pending' }), { status: 409 }));
    expect(await acceptBooking('b1', undefined, d)).toBe('refused');
    expect(shown[0]).toMatchObject({ title: 'Could not accept', options: { body: 'This request is no longer pending' } });
  });

  it('Accept offline says it did not happen; signed out, it opens the app instead', async () => {
    const offline = deps('tok', new TypeError('Failed to fetch'));
    expect(await acceptBooking('b1', undefined, offline.d)).toBe('refused');
    expect(offline.shown[0]!.title).toBe('Not accepted yet');

    const signedOut = deps(null, new Response('{}'));
    expect(await acceptBooking('b1', undefined, signedOut.d)).toBe('opened');
    expect(signedOut.sent).toEqual([]);
    expect(signedOut.opened).toEqual(['/notifications']);
  });

  it('Decline opens the booking’s decline dialog in the app; Accept answers in the worker; a tap opens the push’s screen', () => {
    const data = notificationOf(parsePushMessage(JSON.stringify(request))).options.data as { url: string; bookingId: string };
    expect(clickOutcome('decline', data)).toEqual({ open: '/bookings?decline=b1' });
    expect(clickOutcome('accept', data)).toEqual({ accept: 'b1' });
    expect(clickOutcome('', data)).toEqual({ open: '/notifications' });
    expect(clickOutcome('', null)).toEqual({ open: '/notifications' });
    expect(declineUrl('a/b')).toBe('/bookings?decline=a%2Fb');
  });

  it('focuses an open window of the app and takes it to the screen, even when focus is refused; opens one when there is none', async () => {
    const calls: string[] = [];
    const window = (url: string, focusOk = true) => ({
      url,
      focus: async () => {
        calls.push(`focus ${url}`);
        if (!focusOk) throw new Error('no user activation');
      },
      navigate: async (to: string) => void calls.push(`navigate ${url} -> ${to}`),
    });
    const clients = (windows: ReturnType<typeof window>[]) => ({ windows: async () => windows, openWindow: async (url: string) => void calls.push(`open ${url}`) });

    await focusOrOpen('/bookings?decline=b1', 'https://app.test', clients([window('https://other.test/'), window('https://app.test/browse', false)]));
    expect(calls).toEqual(['focus https://app.test/browse', 'navigate https://app.test/browse -> https://app.test/bookings?decline=b1']);

    calls.length = 0;
    await focusOrOpen('/bookings', 'https://app.test', clients([]));
    expect(calls).toEqual(['open https://app.test/bookings']);
  });
});

describe("the app icon's badge when a push arrives", () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The worker's global scope as far as a push goes: its listeners, the notifications it shows, and the Badging API. */
  function workerScope(setAppBadge?: BadgeHost['setAppBadge']) {
    const listeners = new Map<string, (event: unknown) => void>();
    const shown: string[] = [];
    vi.stubGlobal('self', {
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
      registration: { showNotification: async (title: string) => void shown.push(title) },
      navigator: setAppBadge ? { setAppBadge } : {},
    });
    registerPushHandlers();
    const push = async (payload: unknown) => {
      const waits: Promise<unknown>[] = [];
      listeners.get('push')!({ data: { text: () => JSON.stringify(payload) }, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
      await Promise.all(waits);
    };
    return { push, shown };
  }

  it('a push sets the badge to the unread total it carries, beside its notification', async () => {
    const set = vi.fn(async () => undefined);
    const { push, shown } = workerScope(set);
    await push({ ...request, badge: 4 });
    expect(set).toHaveBeenCalledWith(4);
    expect(shown).toEqual(['New booking request']);
  });

  it('a push without a count (or not one of ours) sets a plain mark', async () => {
    const set = vi.fn(async () => undefined);
    const { push } = workerScope(set);
    await push(request);
    await push('something else');
    expect(set.mock.calls).toEqual([[], []]);
  });

  it('does nothing where the platform has no Badging API, and shows the notification even when the badge is refused', async () => {
    const without = workerScope();
    await without.push({ ...request, badge: 2 });
    expect(without.shown).toEqual(['New booking request']);
    await expect(badgeFor(parsePushMessage(JSON.stringify({ ...request, badge: 2 })), {})).resolves.toBeUndefined();

    const refused = workerScope(async () => {
      throw new DOMException('Not allowed', 'NotAllowedError');
    });
    await refused.push({ ...request, badge: 2 });
    expect(refused.shown).toEqual(['New booking request']);
  });
});
