import { expect, test } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { BOOKING_ERRORS } from '#shared/api/bookings.paths.ts';

test('the shell, page paths and assets are served with the right caching', async ({ request }) => {
  for (const path of ['/', '/browse', '/user/abc']) {
    const page = await request.get(path, { headers: { 'accept-encoding': 'identity' } });
    expect(page.status(), path).toBe(200);
    expect(page.headers()['content-type']).toContain('text/html');
    expect(page.headers()['cache-control']).toBe('no-cache');
  }
  const html = await (await request.get('/')).text();
  // The start-up script, named in the page's data for the head script (no page has a tag for it).
  const script = html.match(/"entry":"(\/assets\/[^"]+\.js)"/)![1]!;
  const asset = await request.get(script, { headers: { 'accept-encoding': 'br' } });
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-encoding']).toBe('br');
  // A hashed file keeps what applies to it, not the policies of a document (decision 58).
  expect(asset.headers()['x-content-type-options']).toBe('nosniff');
  expect(asset.headers()['cross-origin-resource-policy']).toBe('same-origin');
  expect(asset.headers()['content-security-policy']).toBeUndefined();
  expect(asset.headers()['x-frame-options']).toBeUndefined();
  for (const path of ['/', '/browse']) expect((await request.get(path)).headers()['content-security-policy'], path).toContain("default-src 'self'");

  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-security-policy']).toContain("worker-src 'self'");

  expect((await request.get('/assets/missing.js')).status()).toBe(404);
  const api = await request.get('/api/nope');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ error: 'No such call: GET /api/nope' });
});

test("a visitor's first visit to / stays within the JavaScript budget (120 KB gzip) and loads no member code", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.set(response.url(), response.body());
  });
  await page.goto(`${baseURL}/`, { waitUntil: 'networkidle' });
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
  // The page's data names the start-up script, which the head script asks for once the page has
  // painted: it is counted, so the budget cannot pass by measuring before it came.
  const entry = await page.evaluate(() => (JSON.parse(document.getElementById('page-data')!.textContent!) as { entry: string }).entry);
  expect([...scripts.keys()].map((url) => new URL(url).pathname)).toContain(entry);
  const bodies = await Promise.all(scripts.values());
  const gzipBytes = bodies.reduce((total, body) => total + gzipSync(body, { level: 9 }).length, 0);
  expect(gzipBytes).toBeLessThanOrEqual(120 * 1024);
  // The HTTP client's schema library, the member header and the query cache come with signing in, not before.
  const code = bodies.map((body) => body.toString('utf8')).join('\n');
  expect(code).not.toContain('Account menu');
  expect(code).not.toContain('Invalid input');
  expect(code).not.toContain('No QueryClient set');
  // A member route's search check runs from the start-up script: it must not bring its feature's paths and texts (decision 61).
  expect(code.includes(BOOKING_ERRORS.slotFull), 'the booking texts are in the first visit').toBe(false);
  await context.close();
});

test("a visitor's sign-in and sign-up pages hydrate without the schema library, which comes with the form's first focus", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    // A body the browser let go of once the page navigated on is asked for again by its address.
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => fetch(response.url()).then((again) => again.text())));
  });
  const loaded = async () => (await Promise.all(scripts)).join('\n');
  for (const path of ['/register', '/login']) {
    await page.goto(`${baseURL}${path}`, { waitUntil: 'networkidle' });
    expect(await loaded(), path).not.toContain('Invalid input');
  }
  // Keyboard only: into the form, then submit it empty; the spec's messages still show.
  await page.getByLabel('Email').focus();
  await expect.poll(loaded).toContain('Invalid input');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Email is required')).toBeVisible();
  await context.close();
});

test("a visitor's links load their page's code on intent (hover or focus), so the click needs nothing more", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${baseURL}/`, { waitUntil: 'networkidle' });
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requested.push(request.url());
  });
  const signIn = page.getByRole('link', { name: 'Sign In' });
  await signIn.hover();
  await expect.poll(() => requested.length).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  const afterHover = requested.length;
  await signIn.click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(requested).toHaveLength(afterHover);

  // The keyboard's way: focusing a link preloads its page too.
  await page.getByRole('link', { name: 'Create an account' }).focus();
  await expect.poll(() => requested.length).toBeGreaterThan(afterHover);
  await context.close();
});
