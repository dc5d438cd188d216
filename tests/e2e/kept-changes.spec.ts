import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { addDays, todayIn } from '#shared/domain/time-zones.ts';
import sharp from 'sharp';
import { addPhoto, apiPost, confirmedDate, createMember, serviceWorkerControls, signInAs, type Member } from '../support/e2e-fixtures.ts';
import { startNetworkSwitch, type NetworkSwitch } from '../support/network-switch.ts';

/*
 * What the device keeps never hides what the server has: a member who closes the app right after a
 * change finds it there at the next start, asked again from the server once (never twice); with the
 * server gone at that moment, the kept copy still has it. The app is opened through a switch in
 * front of the suite's server (`app`): cutting it takes the server away from the browser, the
 * service worker and the live connection alike (open connections reset, new ones refused) with no
 * server restart. Members and their data are made on the server directly (`server`).
 */
let net: NetworkSwitch;
let server: string;
let app: string;
test.beforeEach(async ({ baseURL }) => {
  server = baseURL!;
  net = await startNetworkSwitch(Number(new URL(server).port));
  app = net.url;
});
test.afterEach(() => net.close());

const inVancouver = (daysAhead: number) => addDays(todayIn('America/Vancouver', new Date()), daysAhead);
/** The page's heading is up: the 2 s a change has to show in count from here, not from a cold start on a busy machine. */
const appStarted = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
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
  return createMember(server, { verified: true, gender: 'female', name: `Kept ${Math.random().toString(36).slice(2, 6)}` });
}

test('a free time added or removed just before the app is closed is there at the next start, asked again once', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: app });
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
    await appStarted(page);
    await expect(upcoming(page).getByText(venue), `added, then ${label}`).toBeVisible({ timeout: 2_000 });
    await expect.poll(() => asked.size, { message: label }).toBeGreaterThan(0);
    for (const [month, times] of asked) expect(times, `${label}: month ${month}`).toBe(1);

    await removeTime(page, venue);
    let askedAgain: Map<string, number>;
    ({ page, asked: askedAgain } = await start(page));
    await appStarted(page);
    await expect.poll(() => askedAgain.size, { message: label }).toBeGreaterThan(0);
    await expect(upcoming(page).getByText(venue), `removed, then ${label}`).toHaveCount(0, { timeout: 2_000 });
    for (const [month, times] of askedAgain) expect(times, `${label}: month ${month}`).toBe(1);
  }
  await context.close();
});

test("two pages of one member: a free time added in one shows in the other without a reload", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: app });
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

/**
 * The five ways the next start comes after a change: a reload 0, 50, 150 or 500 ms after its success
 * shows, and the page closed and another opened at `path`. For each, `act` makes a change on the
 * page (its success shown), and `seen` must find it on the next start's page within 2 s
 * (`SEEN_WITHIN`).
 * - 'server up': the calls matching `asked` are made once at most by then.
 * - 'server gone': those calls are refused from before the change (only the change itself can put
 *   it in the kept copy), the network to the server is cut at the moment of the start, and the page
 *   must show the kept change marked offline. The network then comes back for the next round.
 */
const SEEN_WITHIN = { timeout: 2_000 };
const MODES = ['server up', 'server gone'] as const;
type Mode = (typeof MODES)[number];
type Change = {
  act(page: Page, round: number): Promise<void>;
  seen(page: Page, round: number, label: string): Promise<void>;
  asked: (url: URL) => boolean;
  /** With the server gone, after `seen`: a change made now waits in the outbox ('server gone' only). */
  whileGone?(page: Page, round: number): Promise<void>;
  /** With the server back and the page reloaded: what waited has reached it. */
  back?(page: Page, round: number): Promise<void>;
};

const offlineMark = (page: Page) => page.getByRole('status').filter({ hasText: /^Offline — updated / });

