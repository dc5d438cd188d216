/// <reference lib="webworker" />
import { apiUrl } from '#shared/api/api-prefix.ts';
import { bookingsPage, bookingsPaths } from '#shared/api/bookings.paths.ts';
import { notificationsPage } from '#shared/api/notifications.paths.ts';
import type { PushMessage } from '#shared/api/push.ts';
import { SW_SESSION_DB, SW_SESSION_MESSAGE, SW_SESSION_STORE, SW_TOKEN_KEY, type SwSessionMessage } from '#shared/domain/push.ts';

declare const self: ServiceWorkerGlobalScope;

type NotificationData = { url: string; bookingId?: string };
const ICON = '/icons/icon-192.png';

/** The push's JSON, or null when it is not one of ours (a push is always shown, so we fall back). */
export function parsePushMessage(text: string | null | undefined): PushMessage | null {
  try {
    const value = JSON.parse(text ?? '') as Partial<PushMessage>;
    if (typeof value.title !== 'string' || typeof value.body !== 'string' || typeof value.url !== 'string' || typeof value.tag !== 'string') return null;
    // Same-origin paths only: a push never sends the member elsewhere.
    if (!value.url.startsWith('/') || value.url.startsWith('//')) return null;
    return value as PushMessage;
  } catch {
    return null;
  }
}

/** The notification a push message shows: its actions (Accept, Decline) for a booking request. */
export function notificationOf(message: PushMessage | null): { title: string; options: NotificationOptions & { actions?: { action: string; title: string }[] } } {
  if (!message) return { title: 'Rendezvous', options: { body: 'You have something new.', icon: ICON, badge: ICON, data: { url: notificationsPage.path } satisfies NotificationData } };
  return {
    title: message.title,
    options: {
      body: message.body,
      tag: message.tag,
      icon: ICON,
      badge: ICON,
      data: { url: message.url, bookingId: message.bookingId } satisfies NotificationData,
      ...(message.actions ? { actions: message.actions, requireInteraction: true } : {}),
    },
  };
}

/** The Badging API as a worker has it (absent on most platforms). */
export type BadgeHost = { setAppBadge?: (count?: number) => Promise<void> };

/**
 * The app icon's badge when a push arrives: the unread total the server sent, or, from a push
 * without one, a plain mark (the worker cannot count on its own). Nothing where the platform has no
 * Badging API, and a refusal is ignored: the notification is what matters.
 */
export async function badgeFor(message: PushMessage | null, host: BadgeHost): Promise<void> {
  if (typeof host.setAppBadge !== 'function') return;
  try {
    // A count of 0 clears the badge, as the API defines it.
    await (typeof message?.badge === 'number' ? host.setAppBadge(message.badge) : host.setAppBadge());
  } catch {
    // Not allowed (not installed, or badges turned off).
  }
}

export type AcceptDeps = {
  token(): Promise<string | null>;
  fetch: typeof fetch;
  show(title: string, options: NotificationOptions): Promise<void>;
  open(url: string): Promise<void>;
};

/**
 * The Accept action: the service worker confirms the booking through the API itself, with the
 * token the page gave it, and says how it went. Without a token (signed out) the app opens instead.
 */
export async function acceptBooking(bookingId: string, tag: string | undefined, deps: AcceptDeps): Promise<'confirmed' | 'refused' | 'opened'> {
  const token = await deps.token();
  if (!token) {
    await deps.open(notificationsPage.path);
    return 'opened';
  }
  let response: Response;
  try {
    response = await deps.fetch(apiUrl(bookingsPaths.respond(bookingId)), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ action: 'confirm' }),
    });
  } catch {
    await deps.show('Not accepted yet', { body: 'You seem to be offline. Open Rendezvous to accept the request.', tag, icon: ICON, data: { url: notificationsPage.path } });
    return 'refused';
  }
  if (response.ok) {
    await deps.show('Date confirmed', { body: 'You accepted the booking request. See it in My Bookings.', tag, icon: ICON, data: { url: bookingsPage.path } });
    return 'confirmed';
  }
  const error = ((await response.json().catch(() => null)) as { error?: string } | null)?.error;
  const body = response.status === 401 ? 'Please sign in to Rendezvous again to answer it.' : error ?? 'The request could not be accepted.';
  await deps.show('Could not accept', { body, tag, icon: ICON, data: { url: notificationsPage.path } });
  return 'refused';
}

