import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { addDays, todayIn } from '#shared/domain/time-zones.ts';
import { addPhoto, apiPost, confirmedDate, createMember, keptValue, serviceWorkerControls, signInAs, tomorrowInVancouver, type Member } from '../support/e2e-fixtures.ts';
import { startNetworkSwitch, type NetworkSwitch } from '../support/network-switch.ts';

// The app is opened through a switch in front of the suite's server, so a test can cut the network
// for real: the page's requests, the service worker's and the live connection's (setOffline alone
// leaves the worker's fetches alone). The page is also told it is offline (setOffline), as a phone is.
let net: NetworkSwitch;
test.beforeEach(async ({ baseURL }) => {
  net = await startNetworkSwitch(Number(new URL(baseURL!).port));
});
test.afterEach(() => net.close());

async function offline(context: BrowserContext) {
  net.down();
  await context.setOffline(true);
}
async function online(context: BrowserContext) {
  net.up();
  await context.setOffline(false);
}

/** A guest with a confirmed date with a host: they may chat. */
async function datePair(baseURL: string) {
  const tag = Math.random().toString(36).slice(2, 6);
  const [host, guest] = await Promise.all([
    createMember(baseURL, { verified: true, gender: 'female', name: `Hana ${tag}`, age: 30 }),
    createMember(baseURL, { verified: true, gender: 'male', name: `Gabe ${tag}`, age: 32, interests: ['hiking'], bio: 'Coffee first, then a walk.' }),
  ]);
  await addPhoto(baseURL, guest);
  await confirmedDate(baseURL, host, guest);
  return { host, guest, hostName: `Hana ${tag}` };
}

async function apiGet<T>(baseURL: string, member: Member, path: string): Promise<T> {
  const answer = await fetch(`${baseURL}/api${path}`, { headers: { authorization: `Bearer ${member.token}` } });
  expect(answer.status, path).toBe(200);
  return (await answer.json()) as T;
}

/** Every message between the member and another, oldest first (walking the thread's pages). */
async function threadOf(baseURL: string, member: Member, otherId: string): Promise<string[]> {
  let all: string[] = [];
  let before: string | null = null;
  for (;;) {
    const query: URLSearchParams = new URLSearchParams({ limit: '50', ...(before ? { before } : {}) });
    const page: { messages: { content: string }[]; hasMore: boolean; nextCursor: string | null } = await apiGet<{ messages: { content: string }[]; hasMore: boolean; nextCursor: string | null }>(
      baseURL,
      member,
      `/messages/conversation/${otherId}?${query}`,
    );
    all = [...page.messages.map((m) => m.content), ...all];
    if (!page.hasMore) return all;
    before = page.nextCursor;
  }
}

type Slot = { _id: string; venue: string; date: string };
async function slotsIn(baseURL: string, member: Member, date: string): Promise<Slot[]> {
  const { calendar } = await apiGet<{ calendar: Record<string, Slot[]> }>(
    baseURL,
    member,
    `/availability/my-calendar?year=${Number(date.slice(0, 4))}&month=${Number(date.slice(5, 7))}`,
  );
  return Object.values(calendar).flat();
}

/** A day some days ahead on Vancouver's calendar. */
function dayInVancouver(daysAhead: number): string {
  return addDays(todayIn('America/Vancouver', new Date()), daysAhead);
}

/** Resolves once the member's persisted query cache on the device holds `text` (its writes are throttled). */
async function cachedOnDevice(page: Page, member: Member, text: string) {
  const read = () => keptValue(page, `rendezvous-cache:${member.user._id}`);
  await expect.poll(read, { message: `the device's cache holds ${text}` }).toContain(text);
}

async function openApp(page: Page, path: string) {
  await page.goto(`${net.url}${path}`);
}

async function addSlot(page: Page, day: string, venue: string) {
  await page.getByLabel('Date', { exact: true }).fill(day);
  await page.getByLabel('Start time').selectOption('10:00');
  await page.getByLabel('End time').selectOption('11:00');
  await page.getByLabel('Venue').fill(venue);
  await page.getByRole('button', { name: 'Add this time' }).click();
}

