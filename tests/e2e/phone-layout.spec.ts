import { expect, test, type Page } from '@playwright/test';
import { expectNoSevereA11yViolations, addPhoto, apiPost, confirmedDate, createMember, signInAs, theAdmin, tomorrowInVancouver } from '../support/e2e-fixtures.ts';

/*
 * On the narrowest phones in use (320 px, an iPhone SE; 360 px, most Androids) no page scrolls
 * sideways and no tab's label spills out of its tab: every page is opened with real data (a
 * confirmed date, its chat, a pending request, a like, a nudge) and measured. At 360 px each page
 * is also checked by axe (a11y.spec covers the public pages and /profile at desktop width).
 */
const WIDTHS = [320, 360];

const PUBLIC_PAGES = ['/', '/login', '/register', '/forgot-password', '/about', '/careers', '/terms', '/privacy'];

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

async function expectFits(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await overflows(page), `${path} at ${page.viewportSize()!.width} px`).toEqual([]);
  if (page.viewportSize()!.width === 360) await test.step(`axe on ${path}`, () => expectNoSevereA11yViolations(page));
}

for (const width of WIDTHS) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 740 }, isMobile: true, hasTouch: true });

    test('the public pages fit', async ({ page }) => {
      for (const path of PUBLIC_PAGES) await expectFits(page, path);
    });

    test("a member's pages fit, with their data", async ({ page, baseURL }) => {
      const member = await createMember(baseURL!, { verified: true, name: 'Alexandria Montgomery-Fitzwilliam', interests: ['Coffee', 'Hiking'], bio: 'Hello.' });
      const host = await createMember(baseURL!, { verified: true, name: 'Samantha', gender: 'female', interests: ['Coffee'], bio: 'Hi.' });
      const asker = await createMember(baseURL!, { verified: true, name: 'Quinn', interests: ['Yoga'], bio: 'Hey.' });
      await Promise.all([addPhoto(baseURL!, member), addPhoto(baseURL!, host), addPhoto(baseURL!, asker)]);
      await confirmedDate(baseURL!, host, member);
      // A pending request for the member's own slot, a like and a nudge: the inbox and my-likes fill.
      const { slot } = (await apiPost(baseURL!, member, '/availability/create', { date: tomorrowInVancouver(), startTime: '12:00', endTime: '14:00', dateType: 'lunch', venue: 'Harbour Deli' }, 201)) as {
        slot: { _id: string };
      };
      await apiPost(
        baseURL!,
        asker,
        '/bookings/request',
        { availabilityId: slot._id, requestMessage: 'Lunch?', proposedVenue: { name: 'Harbour Deli', address: '2 Pier Rd', type: 'restaurant', priceRange: '$' }, paymentResponsibility: { paidBy: 'requester' } },
        201,
      );
      await apiPost(baseURL!, asker, `/users/${member.user._id}/like`, {}, 200);
      await apiPost(baseURL!, host, `/users/${member.user._id}/nudge`, {}, 200);
      const { slot: open } = (await apiPost(baseURL!, host, '/availability/create', { date: tomorrowInVancouver(), startTime: '09:00', endTime: '10:30', dateType: 'coffee', venue: 'Corner Café' }, 201)) as {
        slot: { _id: string };
      };
      await signInAs(page, member);

      for (const path of [
        '/browse',
        '/browse?tab=dates',
        '/bookings',
        '/availability',
        '/notifications',
        '/messages',
        `/messages/${host.user._id}`,
        `/user/${host.user._id}`,
        `/book/${host.user._id}/${open._id}`,
        '/profile',
        '/score',
        '/my-likes',
        '/subscription',
        '/car-tier',
        '/royal-tiers',
        '/contact',
        '/feedback',
        '/invite-friends',
      ]) {
        await expectFits(page, path);
      }
    });

    test("the admin's pages fit", async ({ page, baseURL }) => {
      await signInAs(page, await theAdmin(baseURL!));
      await expectFits(page, '/admin');
    });
  });
}
