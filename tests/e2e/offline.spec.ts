import { expect, test } from '@playwright/test';
import { serviceWorkerControls } from '../support/e2e-fixtures.ts';
import { PRERENDERED_CONTENT } from '../support/prerendered-content.ts';
import { startServerProcess, type ServerProcess } from '../support/e2e-server.ts';

// This test kills its own server, so it gets one to itself.
let server: ServerProcess;
test.beforeAll(async () => {
  server = await startServerProcess();
});
test.afterAll(() => server.stop());

test('after one visit the app opens with the server really gone', async ({ page }) => {
  await page.goto(`${server.url}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const tagline = (await page.locator('.tagline:visible').textContent())!;
  await serviceWorkerControls(page);

  await server.stop();
  const down = await page.evaluate((url) => fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(() => 'up', () => 'down'), server.url);
  expect(down).toBe('down');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: tagline })).toBeVisible();

  // Each public page comes from its own prerendered copy; any other path from the app's shell.
  for (const [path, { heading, text }] of Object.entries(PRERENDERED_CONTENT)) {
    await page.goto(`${server.url}${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    await expect(page.locator('main').getByText(text).first(), path).toBeVisible();
    await expect(page.locator('#root[data-prerendered]'), path).toHaveCount(1);
  }
  await page.goto(`${server.url}/browse`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
});