async function acrossStarts(context: BrowserContext, first: Page, path: string, change: Change, mode: Mode = 'server up') {
  const refuseAsked = (url: URL) => change.asked(url);
  let page = first;
  if (mode === 'server gone') await serviceWorkerControls(page);
  for (const [round, ms] of [0, 50, 150, 500, null].entries()) {
    const label = `${mode}: ${ms === null ? 'closed and opened again' : `reload ${ms} ms after`}`;
    if (mode === 'server gone') await context.route(refuseAsked, (route) => (route.request().method() === 'GET' ? route.abort() : route.fallback()));
    await change.act(page, round);
    let calls = 0;
    let counting = false;
    const watch = (next: Page) => {
      next.once('framenavigated', () => (counting = true));
      next.on('request', (request) => {
        if (counting && change.asked(new URL(request.url()))) calls += 1;
      });
    };
    if (ms !== null && ms > 0) await page.waitForTimeout(ms);
    if (mode === 'server gone') {
      net.down();
      await context.unroute(refuseAsked);
    }
    if (ms === null) {
      await page.close();
      page = await context.newPage();
      watch(page);
      await page.goto(path);
    } else {
      watch(page);
      await page.reload();
    }
    await appStarted(page);
    await change.seen(page, round, label);
    if (mode === 'server up') {
      expect(calls, label).toBeLessThanOrEqual(1);
      continue;
    }
    await expect(offlineMark(page), label).toBeVisible();
    await change.whileGone?.(page, round);
    net.up();
    await page.reload();
    await expect(offlineMark(page), `${label}, server back`).toHaveCount(0);
    await change.seen(page, round, `${label}, server back`);
    await change.back?.(page, round);
  }
  return page;
}

test('with the server gone at each start, a free time added or removed just before is kept, marked offline', async ({ browser }) => {
  test.setTimeout(300_000);
  const member = await host();
  for (const round of [0, 1, 2, 3, 4]) await apiPost(server, member, '/availability/create', { date: inVancouver(2 + round), startTime: '12:00', endTime: '13:00', dateType: 'lunch', venue: `Cafe Leaving ${round}` }, 201);
  const context = await browser.newContext({ baseURL: app });
  let page = await context.newPage();
  await signInAs(page, member);
  await page.goto('/availability');
  await serviceWorkerControls(page);
  await expect(upcoming(page).getByText('Cafe Leaving 4')).toBeVisible();
  const calendar = (url: URL) => url.pathname === '/api/availability/my-calendar';
  page = await acrossStarts(context, page, '/availability', {
    act: (current, round) => addTime(current, inVancouver(8 + round), `Cafe Gone ${round}`),
    seen: (current, round, label) => expect(upcoming(current).getByText(`Cafe Gone ${round}`), label).toBeVisible(SEEN_WITHIN),
    asked: calendar,
  }, 'server gone');
  await acrossStarts(context, page, '/availability', {
    act: (current, round) => removeTime(current, `Cafe Leaving ${round}`),
    seen: async (current, round, label) => {
      await expect(upcoming(current).getByText('Cafe Gone 4'), label).toBeVisible(SEEN_WITHIN);
      await expect(upcoming(current).getByText(`Cafe Leaving ${round}`), label).toHaveCount(0);
    },
    asked: calendar,
  }, 'server gone');
  await context.close();
});

for (const mode of MODES) test(`a message sent just before the app closes is in the thread at the next start (${mode})`, async ({ browser }) => {
  test.setTimeout(240_000);
  const tag = Math.random().toString(36).slice(2, 6);
  const [me, partner] = await Promise.all([
    createMember(server, { verified: true, gender: 'female', name: `Mia ${tag}` }),
    createMember(server, { verified: true, gender: 'male', name: `Max ${tag}`, interests: ['hiking'], bio: 'Coffee first, then a walk.' }),
  ]);
  await addPhoto(server, partner);
  await confirmedDate(server, me, partner);
  const context = await browser.newContext({ baseURL: app });
  const page = await context.newPage();
  await signInAs(page, me);
  const thread = `/messages/${partner.user._id}`;
  await page.goto(thread);
  await expect(page.getByRole('textbox', { name: `Message Max ${tag}` })).toBeVisible();
  const text = (round: number) => `Kept message ${round} ${tag}`;
  const waiting = (round: number) => `Queued while the server was gone ${round} ${tag}`;
  const sentTexts = async () => {
    const response = await fetch(`${server}/api/messages/conversation/${partner.user._id}`, { headers: { authorization: `Bearer ${me.token}` } });
    return ((await response.json()) as { messages: { content: string }[] }).messages.map((message) => message.content);
  };
  const log = (current: Page) => current.getByRole('log', { name: `Messages with Max ${tag}` });
  await acrossStarts(context, page, thread, {
    act: async (current, round) => {
      await current.getByRole('textbox', { name: `Message Max ${tag}` }).fill(text(round));
      await current.getByRole('button', { name: 'Send' }).click();
      await expect(log(current)).toContainText(`You: ${text(round)}`);
      await expect(current.getByText('Sending…')).toHaveCount(0);
    },
    seen: (current, round, label) => expect(log(current), label).toContainText(`You: ${text(round)}`, SEEN_WITHIN),
    asked: (url) => url.pathname === `/api/messages/conversation/${partner.user._id}`,
    whileGone: async (current, round) => {
      await current.getByRole('textbox', { name: `Message Max ${tag}` }).fill(waiting(round));
      await current.getByRole('button', { name: 'Send' }).click();
      await expect(log(current).getByRole('listitem').filter({ hasText: waiting(round) })).toContainText('Waiting to send…');
      await current.reload();
      await expect(log(current).getByRole('listitem').filter({ hasText: waiting(round) })).toContainText('Waiting to send…');
    },
    back: async (current, round) => {
      await expect(log(current).getByRole('listitem').filter({ hasText: waiting(round) })).not.toContainText('Waiting to send…');
      await expect.poll(async () => (await sentTexts()).filter((sent) => sent === waiting(round)).length).toBe(1);
    },
  }, mode);
  await context.close();
});

