import { defineConfig } from '@playwright/test';
import { E2E_PORT } from '../support/e2e-global-setup.ts';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic'];

/**
 * Chromium's headless shell (Debian's chromium-headless-shell: the same engine, service workers and
 * all, without the full browser's windowing) runs the suite in about two thirds of the full
 * browser's time on two cores. It has no Push API or notifications: the specs about those run in
 * the full browser.
 */
const FULL_BROWSER_SPECS = ['push.spec.ts', 'badge.spec.ts', 'lifecycle.spec.ts'];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: '../support/e2e-global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Journeys span two members and several screens; a loaded 2-core CI machine needs the room.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  outputDir: '../../test-results',
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
    // A trace of every test, kept only on failure, cost a third of the suite's CPU (decision 101). A
    // failure keeps its screenshot; `--trace on` on a rerun records each step.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'headless-shell',
      testIgnore: FULL_BROWSER_SPECS,
      use: { launchOptions: { executablePath: '/usr/bin/chromium-headless-shell', args: CHROMIUM_ARGS } },
    },
    {
      name: 'chromium',
      testMatch: FULL_BROWSER_SPECS,
      use: { launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS } },
    },
  ],
});
