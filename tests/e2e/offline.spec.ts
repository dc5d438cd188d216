import { expect, test } from '@playwright/test';
import { serviceWorkerControls } from '../support/e2e-fixtures.ts';
import { PRERENDERED_CONTENT } from '../support/prerendered-content.ts';
import { startNetworkSwitch, type NetworkSwitch } from '../support/network-switch.ts';

// The app is opened through a switch in front of the suite's server: cutting it takes the server
// away for real (every connection reset, new ones refused, the service worker's too), with no
// server of its own to start and kill.
let net: NetworkSwitch;
test.beforeEach(async ({ baseURL }) => {
  net = await startNetworkSwitch(Number(new URL(baseURL!).port));
});
test.afterEach(() => net.close());

test('after one visit the app opens with the server really gone', async ({ page }) => {
  await page.goto(`${net.url}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const tagline = (await page.locator('.tagline:visible').textContent())!;
  await serviceWorkerControls(page);

  net.down();
  const down = await page.evaluate((url) => fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(() => 'up', () => 'down'), net.url);
  expect(down).toBe('down');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: tagline })).toBeVisible();

  // Each public page comes from its own prerendered copy; any other path from the app's shell.
  for (const [path, { heading, text }] of Object.entries(PRERENDERED_CONTENT)) {
    await page.goto(`${net.url}${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    await expect(page.locator('main').getByText(text).first(), path).toBeVisible();
    await expect(page.locator('#root[data-prerendered]'), path).toHaveCount(1);
  }
  await page.goto(`${net.url}/browse`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
});
