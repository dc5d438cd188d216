// The offline part of `npm run bench` (`-- --only offline`): the installed app's warm start with no
// server. A verified member opens /browse?tab=dates once online (the service worker takes the page,
// the Available Dates list is fetched and kept in IndexedDB), then the server process is stopped and
// Chromium's CPU is slowed 4× (DevTools Emulation.setCPUThrottlingRate, as a mid-range phone);
// each run navigates to the same address and times, from the navigation's start
// (performance.timeOrigin), the moment the first kept slot card is in the page (a MutationObserver
// installed before the page's own scripts). Median and p95 over RUNS, beside the goal ≤ 1.0 s.
import { execSync } from 'node:child_process';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startServerProcess, type ServerProcess } from '../tests/support/e2e-server.ts';
import { CHROMIUM_ARGS } from '../tests/e2e/playwright.config.ts';
import { percentile } from './bench-api.ts';
import { call, vancouverDay, verifiedMember } from './bench-members.ts';

const RUNS = 15;
const SLOTS = 12;
const CPU_SLOWDOWN = 4;
const GOAL_MS = 1000;

export async function benchOffline() {
  const root = path.resolve(import.meta.dirname, '..');
  console.log(`\nOffline warm start: /browse?tab=dates with the server stopped, Chromium at ${CPU_SLOWDOWN}× CPU slowdown; navigation → the kept slot list on screen, ${RUNS} runs.`);
  execSync('npm run build --silent', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  execSync('bash scripts/ensure-system-packages.sh', { cwd: root, stdio: 'inherit' });

  let server: ServerProcess | null = await startServerProcess({ quiet: true });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const [host, viewer] = [await verifiedMember(server, 'Hosta', 'female'), await verifiedMember(server, 'Viewer', 'male')];
    for (let i = 0; i < SLOTS; i += 1) {
      await call(server, 'POST', '/availability/create', host.token, { date: vancouverDay(1 + i), startTime: '18:00', endTime: '20:00', dateType: 'drinks', venue: `Bar ${i + 1}` });
    }

    const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });
    await context.addInitScript(
      ([token, user]) => {
        if (!localStorage.getItem('token')) {
          localStorage.setItem('token', token);
          localStorage.setItem('user', user);
        }
        // The first slot card's arrival, from the navigation's start.
        new MutationObserver((_changes, observer) => {
          if (document.querySelector('.slot-card')) {
            (window as unknown as { slotsAt: number }).slotsAt = performance.now();
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      },
      [viewer.token, JSON.stringify(viewer.user)] as const,
    );
    const page = await context.newPage();
    const url = `${server.url}/browse?tab=dates`;
    await page.goto(url);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return;
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    });
    await page.reload();
    await page.locator('.slot-card').first().waitFor();
    // Kept on the device (the persister writes within half a second; hiding the page writes at once).
    await page.waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('keyval-store');
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('keyval')) return resolve(false);
            const all = db.transaction('keyval').objectStore('keyval').getAll();
            all.onsuccess = () => resolve(all.result.some((value) => typeof value === 'string' && value.includes('"availability","browse"')));
          };
          open.onerror = () => resolve(false);
        }),
      undefined,
      { polling: 200, timeout: 15_000 },
    );

    await server.stop();
    server = null;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await page.goto(url, { waitUntil: 'commit' });
      await page.locator('.slot-card').first().waitFor({ timeout: 30_000 });
      await page.getByRole('status').filter({ hasText: /^Offline — updated/ }).first().waitFor({ timeout: 30_000 });
      times.push(await page.evaluate(() => (window as unknown as { slotsAt: number }).slotsAt));
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    times.sort((a, b) => a - b);
    const median = percentile(times, 50);
    const p95 = percentile(times, 95);
    const ms = (value: number) => `${Math.round(value)} ms`;
    console.log(`${'figure'.padEnd(62)}${'value'.padStart(12)}${'goal'.padStart(12)}  result`);
    console.log(`${'offline warm start → cached slot list, median'.padEnd(62)}${ms(median).padStart(12)}${`≤ ${GOAL_MS} ms`.padStart(12)}  ${median <= GOAL_MS ? 'PASS' : 'MISS'}`);
    console.log(`${'offline warm start → cached slot list, p95'.padEnd(62)}${ms(p95).padStart(12)}${`≤ ${GOAL_MS} ms`.padStart(12)}  ${p95 <= GOAL_MS ? 'PASS' : 'MISS'}`);
    console.log(`  (runs: ${times.map((time) => Math.round(time)).join(', ')} ms)`);
  } finally {
    await browser.close();
    await server?.stop();
  }
}
