import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { addPhoto, createMember, signInAs } from '../support/e2e-fixtures.ts';

/*
 * A member's page on a cold start (decisions 61, 64): the shell asks for the page's code beside the
 * start-up script; on /browse it asks for the first page itself, paints the first card's photo where
 * the page will, and only then asks for the app's code. Requests are held here to show the order (no
 * timing); the service worker is kept out so every request is seen.
 */
test.use({ serviceWorkers: 'block' });

const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../dist/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
/** The built file of a route's split part ('loader' or 'component'). */
const chunkOf = (route: string, part: 'loader' | 'component') => `/${manifest[`src/app/routes/_member/_verified/${route}.tsx?tsr-split=${part}`]!.file}`;
/** The app's start-up script, which the shell's head script asks for. */
const startUpScript = `/${manifest['index.html']!.file}`;

/** Holds every request for `pathname` until `release()`; `seen` resolves on the first. */
async function hold(page: Page, pathname: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen!: () => void;
  const first = new Promise<void>((resolve) => (seen = resolve));
  await page.route((url) => url.pathname === pathname, async (route) => {
    seen();
    await released;
    await route.continue();
  });
  return { seen: first, release };
}

test("/browse: the shell asks for the member's first page and paints its first photo where the page will, before the app's code is asked for", async ({ page, baseURL }) => {
  const tag = `load${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const [viewer, shown] = await Promise.all([
    createMember(baseURL!, { verified: true, interests: [tag] }),
    createMember(baseURL!, { verified: true, gender: 'female', name: 'Ines', interests: [tag] }),
  ]);
  await addPhoto(baseURL!, shown);
  await signInAs(page, viewer);
  // The member narrows the list to this test's members (the filters stay on the device).
  await page.goto('/browse');
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Interests').fill(tag);
  await expect(page.getByRole('article')).toHaveCount(1);

  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/users/browse' || pathname.startsWith('/api/photos/') || pathname === startUpScript) asked.push(pathname);
  });
  const startUp = await hold(page, startUpScript);
  const dataAsked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/users/browse');
  await page.reload();
  await startUp.seen;
  // Before any of the app's code: the member's own first page (their filters), and its first card's
  // photo painted in the shell's skeleton of the page.
  expect(new URL((await dataAsked).url()).searchParams.get('interests')).toBe(tag);
  const early = page.locator('.browse-skeleton .profile-card-photo img');
  await expect.poll(() => early.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(asked.map((pathname) => pathname.split('/')[2])).toEqual(['users', 'photos', startUpScript.split('/')[2]]);
  const shellBox = await early.boundingBox();
  const src = await early.getAttribute('src');

  startUp.release();
  const photo = page.getByRole('article', { name: /^Ines,/ }).locator('.profile-card-photo img');
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The page shows the same photo in the same place, from the shell's answer: one call, one photo.
  expect(await photo.getAttribute('src')).toBe(src);
  expect(await photo.boundingBox()).toEqual(shellBox);
  await expect(page.locator('.browse-skeleton')).toHaveCount(0);
  expect(asked.filter((pathname) => pathname === '/api/users/browse')).toHaveLength(1);
  expect(asked.filter((pathname) => pathname.startsWith('/api/photos/'))).toHaveLength(1);
});

test('/browse?tab=dates: the shell asks for no profile page and paints no profile photo', async ({ page, baseURL }) => {
  await signInAs(page, await createMember(baseURL!, { verified: true }));
  const browseCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/users/browse') browseCalls.push(request.url());
  });
  const startUp = await hold(page, startUpScript);
  await page.goto('/browse?tab=dates');
  await startUp.seen;
  expect(browseCalls).toEqual([]);
  await expect(page.locator('.browse-skeleton img')).toHaveCount(0);
  startUp.release();
  await expect(page.getByRole('tab', { name: 'Available Dates' })).toHaveAttribute('aria-selected', 'true');
});

test("/browse without an answer from the shell's call: the app starts at once and shows the failure from its own call", async ({ page, baseURL }) => {
  await signInAs(page, await createMember(baseURL!, { verified: true }));
  let calls = 0;
  await page.route((url) => url.pathname === '/api/users/browse', (route) => (++calls === 1 ? route.abort() : route.fulfill({ status: 500, json: { error: 'down' } })));
  await page.goto('/browse');
  await expect(page.getByText('Failed to load profiles')).toBeVisible();
  // The shell's call, then the app's own (and its retries).
  expect(calls).toBeGreaterThanOrEqual(2);
});

test("the shell asks for a member's page code beside the start-up script once it has painted, and a visitor's shell asks for none", async ({ page, baseURL }) => {
  const startUp = await hold(page, startUpScript);
  const pageCode = [chunkOf('bookings', 'loader'), chunkOf('bookings', 'component'), `/${manifest['src/app/platform/query-provider.tsx']!.file}`];

  // A visitor: the shell (a member path) names no code of a member page.
  await page.goto('/bookings', { waitUntil: 'commit' });
  await startUp.seen;
  await expect(page.locator('#root')).toBeAttached();
  await expect(page.locator(`head link[rel="modulepreload"]:not([href="${startUpScript}"])`)).toHaveCount(0);
  startUp.release();
  await expect(page).toHaveURL(/\/login/);
  await page.unrouteAll();

  await signInAs(page, await createMember(baseURL!, { verified: true }));
  const heldAgain = await hold(page, startUpScript);
  const asked = pageCode.map((file) => page.waitForRequest((request) => new URL(request.url()).pathname === file));
  await page.goto('/bookings', { waitUntil: 'commit' });
  await heldAgain.seen;
  // Asked for once the shell had painted (its first paint never waits for code).
  expect(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
  // The start-up script has not arrived: the page's route code and the query cache's are on their way.
  await Promise.all(asked);
  heldAgain.release();
  await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading Rendezvous' })).toHaveCount(0);
});