test('offline, a message and a new slot wait on the device through a reload and a closed app, then reach the server exactly once', async ({ context, baseURL }) => {
  const { host, guest, hostName } = await datePair(baseURL!);
  const day = dayInVancouver(4);
  const venue = `Outbox Café ${Math.random().toString(36).slice(2, 6)}`;
  const message = 'Written on the train without a signal';

  let page = await context.newPage();
  await signInAs(page, guest);
  // Once online: the screens' data is kept on the device and the service worker takes the page.
  await openApp(page, '/availability');
  await expect(page.getByRole('heading', { level: 1, name: 'My Availability' })).toBeVisible();
  await expect(page.getByText('No upcoming free times yet.')).toBeVisible();
  await serviceWorkerControls(page);
  await cachedOnDevice(page, guest, '"calendar"');
  await openApp(page, `/messages/${host.user._id}`);
  const log = page.getByRole('log', { name: `Messages with ${hostName}` });
  await expect(log).toBeVisible();
  await cachedOnDevice(page, guest, '"thread"');

  await offline(context);
  const box = page.getByRole('textbox', { name: `Message ${hostName}` });
  await box.fill(message);
  await box.press('Enter');
  await expect(log.getByRole('listitem').filter({ hasText: message })).toContainText('Waiting to send…');
  await expect(box).toHaveValue('');

  await openApp(page, '/availability');
  await addSlot(page, day, venue);
  const upcoming = page.getByRole('list', { name: 'All my upcoming availability' });
  await expect(upcoming.getByRole('listitem').filter({ hasText: venue })).toContainText('Waiting to publish…');

  // A reload, offline: both still wait.
  await page.reload();
  await expect(upcoming.getByRole('listitem').filter({ hasText: venue })).toContainText('Waiting to publish…');
  await openApp(page, `/messages/${host.user._id}`);
  await expect(log.getByRole('listitem').filter({ hasText: message })).toContainText('Waiting to send…');

  // The app closed and opened again, still offline: still waiting, nothing reached the server.
  await page.close();
  page = await context.newPage();
  await openApp(page, `/messages/${host.user._id}`);
  const reopenedLog = page.getByRole('log', { name: `Messages with ${hostName}` });
  await expect(reopenedLog.getByRole('listitem').filter({ hasText: message })).toContainText('Waiting to send…');
  expect(await threadOf(baseURL!, guest, host.user._id)).toEqual([]);
  expect(await slotsIn(baseURL!, guest, day)).toEqual([]);

  // Signing out now first says what would wait on the device; the member stays.
  let warning = '';
  page.once('dialog', (dialog) => {
    warning = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect.poll(() => warning).toBe('2 changes have not been sent yet. They stay on this device and will be sent when you sign in again. Sign out anyway?');
  await page.keyboard.press('Escape');
  await expect(reopenedLog).toBeVisible();

  // Back online: both are sent, and the marks go.
  await online(context);
  await expect(reopenedLog.getByRole('listitem').filter({ hasText: message })).not.toContainText('Waiting to send…');
  await expect.poll(() => threadOf(baseURL!, guest, host.user._id)).toEqual([message]);
  await expect.poll(async () => (await slotsIn(baseURL!, guest, day)).filter((slot) => slot.venue === venue).length).toBe(1);
  await openApp(page, '/availability');
  const listed = page.getByRole('list', { name: 'All my upcoming availability' }).getByRole('listitem').filter({ hasText: venue });
  await expect(listed).toHaveCount(1);
  await expect(listed).not.toContainText('Waiting to publish…');

  // Reloads and reopenings sent nothing twice.
  await page.reload();
  await expect(listed).toHaveCount(1);
  expect(await threadOf(baseURL!, guest, host.user._id)).toEqual([message]);
  expect((await slotsIn(baseURL!, guest, day)).filter((slot) => slot.venue === venue)).toHaveLength(1);
});

test('with no page open, Background Sync in the service worker sends the queue', async ({ context, baseURL }) => {
  const { host, guest, hostName } = await datePair(baseURL!);
  const message = 'Sent by the service worker';
  const page = await context.newPage();
  await signInAs(page, guest);
  await openApp(page, `/messages/${host.user._id}`);
  await serviceWorkerControls(page);
  const log = page.getByRole('log', { name: `Messages with ${hostName}` });
  await expect(log).toBeVisible();

  await offline(context);
  const box = page.getByRole('textbox', { name: `Message ${hostName}` });
  await box.fill(message);
  await box.press('Enter');
  await expect(log.getByRole('listitem').filter({ hasText: message })).toContainText('Waiting to send…');

  // The app is closed; only the service worker is left. A page of another origin drives DevTools.
  const driver = await context.newPage();
  await page.close();
  const cdp = await context.newCDPSession(driver);
  const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
      const ours = list.filter((r: { scopeURL: string }) => r.scopeURL.startsWith(net.url));
      if (ours.length > 0) resolve(ours);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const [registration] = await registrations;

  // The network is back; no page of the app is open to send anything.
  await online(context);
  expect(context.pages().map((p) => p.url())).toEqual(['about:blank']);
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: net.url, registrationId: registration!.registrationId, tag: 'rendezvous-outbox', lastChance: false });
  await expect.poll(() => threadOf(baseURL!, guest, host.user._id)).toEqual([message]);

  // Opening the app again shows it sent, once.
  const again = await context.newPage();
  await openApp(again, `/messages/${host.user._id}`);
  const reopened = again.getByRole('log', { name: `Messages with ${hostName}` });
  await expect(reopened.getByRole('listitem').filter({ hasText: message })).toHaveCount(1);
  await expect(reopened).not.toContainText('Waiting to send…');
  expect(await threadOf(baseURL!, guest, host.user._id)).toEqual([message]);
});

