import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { serviceWorkerControls } from '../support/e2e-fixtures.ts';
import { CHROMIUM_ARGS } from './playwright.config.ts';

test('Chromium considers the app installable', async ({ baseURL }) => {
  // Installability is never reported in an incognito context: a persistent profile it is.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await serviceWorkerControls(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the manifest names the app, its icons and a standalone display', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = await response.json();
  expect(manifest).toMatchObject({ name: 'Rendezvous', short_name: 'Rendezvous', start_url: '/', display: 'standalone', theme_color: '#b0234f' });
  const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of icons) {
    const image = await request.get(icon.src);
    expect(image.headers()['content-type']).toBe('image/png');
  }
});
