import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { addDays, todayIn } from '#shared/domain/time-zones.ts';
import { createMember, serviceWorkerControls, signInAs, type Member } from '../support/e2e-fixtures.ts';
import { MAIL_DIR } from '../support/e2e-global-setup.ts';
import { startServerProcess, type ServerProcess } from '../support/e2e-server.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';

/*
 * What the device keeps never hides what the server has: a member who closes the app right after a
 * change finds it there at the next start, asked again from the server once (never twice); with the
 * server gone at that moment, the kept copy still has it. On its own server process, which it stops.
 */
let server: ServerProcess;
let closeSink: () => Promise<void>;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-kept-'));
test.beforeAll(async () => {
  const sink = await startSmtpSink({ dir: MAIL_DIR });
  closeSink = () => sink.close();
  server = await startServerProcess({ smtpUrl: sink.url, quiet: true, dataDir });
});
test.afterAll(async () => {
  await server?.stop();
  await closeSink?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const inVancouver = (daysAhead: number) => addDays(todayIn('America/Vancouver', new Date()), daysAhead);
const upcoming = (page: Page) => page.getByRole('region', { name: 'All my upcoming availability' });

/** The calendar months the page's next document asks the server for, each as often as it does. */
function calendarAsks(page: Page): Map<string, number> {
  const asked = new Map<string, number>();
  let counting = false;
  page.once('framenavigated', () => (counting = true));
  page.on('request', (request) => {
    if (!counting) return;
    const url = new URL(request.url());
    if (url.pathname !== '/api/availability/my-calendar') return;
    const month = `${url.searchParams.get('year')}-${url.searchParams.get('month')}`;
    asked.set(month, (asked.get(month) ?? 0) + 1);
  });
  return asked;
}

async function addTime(page: Page, day: string, venue: string) {
  await page.getByLabel('Date', { exact: true }).fill(day);
  await page.getByRole('button', { name: /^Morning 09:00–12:00/ }).click();
  await page.getByLabel('Venue').fill(venue);
  await page.getByRole('button', { name: 'Add this time' }).click();
  await expect(page.getByText('Availability slot created!').last()).toBeVisible();
}

async function removeTime(page: Page, venue: string) {
  await upcoming(page).getByRole('listitem').filter({ hasText: venue }).getByRole('button', { name: /^Remove/ }).click();
  await page.getByRole('dialog', { name: 'Remove this time?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Availability slot removed').last()).toBeVisible();
}

async function host(): Promise<Member> {
  return createMember(server.url, { verified: true, gender: 'female', name: `Kept ${Math.random().toString(36).slice(2, 6)}` });
}

test('a free time added or removed just before the app is closed is there at the next start, asked again once', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: server.url });
  let page = await context.newPage();
  await signInAs(page, await host());
  await page.goto('/availability');
  await expect(page.getByText('No upcoming free times yet.')).toBeVisible();

  type Started = { page: Page; asked: Map<string, number> };
  const starts: { label: string; start: (page: Page) => Promise<Started> }[] = [
    ...[0, 50, 150, 500].map((ms) => ({
      label: `reload ${ms} ms after`,
      start: async (current: Page) => {
        if (ms > 0) await current.waitForTimeout(ms);
        const asked = calendarAsks(current);
        await current.reload();
        return { page: current, asked };
      },
    })),
    {
      label: 'closed and opened again',
      start: async (current: Page) => {
        await current.close();
        const next = await context.newPage();
        const asked = calendarAsks(next);
        await next.goto('/availability');
        return { page: next, asked };
      },
    },
  ];
  for (const [index, { label, start }] of starts.entries()) {
    const venue = `Cafe ${index} ${label}`;
    await addTime(page, inVancouver(2 + index), venue);
    let asked: Map<string, number>;
    ({ page, asked } = await start(page));
    await expect(upcoming(page).getByText(venue), `added, then ${label}`).toBeVisible({ timeout: 2_000 });
    await expect.poll(() => asked.size, { message: label }).toBeGreaterThan(0);
    for (const [month, times] of asked) expect(times, `${label}: month ${month}`).toBe(1);

    await removeTime(page, venue);
    let askedAgain: Map<string, number>;
    ({ page, asked: askedAgain } = await start(page));
    await expect(page.getByRole('heading', { level: 1, name: 'My Availability' })).toBeVisible();
    await expect.poll(() => askedAgain.size, { message: label }).toBeGreaterThan(0);
    await expect(upcoming(page).getByText(venue), `removed, then ${label}`).toHaveCount(0, { timeout: 2_000 });
    for (const [month, times] of askedAgain) expect(times, `${label}: month ${month}`).toBe(1);
  }
  await context.close();
});

test('with the server gone at the next start, the kept copy still has the change, marked offline', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signInAs(page, await host());
  await page.goto('/availability');
  await serviceWorkerControls(page);
  await expect(page.getByText('No upcoming free times yet.')).toBeVisible();
  // The calendar is not asked again before the server goes: only the change itself can have put the new time in the kept copy.
  const calendar = '**/api/availability/my-calendar**';
  await page.route(calendar, (route) => route.abort());
  await addTime(page, inVancouver(3), 'Cafe Gone');
  await server.child.kill('SIGKILL');
  await server.exited;
  await page.unroute(calendar);
  try {
    await page.reload();
    await expect(upcoming(page).getByText('Cafe Gone')).toBeVisible({ timeout: 2_000 });
    await expect(page.getByRole('status').filter({ hasText: /^Offline — updated / })).toBeVisible();
  } finally {
    server = await startServerProcess({ quiet: true, dataDir, port: server.port });
  }
  await context.close();
});

test("two pages of one member: a free time added in one shows in the other without a reload", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const [first, second] = [await context.newPage(), await context.newPage()];
  const member = await host();
  await signInAs(first, member);
  await signInAs(second, member);
  await first.goto('/availability');
  await second.goto('/availability');
  await expect(second.getByText('No upcoming free times yet.')).toBeVisible();
  await addTime(first, inVancouver(4), 'Cafe Twice');
  await expect(upcoming(second).getByText('Cafe Twice')).toBeVisible();
  await context.close();
});
