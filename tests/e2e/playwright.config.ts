import { defineConfig } from '@playwright/test';
import { E2E_PORT } from '../support/e2e-global-setup.ts';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic'];

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
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
  },
});