/** One value in the worker's own IndexedDB store (plain IndexedDB: the worker imports only shared code and Workbox). */
function tokenStore(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(SW_SESSION_DB, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(SW_SESSION_STORE);
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const db = opening.result;
      const request = use(db.transaction(SW_SESSION_STORE, mode).objectStore(SW_SESSION_STORE));
      request.onsuccess = () => {
        db.close();
        resolve(request.result);
      };
      request.onerror = () => {
        db.close();
        reject(request.error);
      };
    };
  });
}
/** The session token the page handed the worker (null when signed out). */
export const readToken = async () => ((await tokenStore('readonly', (store) => store.get(SW_TOKEN_KEY))) as string | undefined) ?? null;
const writeToken = (token: string | null) =>
  tokenStore('readwrite', (store) => (token === null ? store.delete(SW_TOKEN_KEY) : store.put(token, SW_TOKEN_KEY))).then(() => undefined);

/** The app's address for a Decline: the booking's decline dialog (a decline needs a message, so it cannot happen in the notification). */
export const declineUrl = bookingsPage.decline;

/** What a tap on a notification or one of its buttons does: Accept answers in the worker; anything else opens a screen. */
export function clickOutcome(action: string, data: Partial<NotificationData> | null | undefined): { accept: string } | { open: string } {
  const url = typeof data?.url === 'string' ? data.url : notificationsPage.path;
  if (data?.bookingId && action === 'accept') return { accept: data.bookingId };
  if (data?.bookingId && action === 'decline') return { open: declineUrl(data.bookingId) };
  return { open: url };
}

type AppWindow = { url: string; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> };

/**
 * Focuses a window of the app and takes it to `url`, or opens one. A refused focus (no user
 * activation) or navigation still leaves the other half done; with no window, a new one opens.
 */
export async function focusOrOpen(url: string, origin: string, clients: { windows(): Promise<readonly AppWindow[]>; openWindow(url: string): Promise<unknown> }): Promise<void> {
  const target = new URL(url, origin).href;
  const open = (await clients.windows()).find((client) => new URL(client.url).origin === origin);
  if (!open) {
    await clients.openWindow(target);
    return;
  }
  await open.focus().catch(() => undefined);
  if (open.url !== target) await open.navigate(target).catch(() => clients.openWindow(target));
}

const openApp = (url: string) =>
  focusOrOpen(url, self.location.origin, {
    windows: () => self.clients.matchAll({ type: 'window', includeUncontrolled: true }),
    openWindow: (target) => self.clients.openWindow(target),
  });

/** Registers the push, notificationclick and session-token handlers on the service worker. */
export function registerPushHandlers() {
  self.addEventListener('message', (event) => {
    const data = event.data as Partial<SwSessionMessage> | undefined;
    if (data?.type !== SW_SESSION_MESSAGE) return;
    // The page posts the token at start and on every sign-in or sign-out; null wipes it.
    event.waitUntil(writeToken(typeof data.token === 'string' ? data.token : null));
  });

  self.addEventListener('push', (event) => {
    const message = parsePushMessage(event.data?.text());
    const { title, options } = notificationOf(message);
    event.waitUntil(Promise.all([self.registration.showNotification(title, options), badgeFor(message, self.navigator as WorkerNavigator & BadgeHost)]));
  });

  self.addEventListener('notificationclick', (event) => {
    const notification = event.notification;
    const outcome = clickOutcome(event.action, notification.data as Partial<NotificationData> | null);
    notification.close();
    if ('accept' in outcome) {
      event.waitUntil(
        acceptBooking(outcome.accept, notification.tag || undefined, {
          token: readToken,
          fetch: (input, init) => fetch(input, init),
          show: (title, options) => self.registration.showNotification(title, options),
          open: openApp,
        }),
      );
      return;
    }
    // Decline opens the booking's decline dialog in the app; a tap opens the push's screen.
    event.waitUntil(openApp(outcome.open));
  });
}
