import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { serviceWorkerControls } from '../support/e2e-fixtures.ts';

const dist = path.resolve(import.meta.dirname, '../../dist');
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.webmanifest': 'application/manifest+json', '.png': 'image/png', '.svg': 'image/svg+xml' };

// A copy of the build we can change under the page's feet, served the way the real server does
// (the service worker and the shell always revalidated).
let root: string;
let server: http.Server;
let origin: string;

test.beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-update-'));
  cpSync(dist, root, { recursive: true, filter: (file) => !/\.(br|gz)$/.test(file) });
  server = http.createServer((request, response) => {
    const pathname = new URL(request.url!, 'http://x').pathname;
    const file = path.join(root, pathname);
    const target = file.startsWith(root) && existsSync(file) && !pathname.endsWith('/') ? file : path.join(root, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    response.end(readFileSync(target));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://localhost:${(server.address() as { port: number }).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

/** Ships a new service worker (any byte change is a new version) and has the browser find it. */
async function shipNewVersion(page: Page) {
  writeFileSync(path.join(root, 'sw.js'), `${readFileSync(path.join(root, 'sw.js'), 'utf8')}\n// next release ${Date.now()}\n`);
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
}

/** The update code (workbox-window, with the prompt: `platform/sw-update.ts`). */
const UPDATE_CODE = /\/assets\/sw-update-[\w-]+\.js$/;

/** The update code's requests (from the network or the service worker). */
function updateCodeRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (UPDATE_CODE.test(request.url())) requested.push(request.url());
  });
  return requested;
}

test('a new version offers "A new version is available", and Reload switches to it', async ({ page }) => {
  const updateCode = updateCodeRequests(page);
  await page.goto(`${origin}/`);
  await serviceWorkerControls(page);
  const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  // A first visit registers the worker without workbox-window (decision 45): it loads with an update.
  expect(updateCode).toEqual([]);

  await shipNewVersion(page);

  const toast = page.getByRole('status').filter({ hasText: 'A new version is available' });
  await expect(toast).toBeVisible();
  expect(updateCode).toHaveLength(1);
  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
  await toast.getByRole('button', { name: 'Reload' }).click();

  // While the reload is under way the old page's context can vanish mid-question: ask again.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload ?? false).catch(() => true))
    .toBe(false);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { waiting: Boolean(registration?.waiting), controller: navigator.serviceWorker.controller?.scriptURL };
  });
  expect(state).toEqual({ waiting: false, controller: firstWorker });
  await expect(toast).toHaveCount(0);
});

test('an app opened under an installed version loads workbox-window from the precache and offers the next one', async ({ page }) => {
  await page.goto(`${origin}/`);
  await serviceWorkerControls(page);
  const updateCode: { fromServiceWorker: boolean }[] = [];
  page.on('response', (response) => {
    if (UPDATE_CODE.test(response.url())) updateCode.push({ fromServiceWorker: response.fromServiceWorker() });
  });
  await page.reload();
  await expect.poll(() => updateCode).toEqual([{ fromServiceWorker: true }]);

  await shipNewVersion(page);
  await expect(page.getByRole('status').filter({ hasText: 'A new version is available' })).toBeVisible();
});
