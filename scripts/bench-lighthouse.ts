// Lighthouse (mobile preset: a mid-range phone on a slow 4G network, simulated) on the built app
// as `npm start` serves it, with Debian's Chromium: the visitor's /, /login and /register, and,
// signed in as a member in a city with demo members, /browse and /bookings. Each page is measured
// on a cold visit (no HTTP cache, service worker or caches; the member's session stays), three
// times, and the median run is kept.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../tests/e2e/playwright.config.ts';
import { freePort } from '../tests/support/free-port.ts';
import type { ServerProcess } from '../tests/support/e2e-server.ts';

export type PageFigures = { page: string; score: number; lcpMs: number; fcpMs: number; tbtMs: number; cls: number };

const RUNS = 3;
const VISITOR_PAGES = ['/', '/login', '/register'];
const MEMBER_PAGES = ['/browse', '/bookings'];

/** Needs a server started with demo members and without SMTP (mails land in DATA_DIR/outbox). */
export async function lighthouseFigures(
  server: ServerProcess,
  options: {
    /** Some of the pages only (default: all five). */
    pages?: string[];
    /** Each run's full Lighthouse report goes there as JSON (the LCP element, request chains, long tasks). */
    reportDir?: string;
  } = {},
): Promise<PageFigures[]> {
  const member = await verifiedMember(server);
  const port = await freePort();
  const profile = path.join(server.dataDir, 'lighthouse-profile');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const figures: PageFigures[] = [];
    if (options.reportDir) mkdirSync(options.reportDir, { recursive: true });
    for (const pathname of options.pages ?? [...VISITOR_PAGES, ...MEMBER_PAGES]) {
      const signedIn = MEMBER_PAGES.includes(pathname);
      const runs: PageFigures[] = [];
      for (let run = 0, failed = 0; run < RUNS; run++) {
        // Cold: nothing cached on the device but (for a member) the stored session.
        await page.goto(`${server.url}/api/health`);
        await page.evaluate(
          ({ session }) => {
            localStorage.clear();
            if (session) for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
          },
          { session: signedIn ? member : null },
        );
        await cdp.send('Storage.clearDataForOrigin', { origin: server.url, storageTypes: 'service_workers,cache_storage,indexeddb' });
        await cdp.send('Network.clearBrowserCache');
        const result = await lighthouse(`${server.url}${pathname}`, {
          port,
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: true,
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${pathname}`);
        // A run whose trace Lighthouse could not read (NO_NAVSTART on a busy machine) measured
        // nothing: it is run again rather than counted as a score of 0.
        if (result.lhr.runtimeError) {
          if (++failed > RUNS) throw new Error(`Lighthouse failed on ${pathname}: ${result.lhr.runtimeError.message}`);
          run--;
          continue;
        }
        if (options.reportDir) {
          const name = `${pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing'}-${run + 1}.json`;
          writeFileSync(path.join(options.reportDir, name), JSON.stringify(result.lhr));
        }
        const { audits, categories } = result.lhr;
        runs.push({
          page: pathname,
          score: Math.round((categories.performance?.score ?? 0) * 100),
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
          fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
          tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
          cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
        });
      }
      figures.push(runs.sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs)[Math.floor(RUNS / 2)]!);
    }
    return figures;
  } finally {
    await context.close();
  }
}

/** A member in Vancouver (where demo members live), e-mail verified through the mailed link. */
export async function verifiedMember(server: ServerProcess): Promise<{ token: string; user: string }> {
  const email = `bench-${Date.now()}@example.com`;
  const registered = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      accountType: 'individual',
      email,
      password: 'a long enough secret',
      name: 'Bench',
      age: 31,
      gender: 'male',
      location: { city: 'Vancouver', country: 'Canada', coordinates: null },
    }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const { token } = (await registered.json()) as { token: string };
  const outbox = path.join(server.dataDir, 'outbox');
  const mail = readdirSync(outbox).map((file) => readFileSync(path.join(outbox, file), 'utf8')).find((text) => text.includes(email));
  const link = mail?.match(/https?:\/\/\S*verify-email\S*/)?.[0];
  if (!link) throw new Error('no verification mail in the outbox');
  const verified = await fetch(`${server.url}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: new URL(link).searchParams.get('token') }),
  });
  if (verified.status !== 200) throw new Error(`verify-email answered ${verified.status}`);
  const me = await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  const { user } = (await me.json()) as { user: unknown };
  return { token, user: JSON.stringify(user) };
}
