// npm run bench: production figures beside their goals. Builds the app, serves it as `npm start`
// does, loads "/" in headless Chromium as a first-time visitor and counts what it downloads; then
// puts the API under load (scripts/bench-api.ts) and the bookings calls (scripts/bench-bookings.ts),
// the time from a booking request to its Web Push leaving the server (scripts/bench-push.ts), and a
// chat message's way from instance A's commit to a socket on instance B (scripts/bench-realtime.ts),
// and the installed app's warm start with the server stopped (scripts/bench-offline.ts).
// `-- --only first-visit`, `-- --only api`, `-- --only bookings`, `-- --only push`,
// `-- --only realtime` or `-- --only offline` runs one part.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startServerProcess } from '../tests/support/e2e-server.ts';
import { CHROMIUM_ARGS } from '../tests/e2e/playwright.config.ts';
import { benchApi } from './bench-api.ts';
import { benchBookings } from './bench-bookings.ts';
import { benchPush } from './bench-push.ts';
import { benchOffline } from './bench-offline.ts';
import { benchRealtime } from './bench-realtime.ts';

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const PARTS = ['first-visit', 'api', 'bookings', 'push', 'realtime', 'offline'];
if (values.only !== undefined && !PARTS.includes(values.only)) {
  console.error(`usage: npm run bench [-- --only ${PARTS.join('|')}]`);
  process.exit(2);
}

async function benchFirstVisit() {
  const root = path.resolve(import.meta.dirname, '..');
  const dist = path.join(root, 'dist');
  const KB = 1024;

  const gzipSize = (file: string) => (existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file), { level: 9 }).length);

  execSync('npm run build --silent', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  execSync('bash scripts/ensure-system-packages.sh', { cwd: root, stdio: 'inherit' });

  const server = await startServerProcess();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const downloaded = { script: new Set<string>(), stylesheet: new Set<string>() };
  try {
    const page = await browser.newPage({ serviceWorkers: 'block' });
    page.on('request', (request) => {
      const type = request.resourceType();
      if (type === 'script' || type === 'stylesheet') downloaded[type].add(new URL(request.url()).pathname);
    });
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
  } finally {
    await browser.close();
    await server.stop();
  }

  const sum = (paths: Set<string>) => [...paths].reduce((total, p) => total + gzipSize(path.join(dist, p)), 0);
  const js = sum(downloaded.script);
  const css = sum(downloaded.stylesheet);

  const swText = readFileSync(path.join(dist, 'sw.js'), 'utf8');
  const precached = [...swText.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);
  const precacheBytes = precached.reduce((total, url) => total + statSync(path.join(dist, url)).size, 0);

  const rows = [
    { figure: `first visit to / — JavaScript (gzip, ${downloaded.script.size} files)`, value: js, goal: 120 * KB },
    { figure: `first visit to / — CSS (gzip, ${downloaded.stylesheet.size} files)`, value: css, goal: 15 * KB },
    { figure: `service worker precache (${precached.length} files, uncompressed)`, value: precacheBytes, goal: null },
  ];
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  console.log('\nRendezvous benchmarks (production build)\n');
  console.log(`${'figure'.padEnd(62)}${'value'.padStart(12)}${'goal'.padStart(12)}  result`);
  for (const row of rows) {
    const result = row.goal === null ? '(reported)' : row.value <= row.goal ? 'PASS' : 'OVER';
    console.log(`${row.figure.padEnd(62)}${kb(row.value).padStart(12)}${(row.goal === null ? '—' : `≤ ${kb(row.goal)}`).padStart(12)}  ${result}`);
  }
}

const runs = (part: string) => values.only === undefined || values.only === part;
if (runs('first-visit')) await benchFirstVisit();
if (runs('api')) await benchApi();
if (runs('bookings')) await benchBookings();
if (runs('push')) await benchPush();
if (runs('realtime')) await benchRealtime();
if (runs('offline')) await benchOffline();
