import { expect, test, type Page } from '@playwright/test';
import { addPhoto, createMember, signInAs } from '../support/e2e-fixtures.ts';

/*
 * A member's first paint (issue 14): the page's heading from the shell's skeleton at once, its data
 * asked for without waiting on the query provider's code, and nothing moving when the data and
 * photos arrive. The service worker is kept out so every request is seen (and held) here.
 */
test.use({ serviceWorkers: 'block' });

/** Holds every request matching `pattern` until `release()`; `seen` resolves on the first. */
async function hold(page: Page, pattern: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen!: () => void;
  const first = new Promise<void>((resolve) => (seen = resolve));
  await page.route(pattern, async (route) => {
    seen();
    await released;
    await route.continue();
  });
  return { seen: first, release };
}

test("a member's page paints its heading and asks for its data while the query provider's code still downloads", async ({ page, baseURL }) => {
  await signInAs(page, await createMember(baseURL!, { verified: true }));
  const provider = await hold(page, /\/assets\/query-provider-[^/]+\.js$/);
  const browseAsked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/users/browse');
  await page.goto('/browse');
  await provider.seen;
  // Without the provider nothing of the page itself can render: the skeleton already names it,
  // and the route's loader has asked for the first page of members.
  await expect(page.getByRole('heading', { level: 1, name: 'Browse' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading Rendezvous' })).toBeAttached();
  await browseAsked;
  provider.release();
  await expect(page.getByText('All times are shown in UTC.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading Rendezvous' })).toHaveCount(0);
});

test("the live connection, the outbox and push start only once the member's page has rendered", async ({ page, baseURL }) => {
  await signInAs(page, await createMember(baseURL!, { verified: true }));
  const pageCode = await hold(page, /\/assets\/browse-[\w-]+\.js$/);
  const followers: string[] = [];
  const outboxCode = page.waitForRequest(/\/assets\/outbox-[\w-]+\.js$/);
  page.on('request', (request) => {
    if (/\/assets\/member-start-[\w-]+\.js$/.test(request.url())) followers.push(request.url());
  });
  const meAsked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/auth/me');
  await page.goto('/browse');
  await pageCode.seen;
  // The session check goes out and the page has loaded; its code is held, so it cannot render.
  await meAsked;
  await page.waitForLoadState('load');
  expect(followers).toEqual([]);
  pageCode.release();
  await expect(page.getByText('All times are shown in UTC.')).toBeVisible();
  await expect.poll(() => followers.length).toBe(1);
  // Their code never links the start-up stylesheet again (it is inline in the shell): linked after
  // the page's own stylesheets, it would override them and move the cards.
  await outboxCode;
  expect(await page.locator('link[rel="stylesheet"][href*="/assets/index-"]').count()).toBe(0);
});

test("the skeleton's heading is the one each page then writes", async ({ page, baseURL }) => {
  await signInAs(page, await createMember(baseURL!, { verified: true }));
  const pages = { '/bookings': 'My Bookings', '/notifications': 'Notifications', '/availability': 'My Availability', '/messages': 'Messages', '/my-likes': 'My Likes' };
  for (const [path, heading] of Object.entries(pages)) {
    const provider = await hold(page, /\/assets\/query-provider-[^/]+\.js$/);
    await page.goto(path);
    await provider.seen;
    // The shell's heading, or the page's own skeleton's (/notifications, /availability: decision 81).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading, { useInnerText: true });
    provider.release();
    await expect(page.getByRole('status').filter({ hasText: 'Loading Rendezvous' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await page.unrouteAll();
  }
});

test("the shell alone names the page: before any of the app's code has run, the page's heading, or the skeleton's grey title where it has none", async ({ page, baseURL }) => {
  await signInAs(page, await createMember(baseURL!, { verified: true }));
  // No script runs but the inline head script: what shows is the shell's own first paint (on
  // /notifications, /score and /profile the page's own skeleton, decision 81, with its heading).
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  const pages = [
    ['/bookings', 'My Bookings'],
    ['/notifications/', 'Notifications'],
    ['/browse', 'Browse'],
    ['/score', 'Reliability score'],
    ['/profile', 'My Profile'],
    ['/subscription', null],
  ] as const;
  for (const [path, heading] of pages) {
    await page.goto(path);
    const title = page.locator('.app-skeleton-title');
    if (heading) {
      // As seen and as read out: the other pages' headings in the shell are not displayed.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading, { useInnerText: true });
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      await expect(title).toBeHidden();
    } else {
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
      await expect(title).toBeVisible();
    }
  }
});

test('/browse from a kept cache: the first photo is asked for first, and nothing moves (CLS ≤ 0.03)', async ({ page, baseURL }) => {
  const tag = `paint${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const [viewer, shown] = await Promise.all([
    createMember(baseURL!, { verified: true, interests: [tag] }),
    createMember(baseURL!, { verified: true, gender: 'female', name: 'Selma', interests: [tag] }),
  ]);
  await addPhoto(baseURL!, shown); // square: wider and taller than the card's 4:3 frame
  await signInAs(page, viewer);
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

  // The list narrowed to this test's members (the filter stays on the device), the photo held back.
  await page.goto('/browse');
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Interests').fill(tag);
  const card = page.getByRole('article', { name: /^Selma,/ });
  await expect(page.getByRole('article')).toHaveCount(1);
  const photos = await hold(page, /\/api\/photos\//);
  await page.reload();
  await photos.seen;
  const body = card.locator('.profile-card-body');
  const before = await body.boundingBox();
  const photo = card.locator('.profile-card-photo img');
  await expect(photo).toHaveAttribute('fetchpriority', 'high');
  await expect(photo).toHaveAttribute('loading', 'eager');
  photos.release();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The square photo fills the 4:3 frame: the card's text does not move.
  expect(await body.boundingBox()).toEqual(before);

  // Opened again, from the kept copy: the skeleton, then the page and its photo, without a shift.
  await page.unrouteAll();
  await page.reload();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(card.getByRole('link', { name: /^Selma,/ })).toBeVisible();
  const cls = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
  expect(cls).toBeLessThanOrEqual(0.03);
});
