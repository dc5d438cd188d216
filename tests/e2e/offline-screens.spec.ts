import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { addPhoto, apiPost, confirmedDate, createMember, expectNoSevereA11yViolations, keptKeys, keptValue, serviceWorkerControls, signInAs, tomorrowInVancouver } from '../support/e2e-fixtures.ts';
import { MAIL_DIR } from '../support/e2e-global-setup.ts';
import { startServerProcess, type ServerProcess } from '../support/e2e-server.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';

/*
 * Every core screen opens from what the device kept, with the server really gone (this suite stops
 * its own server: Playwright's setOffline does not cover the service worker's fetches), says it is
 * offline and since when, shows the photos already seen, refreshes when the server is back (the
 * same process data, started again on its port), and sign-out leaves nothing behind.
 */
let server: ServerProcess;
let smtpUrl: string;
let closeSink: () => Promise<void>;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-offline-'));
test.beforeAll(async () => {
  const sink = await startSmtpSink({ dir: MAIL_DIR });
  smtpUrl = sink.url;
  closeSink = () => sink.close();
  server = await startServerProcess({ smtpUrl, quiet: true, dataDir });
});
test.afterAll(async () => {
  await server?.stop();
  await closeSink?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const PHOTO_CACHE = 'rendezvous-photos';

function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** What the service worker's photo cache holds (null: no such cache). */
const cachedPhotos = (page: Page) =>
  page.evaluate(async (name) => ((await caches.has(name)) ? (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname) : null), PHOTO_CACHE);

const offlineLine = (page: Page) => page.getByRole('status').filter({ hasText: /^Offline — updated / });

test('every core screen opens offline from the kept cache after a reload, photos included, and sign-out wipes it all', async ({ browser }) => {
  test.setTimeout(180_000);
  const tag = Math.random().toString(36).slice(2, 6);
  const [me, partner] = await Promise.all([
    createMember(server.url, { verified: true, gender: 'female', name: `Mona ${tag}`, age: 30 }),
    createMember(server.url, { verified: true, gender: 'male', name: `Paul ${tag}`, age: 32, interests: ['hiking'], bio: 'Coffee first, then a walk.' }),
  ]);
  await addPhoto(server.url, partner);
  // My own dinner slot, which Paul books and I accept: a booking, a notification and a chat.
  await confirmedDate(server.url, me, partner);
  await apiPost(server.url, partner, '/messages/send', { recipientId: me.user._id, content: `See you at dinner ${tag}` }, 201);
  // Paul's own free time, for my Available Dates.
  await apiPost(server.url, partner, '/availability/create', { date: dayAfter(tomorrowInVancouver()), startTime: '12:00', endTime: '13:00', dateType: 'coffee', venue: 'Cafe Luna' }, 201);

  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signInAs(page, me);
  await page.goto('/browse');
  await serviceWorkerControls(page);
  // Now under the service worker: the photos go through its cache.
  await page.reload();

  const profileCard = page.getByRole('article').filter({ hasText: `Paul ${tag}` });
  const checks: { path: string; kept: string; ready: (page: Page) => Promise<void> }[] = [
    {
      path: '/browse',
      kept: '["browse","list"',
      ready: async (p) => {
        await expect(p.getByRole('article').filter({ hasText: `Paul ${tag}` })).toBeVisible();
      },
    },
    {
      path: `/user/${partner.user._id}`,
      kept: `["browse","member","${partner.user._id}"]`,
      ready: async (p) => {
        await expect(p.getByRole('heading', { level: 1, name: `Paul ${tag}, 32` })).toBeVisible();
      },
    },
    { path: '/bookings', kept: '["bookings"', ready: async (p) => void (await expect(p.getByRole('main')).toContainText(`Paul ${tag}`)) },
    { path: '/messages', kept: '["chat","conversations"]', ready: async (p) => void (await expect(p.getByRole('link', { name: new RegExp(`Paul ${tag}`) })).toContainText(`See you at dinner ${tag}`)) },
    { path: `/messages/${partner.user._id}`, kept: `["chat","thread","${partner.user._id}"]`, ready: async (p) => void (await expect(p.getByRole('log')).toContainText(`See you at dinner ${tag}`)) },
    { path: '/availability', kept: '["availability","calendar"', ready: async (p) => void (await expect(p.getByRole('list', { name: 'All my upcoming availability' })).toContainText('Bistro Verde')) },
    { path: '/notifications', kept: '["notifications","list","active"]', ready: async (p) => void (await expect(p.getByRole('main')).toContainText(`Paul ${tag}`)) },
  ];

  // Online: every screen once, so the device keeps it; the browse photo has loaded.
  await expect(profileCard).toBeVisible();
  await expect.poll(() => profileCard.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect.poll(() => keptValue(page, `rendezvous-cache:${me.user._id}`)).toContain('["browse","list"');
  await page.getByRole('tab', { name: 'Available Dates' }).click();
  await expect(page).toHaveURL(/\/browse\?tab=dates$/);
  await expect(page.getByRole('article').filter({ hasText: 'Cafe Luna' })).toBeVisible();
  await expect.poll(() => keptValue(page, `rendezvous-cache:${me.user._id}`)).toContain('["availability","browse"');
  for (const check of checks.slice(1)) {
    await page.goto(check.path);
    await check.ready(page);
    await expect(offlineLine(page)).toHaveCount(0);
    // The persister writes at most every 500 ms: the screen's data is kept before the next.
    await expect.poll(() => keptValue(page, `rendezvous-cache:${me.user._id}`)).toContain(check.kept);
  }
  const photos = await cachedPhotos(page);
  expect(photos?.some((path) => path.startsWith('/api/photos/'))).toBe(true);

  // The server goes away for real.
  await server.stop();
  expect(await page.evaluate((url) => fetch(`${url}/api/health`).then(() => 'up', () => 'down'), server.url)).toBe('down');

  for (const check of checks) {
    await page.goto(check.path);
    await check.ready(page);
    await expect(offlineLine(page)).toBeVisible();
    // Still signed in: a failed session check for lack of network never sends the member away.
    await expect(page).toHaveURL(new RegExp(`${check.path}$`));
  }

  // Browse again: the photo seen before renders from the service worker's cache, and the Available Dates tab from the kept list.
  await page.goto('/browse');
  await expect(profileCard).toBeVisible();
  await expect.poll(() => profileCard.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await page.getByRole('tab', { name: 'Available Dates' }).click();
  await expect(page.getByRole('article').filter({ hasText: 'Cafe Luna' })).toBeVisible();
  await expect(offlineLine(page)).toBeVisible();
  await expectNoSevereA11yViolations(page);

  // Paul adds a free time meanwhile, through the same data on another port the app never asks: the
  // app's refresh when it notices the server (which may come within the first few ms) cannot precede it.
  const aside = await startServerProcess({ smtpUrl, quiet: true, dataDir });
  await apiPost(aside.url, partner, '/availability/create', { date: dayAfter(dayAfter(tomorrowInVancouver())), startTime: '10:00', endTime: '11:00', dateType: 'coffee', venue: 'Cafe Nova' }, 201);
  await aside.stop();
  // The server comes back: the app notices by itself (no reload) and the screen refreshes.
  server = await startServerProcess({ smtpUrl, quiet: true, dataDir, port: server.port });
  await expect(page.getByRole('article').filter({ hasText: 'Cafe Nova' })).toBeVisible({ timeout: 40_000 });
  await expect(offlineLine(page)).toHaveCount(0);

  // Sign out: nothing of the member stays on the device.
  await page.getByRole('button', { name: /^Menu/ }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  await expect.poll(() => keptKeys(page)).toEqual([]);
  await expect.poll(() => cachedPhotos(page)).toBeNull();
  await context.close();
});
