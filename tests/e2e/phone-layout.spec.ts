import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { expectNoSevereA11yViolations, addPhoto, apiPost, confirmedDate, createMember, requestsInFlight, signInAs, theAdmin, tomorrowInVancouver, type Member } from '../support/e2e-fixtures.ts';
import { E2E_PORT } from '../support/e2e-global-setup.ts';

/*
 * On the narrowest phones in use (320 px, an iPhone SE; 360 px, most Androids) no page scrolls
 * sideways and no tab's label spills out of its tab: every page is opened with real data (a
 * confirmed date, its chat, a pending request, a like, a nudge) and measured once it shows that
 * data, with nothing of it still loading. At 360 px each page is also checked by axe (a11y.spec
 * covers the public pages and /profile at desktop width).
 */
const WIDTHS = [320, 360];

const PUBLIC_PAGES = ['/', '/login', '/register', '/forgot-password', '/about', '/careers', '/terms', '/privacy'];

/** A member with everything a page can show, and the others it is shown with. */
type Cast = { member: Member; host: Member; asker: Member; openSlot: string };

/**
 * One cast per worker, made through the API: every page test of the worker reads it, none changes
 * what another's pages show (each page checks its member's unread count in the header, which a
 * change would move).
 */
const test = base.extend<object, { cast: Cast }>({
  cast: [
    async ({}, use) => {
      const server = `http://localhost:${E2E_PORT}`;
      const [member, host, asker] = await Promise.all([
        createMember(server, { verified: true, name: 'Alexandria Montgomery-Fitzwilliam', interests: ['Coffee', 'Hiking'], bio: 'Hello.' }),
        createMember(server, { verified: true, name: 'Samantha', gender: 'female', interests: ['Coffee'], bio: 'Hi.' }),
        createMember(server, { verified: true, name: 'Quinn', interests: ['Yoga'], bio: 'Hey.' }),
      ]);
      await Promise.all([addPhoto(server, member), addPhoto(server, host), addPhoto(server, asker)]);
      await confirmedDate(server, host, member);
      // A pending request for the member's own slot, a like and a nudge: the inbox and my-likes fill.
      const { slot } = (await apiPost(server, member, '/availability/create', { date: tomorrowInVancouver(), startTime: '12:00', endTime: '14:00', dateType: 'lunch', venue: 'Harbour Deli' }, 201)) as {
        slot: { _id: string };
      };
      await apiPost(
        server,
        asker,
        '/bookings/request',
        { availabilityId: slot._id, requestMessage: 'Lunch?', proposedVenue: { name: 'Harbour Deli', address: '2 Pier Rd', type: 'restaurant', priceRange: '$' }, paymentResponsibility: { paidBy: 'requester' } },
        201,
      );
      await apiPost(server, asker, `/users/${member.user._id}/like`, {}, 200);
      await apiPost(server, host, `/users/${member.user._id}/nudge`, {}, 200);
      const { slot: open } = (await apiPost(server, host, '/availability/create', { date: tomorrowInVancouver(), startTime: '09:00', endTime: '10:30', dateType: 'coffee', venue: 'Corner Café' }, 201)) as {
        slot: { _id: string };
      };
      await use({ member, host, asker, openSlot: open._id });
    },
    { scope: 'worker' },
  ],
});

/** What spills past the viewport or out of a tab, named so a failure says where. */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    for (const tab of Array.from(document.querySelectorAll<HTMLElement>('[role="tab"]'))) {
      if (tab.scrollWidth > tab.clientWidth + 1) found.push(`the tab "${tab.textContent}" is wider than its box`);
    }
    return found;
  });
}

/** Anything still loading: the shell's skeleton (its heading is already the page's), a spinner, a busy region, a skeleton card. */
const LOADING = '.app-skeleton, .page-skeleton, .skeleton, .spinner, [aria-busy="true"]';

/** Resolves once the page shows what proves it has its data (its own items, counts or values). */
type Ready = (page: Page) => Promise<unknown>;

/**
 * The page as it stays: `ready` (its own data) shown, nothing of it still loading, every request it
 * made answered (images and code too, as `networkidle` waits for, without its half second of quiet)
 * and the main thread idle, so no answer is still being drawn and no request about to go out.
 */
