import { expect, test, type Page } from '@playwright/test';
import type { PushMessage } from '../../src/shared/api/push.ts';
import { addPhoto, apiPost, confirmedDate, createMember, navigateInApp, serviceWorkerControls, signInAs, type Member } from '../support/e2e-fixtures.ts';

/*
 * The installed app's badge (the Badging API), in Chromium with the real app and its built service
 * worker. Headless Chromium draws no app icon, so the icon is stood in for by a recorder: each call
 * to setAppBadge / clearAppBadge is written down (and still passed to the browser's own, when it
 * has one) where the test can read it.
 */

type BadgeCall = number | 'mark' | 'clear';
/** The bits of the worker's global scope used here (the tests compile with the DOM library, not WebWorker). */
type WorkerScope = { registration: { getNotifications(): Promise<Notification[]> } };

/** The stand-in for the OS icon in the page: the calls, kept in sessionStorage so they outlive a page load. */
async function recordPageBadge(page: Page) {
  await page.addInitScript(() => {
    const KEY = 'test:app-badge-calls';
    const record = (call: unknown) => sessionStorage.setItem(KEY, JSON.stringify([...(JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as unknown[]), call]));
    const proto = Navigator.prototype as unknown as Record<string, ((...args: unknown[]) => Promise<void>) | undefined>;
    const ownSet = proto.setAppBadge;
    const ownClear = proto.clearAppBadge;
    Object.defineProperty(Navigator.prototype, 'setAppBadge', {
      configurable: true,
      value(this: Navigator, count?: number) {
        record(count === undefined ? 'mark' : count);
        return ownSet ? ownSet.call(this, count) : Promise.resolve();
      },
    });
    Object.defineProperty(Navigator.prototype, 'clearAppBadge', {
      configurable: true,
      value(this: Navigator) {
        record('clear');
        return ownClear ? ownClear.call(this) : Promise.resolve();
      },
    });
  });
}
const pageBadge = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('test:app-badge-calls') ?? '[]') as BadgeCall[]);

const call = async (baseURL: string, member: Member, method: string, path: string) => {
  const answer = await fetch(`${baseURL}/api${path}`, { method, headers: { authorization: `Bearer ${member.token}` } });
  expect(answer.status, `${method} ${path}`).toBe(200);
  return (await answer.json()) as Record<string, unknown>;
};

/** Reads every inbox item of the member, so their unread total is the messages alone. */
async function readInbox(baseURL: string, member: Member) {
  const { notifications } = (await call(baseURL, member, 'GET', '/users/notifications')) as { notifications: { _id: string; isRead: boolean }[] };
  for (const item of notifications.filter((n) => !n.isRead)) await call(baseURL, member, 'PUT', `/users/notifications/${item._id}/read`);
  expect((await call(baseURL, member, 'GET', '/users/notifications/unread-count')).count).toBe(0);
}

async function datedPair(baseURL: string) {
  const tag = Math.random().toString(36).slice(2, 6);
  const [host, guest] = await Promise.all([
    createMember(baseURL, { verified: true, gender: 'female', name: `Hana ${tag}`, age: 30 }),
    createMember(baseURL, { verified: true, gender: 'male', name: `Gabe ${tag}`, age: 32, interests: ['hiking'], bio: 'Coffee first, then a walk.' }),
  ]);
  await addPhoto(baseURL, guest);
  await confirmedDate(baseURL, host, guest);
  await readInbox(baseURL, host);
  return { host, guest, tag };
}

test("an unread message puts the count on the app's icon, and reading it clears the icon", async ({ browser, baseURL }) => {
  const { host, guest, tag } = await datedPair(baseURL!);
  // A wide screen, where the header's navigation shows the Messages count.
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await recordPageBadge(page);
  await signInAs(page, host);

  // Nothing unread: the app clears the icon once it knows.
  await page.goto('/browse');
  await expect.poll(() => pageBadge(page)).toEqual(['clear']);

  // A message arrives: the icon shows 1 (messages plus inbox items) as the header's count does.
  await apiPost(baseURL!, guest, '/messages/send', { recipientId: host.user._id, content: 'See you at eight!' }, 201);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const messagesNav = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ });
  await expect(messagesNav).toContainText('1');
  await expect.poll(() => pageBadge(page)).toEqual(['clear', 1]);

  // Reading the conversation clears it.
  await navigateInApp(page, `/messages/${guest.user._id}`);
  await expect(page.getByRole('log', { name: `Messages with Gabe ${tag}` })).toContainText('See you at eight!');
  await expect.poll(async () => (await pageBadge(page)).at(-1)).toBe('clear');
  expect((await pageBadge(page)).filter((c) => typeof c === 'number')).toEqual([1]);
  await context.close();
});

test('a push reaching the service worker sets the badge to the unread total it carries', async ({ browser, baseURL }) => {
  const { host, guest, tag } = await datedPair(baseURL!);
  await apiPost(baseURL!, guest, '/messages/send', { recipientId: host.user._id, content: 'Running five minutes late.' }, 201);
  const unread = ((await call(baseURL!, host, 'GET', '/messages/unread-count')).unreadCount as number) + ((await call(baseURL!, host, 'GET', '/users/notifications/unread-count')).count as number);
  expect(unread).toBe(1);

  const context = await browser.newContext({ baseURL });
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  const page = await context.newPage();
  await signInAs(page, host);
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await page.goto('/profile');
  await serviceWorkerControls(page);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));

  // The stand-in for the OS icon in the worker: its navigator's setAppBadge records each call.
  await worker.evaluate(() => {
    const scope = self as unknown as { navigator: object; badgeCalls: unknown[] };
    scope.badgeCalls = [];
    const proto = Object.getPrototypeOf(scope.navigator) as object;
    Object.defineProperty(proto, 'setAppBadge', {
      configurable: true,
      value: (count?: number) => {
        scope.badgeCalls.push(count === undefined ? 'mark' : count);
        return Promise.resolve();
      },
    });
  });

  // The server's message push, as the push service hands it to the worker (tests/api/push.test.ts checks the server sends it so).
  const message: PushMessage = {
    type: 'message',
    title: `Gabe ${tag}`,
    body: 'Running five minutes late.',
    url: `/messages/${guest.user._id}`,
    tag: `message-${guest.user._id}`,
    badge: unread,
  };
  const origin = new URL(baseURL!).origin;
  await expect.poll(() => registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`)?.registrationId).toBeTruthy();
  const registrationId = registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`)!.registrationId;
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(message) });

  const workerBadge = () => worker.evaluate(() => (self as unknown as { badgeCalls: unknown[] }).badgeCalls);
  await expect.poll(workerBadge).toEqual([1]);
  // The notification shows beside it.
  await expect
    .poll(() => worker.evaluate(async () => (await (self as unknown as WorkerScope).registration.getNotifications()).map((n) => n.tag)))
    .toEqual([message.tag]);

  // A push without a count (an older server) leaves a plain mark.
  const { badge: _badge, ...withoutCount } = message;
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(withoutCount) });
  await expect.poll(workerBadge).toEqual([1, 'mark']);
  await context.close();
});
