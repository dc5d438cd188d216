import { expect, test, type Browser, type Worker } from '@playwright/test';
import type { PushMessage } from '../../src/shared/api/push.ts';
import { addPhoto, createMember, serviceWorkerControls, signInAs, tomorrowInVancouver, type Member } from '../support/e2e-fixtures.ts';

/*
 * The service worker's half of Web Push, in Chromium with the real built worker. The browser's push
 * service cannot be reached here, so the push is handed to the worker through the DevTools protocol
 * (ServiceWorker.deliverPushMessage) with the payload the server sends (its encryption and delivery
 * are tested in tests/api/push.test.ts). Everything after that is real: the notification, and the
 * Accept action confirming the booking on the suite's server with the token the page gave the worker.
 */

/** The bits of the worker's global scope used here (the tests compile with the DOM library, not WebWorker). */
type WorkerScope = { registration: { getNotifications(): Promise<(Notification & { actions?: { action: string }[] })[]> }; dispatchEvent(event: Event): boolean };
type NotificationEventConstructor = new (type: string, init: { notification: Notification; action: string }) => Event;

const api = async (baseURL: string, member: Member, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${member.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json() };
};

/** A host with a guest's pending request, whose page gave the worker its token, and that request pushed to the worker and shown. */
async function pushedRequest(browser: Browser, baseURL: string) {
  const guestName = `Gus ${Math.random().toString(36).slice(2, 6)}`;
  const [host, guest] = await Promise.all([
    createMember(baseURL, { verified: true, gender: 'female', name: 'Harriet', age: 30 }),
    createMember(baseURL, { verified: true, gender: 'male', name: guestName, age: 32, interests: ['hiking'], bio: 'Coffee first, then a walk.' }),
  ]);
  await addPhoto(baseURL, guest);
  const slot = await api(baseURL, host, 'POST', '/availability/create', { date: tomorrowInVancouver(), startTime: '19:00', endTime: '22:00', dateType: 'dinner', venue: 'Bistro Verde' });
  expect(slot.status, JSON.stringify(slot.body)).toBe(201);
  const request = await api(baseURL, guest, 'POST', '/bookings/request', {
    availabilityId: slot.body.slot._id,
    requestMessage: 'Would love to meet you for dinner!',
    proposedVenue: { name: 'Bistro Verde', address: '1 Main St', type: 'restaurant', priceRange: '$$' },
    paymentResponsibility: { paidBy: 'requester' },
  });
  expect(request.status, JSON.stringify(request.body)).toBe(201);
  const bookingId = request.body.booking._id as string;

  const context = await browser.newContext({ baseURL });
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const page = await context.newPage();
  await signInAs(page, host);
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await page.goto('/profile');
  await serviceWorkerControls(page);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));

  // The page handed the member's token to the worker (which cannot read localStorage).
  const workerToken = () =>
    worker.evaluate(
      () =>
        new Promise<unknown>((resolve, reject) => {
          const open = indexedDB.open('rendezvous-sw', 1);
          open.onerror = () => reject(open.error);
          open.onupgradeneeded = () => open.result.createObjectStore('session');
          open.onsuccess = () => {
            const get = open.result.transaction('session').objectStore('session').get('token');
            get.onsuccess = () => resolve(get.result ?? null);
          };
        }),
    );
  await expect.poll(workerToken).toBe(host.token);

  const message: PushMessage = {
    type: 'booking_request',
    title: 'New booking request',
    body: `${guestName} would like to meet you. Venue: Bistro Verde.`,
    url: '/notifications',
    tag: `booking-request-${bookingId}`,
    bookingId,
    actions: [
      { action: 'accept', title: 'Accept' },
      { action: 'decline', title: 'Decline' },
    ],
  };
  await expect.poll(() => registrations.find((r) => !r.isDeleted && r.scopeURL === `${baseURL}/`)?.registrationId).toBeTruthy();
  const registrationId = registrations.find((r) => !r.isDeleted && r.scopeURL === `${baseURL}/`)!.registrationId;
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL, registrationId, data: JSON.stringify(message) });

  const shown = () =>
    worker.evaluate(async () =>
      (await (self as unknown as WorkerScope).registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        actions: (n.actions ?? []).map((a) => a.action),
      })),
    );
  await expect.poll(shown).toEqual([{ title: 'New booking request', body: message.body, tag: message.tag, actions: ['accept', 'decline'] }]);
  return { context, page, worker, host, bookingId, shown };
}

/** The member taps a button of the notification shown (a click on a notification's button has no DevTools command: the worker's own notificationclick event is dispatched with the notification it shows). */
const tap = (worker: Worker, action: string) =>
  worker.evaluate(async (action) => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    const NotificationEventClass = (self as unknown as { NotificationEvent: NotificationEventConstructor }).NotificationEvent;
    scope.dispatchEvent(new NotificationEventClass('notificationclick', { notification: notification!, action }));
  }, action);

test('a booking request pushed to the service worker shows with Accept and Decline, and Accept confirms it on the server', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { context, worker, host, bookingId, shown } = await pushedRequest(browser, baseURL!);
  await tap(worker, 'accept');

  await expect.poll(async () => (await api(baseURL!, host, 'GET', `/bookings/${bookingId}`)).body.booking?.status).toBe('confirmed');
  await expect.poll(async () => (await shown()).map((n) => n.title)).toEqual(['Date confirmed']);
  await context.close();
});

test("Decline on the notification takes the open window to the request's decline dialog, which declines it with a message", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { context, page, worker, host, bookingId } = await pushedRequest(browser, baseURL!);
  await tap(worker, 'decline');

  await expect(page).toHaveURL(/\/bookings$/);
  const dialog = page.getByRole('dialog', { name: 'Decline' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Message').fill('Sorry, that evening no longer works for me.');
  await dialog.getByRole('button', { name: 'Decline Booking' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await api(baseURL!, host, 'GET', `/bookings/${bookingId}`)).body.booking?.status).toBe('declined');
  expect(context.pages()).toHaveLength(1);
  await context.close();
});
