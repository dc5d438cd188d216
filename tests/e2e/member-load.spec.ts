import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { addPhoto, createMember, signInAs } from '../support/e2e-fixtures.ts';

/*
 * A member's page on a cold start (decision 61): the shell asks for the page's code beside the
 * start-up script, the route's loader asks for the page's data without waiting for the page's UI
 * code, and the first card's photo is asked for as soon as the data is in. Requests are held here
 * to show the order (no timing); the service worker is kept out so every request is seen.
 */
test.use({ serviceWorkers: 'block' });

const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../dist/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
/** The built file of a route's split part ('loader' or 'component'). */
const chunkOf = (route: string, part: 'loader' | 'component') => `/${manifest[`src/app/routes/_member/_verified/${route}.tsx?tsr-split=${part}`]!.file}`;

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

test("/browse asks for its data and the first card's photo while the page's own code is still on its way", async ({ page, baseURL }) => {
  const tag = `load${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const [viewer, shown] = await Promise.all([
    createMember(baseURL!, { verified: true, interests: [tag] }),
    createMember(baseURL!, { verified: true, gender: 'female', name: 'Ines', interests: [tag] }),
  ]);
  await addPhoto(baseURL!, shown);
  await signInAs(page, viewer);
  // The list narrowed to this test's members (the filters a member keeps on the device).
  await page.addInitScript(
    ([owner, interests]) =>
      localStorage.setItem('rendezvous-browse-filters', JSON.stringify({ state: { owner, filters: { interests } }, version: 1 })),
    [viewer.user._id, tag] as const,
  );
  const photoRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/photos/')) photoRequests.push(request.url());
  });
  const screen = await hold(page, chunkOf('browse', 'component'));
  const dataAsked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/users/browse');
  const photoAsked = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/api/photos/'));

  await page.goto('/browse');
  await screen.seen;
  // The screen's code is held: the loader has asked for the first page all the same, and once it
  // came, for the first card's photo (the page's largest paint), at high priority.
  expect(new URL((await dataAsked).url()).searchParams.get('interests')).toBe(tag);
  await photoAsked;
  await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveAttribute('fetchpriority', 'high');
  await expect(page.getByRole('article')).toHaveCount(0);

  screen.release();
  const photo = page.getByRole('article', { name: /^Ines,/ }).locator('.profile-card-photo img');
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The card's <img> took the photo already downloaded: it was asked for once.
  expect(photoRequests).toHaveLength(1);
});

test("the shell asks for a member's page code beside the start-up script, and a visitor's shell asks for none", async ({ page, baseURL }) => {
  const startUp = await hold(page, `/${manifest['index.html']!.file}`);
  const pageCode = [chunkOf('bookings', 'loader'), chunkOf('bookings', 'component'), `/${manifest['src/app/platform/query-provider.tsx']!.file}`];

  // A visitor: the shell (a member path) names no code of a member page.
  await page.goto('/bookings', { waitUntil: 'commit' });
  await startUp.seen;
  await expect(page.locator('#root')).toBeAttached();
  await expect(page.locator('head link[rel="modulepreload"]')).toHaveCount(0);
  startUp.release();
  await expect(page).toHaveURL(/\/login/);
  await page.unrouteAll();

  await signInAs(page, await createMember(baseURL!, { verified: true }));
  const heldAgain = await hold(page, `/${manifest['index.html']!.file}`);
  const asked = pageCode.map((file) => page.waitForRequest((request) => new URL(request.url()).pathname === file));
  await page.goto('/bookings', { waitUntil: 'commit' });
  await heldAgain.seen;
  // The start-up script has not arrived: the page's route code and the query cache's are on their way.
  await Promise.all(asked);
  heldAgain.release();
  await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading Rendezvous' })).toHaveCount(0);
});