test('a removal the server refuses on replay (the slot was booked meanwhile) is shown with its reason and can be discarded', async ({ context, baseURL }) => {
  const tag = Math.random().toString(36).slice(2, 6);
  const [host, guest] = await Promise.all([
    createMember(baseURL!, { verified: true, gender: 'female', name: `Rhea ${tag}` }),
    createMember(baseURL!, { verified: true, gender: 'male', name: `Rui ${tag}`, interests: ['hiking'], bio: 'Coffee first, then a walk.' }),
  ]);
  await addPhoto(baseURL!, guest);
  const day = dayInVancouver(5);
  const venue = `Booked Bistro ${tag}`;
  const { slot } = (await apiPost(baseURL!, host, '/availability/create', { date: day, startTime: '12:00', endTime: '13:00', dateType: 'lunch', venue }, 201)) as { slot: { _id: string } };

  const page = await context.newPage();
  await signInAs(page, host);
  await openApp(page, '/availability');
  const upcoming = page.getByRole('list', { name: 'All my upcoming availability' });
  const item = upcoming.getByRole('listitem').filter({ hasText: venue });
  await expect(item).toBeVisible();
  await serviceWorkerControls(page);

  await offline(context);
  await item.getByRole('button', { name: /^Remove Lunch/ }).click();
  await page.getByRole('dialog', { name: 'Remove this time?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(item).toContainText('Removing…');

  // Meanwhile, elsewhere, the slot is booked and confirmed.
  const { booking } = (await apiPost(
    baseURL!,
    guest,
    '/bookings/request',
    {
      availabilityId: slot._id,
      requestMessage: 'Lunch sounds lovely.',
      proposedVenue: { name: venue, address: '1 Main St', type: 'restaurant', priceRange: '$$' },
      paymentResponsibility: { paidBy: 'requester' },
    },
    201,
  )) as { booking: { _id: string } };
  await apiPost(baseURL!, host, `/bookings/${booking._id}/respond`, { action: 'confirm' }, 200);

  await online(context);
  const refusal = item.getByRole('alert');
  await expect(refusal).toContainText('Not removed: This slot has a confirmed date: cancel the date first');
  expect((await slotsIn(baseURL!, host, day)).map((s) => s._id)).toEqual([slot._id]);

  // Still shown after a reload: a refusal is never dropped in silence.
  await page.reload();
  await expect(refusal).toContainText('Not removed');
  await refusal.getByRole('button', { name: /^Discard/ }).click();
  await expect(item.getByRole('alert')).toHaveCount(0);
  await expect(item.getByRole('button', { name: /^Remove Lunch/ })).toBeVisible();
  await page.reload();
  await expect(item).toBeVisible();
  await expect(item.getByRole('alert')).toHaveCount(0);
});

test('a message whose chat closed before it was sent is listed on /messages with the reason, and can be discarded', async ({ context, baseURL }) => {
  const tag = Math.random().toString(36).slice(2, 6);
  const [host, guest] = await Promise.all([
    createMember(baseURL!, { verified: true, gender: 'female', name: `Ines ${tag}` }),
    createMember(baseURL!, { verified: true, gender: 'male', name: `Ivo ${tag}`, interests: ['hiking'], bio: 'Coffee first, then a walk.' }),
  ]);
  await addPhoto(baseURL!, guest);
  const { booking } = await confirmedDate(baseURL!, host, guest);

  const page = await context.newPage();
  await signInAs(page, guest);
  await openApp(page, `/messages/${host.user._id}`);
  await serviceWorkerControls(page);
  const log = page.getByRole('log', { name: `Messages with Ines ${tag}` });
  await expect(log).toBeVisible();
  await offline(context);
  const text = 'Still on for tomorrow?';
  const box = page.getByRole('textbox', { name: `Message Ines ${tag}` });
  await box.fill(text);
  await box.press('Enter');
  await expect(log.getByRole('listitem').filter({ hasText: text })).toContainText('Waiting to send…');

  // Meanwhile the host cancels the date: the chat closes.
  await apiPost(baseURL!, host, `/bookings/${booking._id}/cancel`, { reason: 'other', customReason: 'Something came up' }, 200);
  await online(context);

  // The closed chat sends the member back to /messages, where the message waits with the reason.
  await expect(page).toHaveURL(/\/messages$/);
  const refused = page.getByRole('region', { name: 'Messages not sent' });
  await expect(refused).toContainText(`To Ines ${tag}: “${text}”`);
  await expect(refused).toContainText('Chat is only available for confirmed bookings');
  expect(await threadOfCancelled(baseURL!, guest, host.user._id)).toBe(403);
  await page.reload();
  await expect(refused).toContainText(text);
  await refused.getByRole('button', { name: /^Discard/ }).click();
  await expect(refused).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Messages not sent' })).toHaveCount(0);
});

/** The thread's status for the member (403 once the chat closed). */
async function threadOfCancelled(baseURL: string, member: Member, otherId: string): Promise<number> {
  const answer = await fetch(`${baseURL}/api/messages/conversation/${otherId}`, { headers: { authorization: `Bearer ${member.token}` } });
  return answer.status;
}

test('chaos: the network flips 200 times while a member sends 100 messages; each is stored once, in order', async ({ context, baseURL }) => {
  test.setTimeout(120_000);
  const { host, guest, hostName } = await datePair(baseURL!);
  // A member may send 60 messages a minute (decision 20): the server's clock moves a minute on every
  // 25 messages, so a backlog sent at once never meets the limit.
  const moveServerClock = () =>
    fetch(`${baseURL}/api/test/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: 61_000 }) });

  const page = await context.newPage();
  await signInAs(page, guest);
  await openApp(page, `/messages/${host.user._id}`);
  await serviceWorkerControls(page);
  const log = page.getByRole('log', { name: `Messages with ${hostName}` });
  await expect(log).toBeVisible();
  const box = page.getByRole('textbox', { name: `Message ${hostName}` });

  const expected = Array.from({ length: 100 }, (_, i) => `chaos ${String(i + 1).padStart(3, '0')}`);
  let flips = 0;
  const flip = async () => {
    flips += 1;
    if (net.isUp) await offline(context);
    else await online(context);
  };
  for (const [i, text] of expected.entries()) {
    if (i > 0 && i % 25 === 0) await moveServerClock();
    // Two flips a message, at different moments: every third is written offline (queued at once);
    // the others are written online and the network is cut at once, while the send may be on the wire.
    const writtenOffline = i % 3 === 0;
    if (writtenOffline) await flip();
    await box.fill(text);
    await box.press('Enter');
    await flip();
    await expect(box).toHaveValue('');
    if (!writtenOffline) await flip();
  }
  expect(flips).toBe(200);
  await moveServerClock();
  await online(context);

  await expect(log).not.toContainText('Waiting to send…', { timeout: 45_000 });
  await expect.poll(() => threadOf(baseURL!, guest, host.user._id), { timeout: 30_000 }).toEqual(expected);
  // The thread's newest page (50) shows, the last one sent at the bottom, none waiting.
  await expect(log.getByRole('listitem').filter({ hasText: /^You: chaos/ })).toHaveCount(50);
  await expect(log.getByRole('listitem').last()).toContainText('chaos 100');
});