async function settled(page: Page, inFlight: () => number, ready: Ready) {
  await ready(page);
  await expect(page.locator(LOADING).filter({ visible: true })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect
    .poll(
      async () => {
        await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
        return inFlight();
      },
      { intervals: [50] },
    )
    .toBe(0);
}

const inFlight = new WeakMap<Page, () => number>();

async function expectFits(page: Page, path: string, ready: Ready = async () => {}) {
  if (!inFlight.has(page)) inFlight.set(page, requestsInFlight(page));
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await settled(page, inFlight.get(page)!, ready);
  expect(await overflows(page), `${path} at ${page.viewportSize()!.width} px`).toEqual([]);
  if (page.viewportSize()!.width === 360) await test.step(`axe on ${path}`, () => expectNoSevereA11yViolations(page));
}

const main = (page: Page) => page.locator('main');
const visible = (...locators: Locator[]) => Promise.all(locators.map((locator) => expect(locator).toBeVisible()));

/** A member's pages in three groups the two workers share, each with what shows that it has the member's data. */
const MEMBER_PAGES: { name: string; pages: (cast: Cast) => [path: string, ready: Ready][] }[] = [
  {
    name: 'browsing',
    pages: ({ host, openSlot }) => [
      ['/browse', (page) => visible(main(page).getByRole('tabpanel', { name: 'Profiles' }).getByRole('article').first())],
      ['/browse?tab=dates', (page) => visible(main(page).getByRole('tabpanel', { name: 'Available Dates' }).getByRole('article').first())],
      [`/user/${host.user._id}`, (page) => visible(page.getByRole('img', { name: 'Photo 1 of 1 of Samantha' }), page.getByRole('region', { name: 'Available Times' }).getByText('Corner Café'))],
      [`/book/${host.user._id}/${openSlot}`, (page) => visible(page.getByRole('region', { name: 'Samantha' }).getByText('Corner Café'), page.getByRole('form', { name: 'Booking request to Samantha' }))],
      ['/my-likes', (page) => visible(page.getByRole('tab', { name: 'People Who Liked Me (1)' }))],
      ['/score', (page) => visible(page.getByText(/^Your reliability score is \d+$/))],
    ],
  },
  {
    name: 'dates, inbox and chat',
    pages: ({ host }) => [
      ['/bookings', (page) => visible(page.getByRole('tab', { name: 'All (2)' }), main(page).getByRole('article', { name: 'Samantha' }), main(page).getByRole('article', { name: 'Quinn' }))],
      ['/availability', (page) => visible(page.getByRole('region', { name: 'All my upcoming availability' }).getByText('Harbour Deli'), page.getByRole('button', { name: /has free times$/ }).first())],
      ['/notifications', (page) => visible(page.getByRole('tab', { name: 'Active (3)' }), main(page).getByRole('article', { name: /New booking request$/ }))],
      ['/messages', (page) => visible(main(page).getByRole('link', { name: /^Samantha/ }))],
      [`/messages/${host.user._id}`, (page) => visible(page.getByRole('log', { name: 'Messages with Samantha' }).getByText('No messages yet'), page.getByRole('textbox', { name: 'Message Samantha' }))],
    ],
  },
  {
    name: 'account and support',
    pages: ({ member }) => [
      ['/profile', (page) => Promise.all([visible(page.getByRole('img', { name: 'Your photo 1' }), page.getByText("You haven't blocked anyone.")), expect(page.getByRole('textbox', { name: 'Your feed address' })).toHaveValue(/\.ics$/), expect(page.getByLabel('Bio', { exact: true })).toHaveValue('Hello.')])],
      ['/subscription', (page) => visible(page.getByRole('region', { name: 'Honda Team' }))],
      ['/car-tier', (page) => visible(page.getByRole('radio', { name: /^Honda Team Current/ }))],
      ['/royal-tiers', (page) => visible(page.getByRole('navigation', { name: 'Royal tiers' }))],
      ['/contact', (page) => expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(member.email)],
      ['/feedback', (page) => visible(page.getByRole('form', { name: 'Feedback' }))],
      ['/invite-friends', (page) => visible(page.getByRole('form', { name: 'Invite friends' }))],
    ],
  },
];

for (const width of WIDTHS) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 740 }, isMobile: true, hasTouch: true });

    test('the public pages fit', async ({ page }) => {
      for (const path of PUBLIC_PAGES) await expectFits(page, path);
    });

    for (const group of MEMBER_PAGES) {
      test(`a member's pages fit, with their data: ${group.name}`, async ({ page, cast }) => {
        await signInAs(page, cast.member);
        // On every page, the header's count of what the inbox holds: the nudge, the request and the confirmed date.
        const unread = (current: Page) => visible(current.getByRole('banner').getByRole('link', { name: 'Notifications, 3 unread' }));
        for (const [path, ready] of group.pages(cast)) await expectFits(page, path, (current) => Promise.all([unread(current), ready(current)]));
      });
    }

    test("the admin's pages fit", async ({ page, baseURL }) => {
      await signInAs(page, await theAdmin(baseURL!));
      await expectFits(page, '/admin');
    });
  });
}
