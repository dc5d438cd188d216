import { expect, test, type Page, type Request } from '@playwright/test';
import { addPhoto, createMember, navigateInApp, signInAs } from '../support/e2e-fixtures.ts';

/*
 * Each member page asks for each of its data once when it opens (decision 53): the route's loader
 * asks, and the page that mounts a moment later keeps that answer instead of asking again. Checked
 * for a navigation within the app and for a full page load. The service worker is kept out so every
 * request is seen here.
 */
test.use({ serviceWorkers: 'block' });

/** An API GET, named by its path and query (without the cache-busting `_`). */
function apiGet(url: string): string | null {
  const { pathname, searchParams } = new URL(url);
  if (!pathname.startsWith('/api/')) return null;
  searchParams.delete('_');
  const query = searchParams.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Counts the API GETs sent while `open` runs and until the network has then been quiet for half a
 * second (Playwright's `networkidle`, which a navigation within the app does not reset).
 */
async function getsWhile(page: Page, open: () => Promise<unknown>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  let inFlight = 0;
  let quietSince = Date.now();
  const sent = (request: Request) => {
    inFlight++;
    const name = request.method() === 'GET' ? apiGet(request.url()) : null;
    if (name) counts[name] = (counts[name] ?? 0) + 1;
  };
  const ended = () => {
    inFlight--;
    quietSince = Date.now();
  };
  page.on('request', sent);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  await open();
  await expect.poll(() => inFlight === 0 && Date.now() - quietSince >= 500, { intervals: [100] }).toBe(true);
  page.off('request', sent);
  page.off('requestfinished', ended);
  page.off('requestfailed', ended);
  return counts;
}

const twice = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 1));

/** Resolves on the live connection's first `ready` (after which a stale-on-connect refetch would go out). */
const connectionReady = (page: Page) =>
  new Promise<void>((resolve) => {
    page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => String(payload).includes('"ready"') && resolve()));
  });

test('every member page asks for each of its data once, opened within the app or by a page load', async ({ page, baseURL }) => {
  const other = await createMember(baseURL!, { verified: true, name: 'Sam', gender: 'female' });
  await addPhoto(baseURL!, other);
  const member = await createMember(baseURL!, { verified: true });
  await signInAs(page, member);
  const pages = [
    ['/browse', 'Browse'],
    ['/browse?tab=dates', 'Browse'],
    ['/bookings', 'My Bookings'],
    ['/availability', 'My Availability'],
    ['/notifications', 'Notifications'],
    ['/profile', 'My Profile'],
    ['/score', 'Reliability score'],
    ['/my-likes', 'My Likes'],
    ['/subscription', 'Team Membership'],
    [`/user/${other.user._id}`, /Sam/],
    ['/messages', 'Messages'],
  ] as const;

  for (const [path, heading] of pages) {
    // Within the app, from a page that asks for none of it.
    await page.goto('/contact');
    await page.waitForLoadState('networkidle');
    const inApp = await getsWhile(page, async () => {
      await navigateInApp(page, path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
    expect.soft(twice(inApp), `${path} opened within the app`).toEqual({});

    // A full page load: the loader's request goes out before the page's code has arrived.
    const loaded = await getsWhile(page, async () => {
      const connected = connectionReady(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await connected;
    });
    expect(Object.keys(loaded).length, `${path} by a page load: the GETs are seen`).toBeGreaterThan(0);
    expect.soft(twice(loaded), `${path} by a page load`).toEqual({});
  }
});