for (const mode of MODES) test(`a booking request accepted just before the app closes reads confirmed at the next start (${mode})`, async ({ browser }) => {
  test.setTimeout(240_000);
  const tag = Math.random().toString(36).slice(2, 6);
  const host = await createMember(server, { verified: true, gender: 'female', name: `Hana ${tag}` });
  const guests = await Promise.all(
    [0, 1, 2, 3, 4].map((n) => createMember(server, { verified: true, gender: 'male', name: `Guest${n} ${tag}`, interests: ['hiking'], bio: 'Coffee first, then a walk.' })),
  );
  await Promise.all(
    guests.map(async (guest, n) => {
      await addPhoto(server, guest);
      const { slot } = (await apiPost(server, host, '/availability/create', { date: inVancouver(2 + n), startTime: '19:00', endTime: '21:00', dateType: 'dinner', venue: 'Bistro Verde' }, 201)) as { slot: { _id: string } };
      await apiPost(server, guest, '/bookings/request', {
        availabilityId: slot._id,
        requestMessage: `Request ${n} ${tag}`,
        proposedVenue: { name: 'Bistro Verde', address: '', type: '', priceRange: '$$' },
        paymentResponsibility: { paidBy: 'requester' },
      }, 201);
    }),
  );
  const context = await browser.newContext({ baseURL: app });
  const page = await context.newPage();
  await signInAs(page, host);
  await page.goto('/notifications');
  const item = (current: Page, round: number) => current.getByRole('article').filter({ hasText: `Request ${round} ${tag}` });
  await expect(item(page, 0)).toBeVisible();
  await acrossStarts(context, page, '/notifications', {
    act: async (current, round) => {
      await item(current, round).getByRole('button', { name: 'Accept', exact: true }).click();
      await expect(item(current, round).getByText('Confirmed', { exact: true })).toBeVisible();
    },
    seen: (current, round, label) => expect(item(current, round).getByText('Confirmed', { exact: true }), label).toBeVisible(SEEN_WITHIN),
    asked: (url) => url.pathname === '/api/users/notifications',
  }, mode);
  await context.close();
});

for (const mode of MODES) test(`a profile saved and a photo added just before the app closes are there at the next start (${mode})`, async ({ browser }) => {
  test.setTimeout(300_000);
  const member = await createMember(server, { verified: true, gender: 'female', name: 'Kept Profile' });
  const context = await browser.newContext({ baseURL: app });
  let page = await context.newPage();
  await signInAs(page, member);
  await page.goto('/profile');
  await expect(page.getByLabel('Bio', { exact: true })).toBeVisible();
  const bio = (round: number) => `Kept bio number ${round}.`;
  const ownRecord = (url: URL) => url.pathname === '/api/auth/me';
  page = await acrossStarts(context, page, '/profile', {
    act: async (current, round) => {
      await current.getByLabel('Bio', { exact: true }).fill(bio(round));
      await current.getByRole('button', { name: 'Save Profile' }).click();
      await expect(current.getByText('Profile updated successfully!')).toBeVisible();
    },
    seen: (current, round, label) => expect(current.getByLabel('Bio', { exact: true }), label).toHaveValue(bio(round), SEEN_WITHIN),
    asked: ownRecord,
  }, mode);
  const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#a75' } }).jpeg().toBuffer();
  await acrossStarts(context, page, '/profile', {
    act: async (current, round) => {
      await current.getByLabel('Add photos').setInputFiles({ name: `kept-${round}.jpg`, mimeType: 'image/jpeg', buffer: jpeg });
      await expect(current.getByText('1 photo added.')).toBeVisible();
    },
    seen: (current, round, label) => expect(current.getByRole('img', { name: `Your photo ${round + 1}` }), label).toBeVisible(SEEN_WITHIN),
    asked: ownRecord,
  }, mode);
  await context.close();
});
