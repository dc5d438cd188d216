import { expect, test, type Page } from '@playwright/test';
import { createMember, expectNoSevereA11yViolations, signInAs } from '../support/e2e-fixtures.ts';

/** An interest only this test's members share: the browse list then holds just them. */
const uniqueTag = () => `tag${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const card = (page: Page, name: string) => page.getByRole('article', { name: new RegExp(`^${name},`) });

test('browse filters narrow the list, stay on the device, and the card buttons follow who is looking', async ({ page, browser, baseURL }) => {
  const tag = uniqueTag();
  const [nadia, , , , theo] = await Promise.all([
    createMember(baseURL!, { verified: true, gender: 'female', name: 'Nadia', age: 30, interests: [tag] }),
    createMember(baseURL!, { verified: true, gender: 'male', name: 'Marcus', age: 34, interests: [tag, 'chess'] }),
    createMember(baseURL!, { verified: true, gender: 'female', name: 'Priya', age: 27, interests: [tag, 'hiking'] }),
    createMember(baseURL!, { verified: true, gender: 'male', name: 'Walter', age: 58, interests: [tag] }),
    createMember(baseURL!, { verified: true, gender: 'male', name: 'Theo', age: 33, interests: [tag] }),
  ]);

  // A woman browses.
  await signInAs(page, nadia);
  await page.goto('/browse');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse' })).toBeVisible();
  await expect(page.getByText('All times are shown in UTC.')).toBeVisible();
  const clock = page.locator('.browse-clock time');
  const shown = await clock.textContent();
  await expect.poll(() => clock.textContent(), { timeout: 3_000 }).not.toBe(shown);

  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(page.getByLabel('Minimum score')).toHaveValue('300');
  await expect(page.getByLabel('Min age')).toHaveValue('18');
  await expect(page.getByLabel('Max age')).toHaveValue('65');
  await expect(page.getByLabel('Distance')).toHaveValue('25');
  await expectNoSevereA11yViolations(page);

  await page.getByLabel('Interests').fill(tag);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(4);
  for (const name of ['Marcus', 'Priya', 'Walter', 'Theo']) await expect(card(page, name)).toBeVisible();
  // A woman viewing a man gets Nudge; so does anyone viewing a profile without free times.
  await expect(card(page, 'Marcus').getByRole('button', { name: 'Nudge Marcus' })).toBeVisible();
  await expect(card(page, 'Priya').getByRole('button', { name: 'Nudge Priya' })).toBeVisible();
  await expect(card(page, 'Priya').getByRole('listitem').filter({ hasText: tag })).toBeVisible();

  await page.getByLabel('Gender').selectOption('male');
  await expect(cards).toHaveCount(3);
  await expect(card(page, 'Priya')).toHaveCount(0);
  await page.getByLabel('Min age').selectOption('40');
  await expect(cards).toHaveCount(1);
  await expect(card(page, 'Walter')).toBeVisible();

  // Nudge twice: the second is the daily limit, in the spec's words.
  await card(page, 'Walter').getByRole('button', { name: 'Nudge Walter' }).click();
  await expect(page.getByText('Nudge sent to Walter!')).toBeVisible();
  await card(page, 'Walter').getByRole('button', { name: 'Nudge Walter' }).click();
  await expect(page.getByText('You can only send one nudge per day to each user')).toBeVisible();

  // The filters are kept on the device.
  await page.reload();
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(page.getByLabel('Interests')).toHaveValue(tag);
  await expect(page.getByLabel('Gender')).toHaveValue('male');
  await expect(page.getByLabel('Min age')).toHaveValue('40');
  await expect(cards).toHaveCount(1);
  // An interest no one has: the empty state, in the spec's words.
  await page.getByLabel('Interests').fill(`${tag}-none`);
  await expect(page.getByText('No profiles found - Try adjusting your filters or check back later.')).toBeVisible();
  await expect(cards).toHaveCount(0);
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByLabel('Interests')).toHaveValue('');
  await expect(page.getByLabel('Gender')).toHaveValue('all');
  await expect(page.getByLabel('Min age')).toHaveValue('18');

  // A man browses the same people: a woman without free times gets Nudge too.
  const context = await browser.newContext({ baseURL });
  const his = await context.newPage();
  await signInAs(his, theo);
  await his.goto('/browse');
  await his.getByRole('button', { name: 'Filters' }).click();
  await his.getByLabel('Interests').fill(tag);
  await his.getByLabel('Gender').selectOption('female');
  await expect(his.getByRole('article')).toHaveCount(2);
  await expect(card(his, 'Priya').getByRole('button', { name: 'Nudge Priya' })).toBeVisible();
  await expect(card(his, 'Nadia').getByRole('button', { name: 'Nudge Nadia' })).toBeVisible();
  await card(his, 'Priya').getByRole('link', { name: 'Priya, 27' }).click();
  await expect(his).toHaveURL(/\/user\/[0-9a-f-]{36}$/);
  await expect(his.getByRole('heading', { level: 1, name: 'Priya, 27' })).toBeVisible();
  await context.close();
});

test('a member page: like, see it in both members’ likes, then Unlike from /my-likes', async ({ page, browser, baseURL }) => {
  const tag = uniqueTag();
  const [theo, elena] = await Promise.all([
    createMember(baseURL!, { verified: true, gender: 'male', name: 'Theo', age: 33, interests: [tag] }),
    createMember(baseURL!, { verified: true, gender: 'female', name: 'Elena', age: 29, interests: ['coffee', tag], bio: 'Coffee first, then a long walk.' }),
  ]);

  await signInAs(page, theo);
  await page.goto(`/user/${elena.user._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Elena, 29' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'About' })).toContainText('Coffee first, then a long walk.');
  await expect(page.getByRole('region', { name: 'Interests' }).getByRole('listitem').filter({ hasText: `${tag} (shared)` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Available Times' })).toContainText('No available times right now.');
  await expect(page.getByRole('region', { name: 'Dating Stats' })).toContainText('Total dates');
  await expect(page.getByText('Lady')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Car Team' })).toHaveCount(0);
  await expectNoSevereA11yViolations(page);

  await page.getByRole('button', { name: 'Like' }).click();
  await expect(page.getByRole('button', { name: 'Unlike' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Unlike' })).toBeVisible();

  // Elena sees who liked her.
  const context = await browser.newContext({ baseURL });
  const hers = await context.newPage();
  await signInAs(hers, elena);
  await hers.goto('/my-likes');
  await hers.getByRole('tab', { name: 'People Who Liked Me (1)' }).click();
  await expect(hers.getByRole('tabpanel')).toContainText('Theo');
  await expect(hers.getByRole('tabpanel').getByRole('button', { name: /Unlike/ })).toHaveCount(0);
  await context.close();

  await page.goto('/my-likes');
  const given = page.getByRole('tab', { name: 'People I Liked (1)' });
  await expect(given).toHaveAttribute('aria-selected', 'true');
  await given.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'People Who Liked Me (0)' })).toBeFocused();
  await expect(page.getByText('No one has liked you yet')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tabpanel')).toContainText('Elena');
  await expectNoSevereA11yViolations(page);

  // Slow the answer down a little so the busy state can be seen.
  await page.route('**/api/users/*/like', async (route) => {
    if (route.request().method() === 'DELETE') await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Unlike Elena' }).click();
  await expect(page.getByRole('button', { name: 'Removing...' })).toBeDisabled();
  await expect(page.getByText('Removed like from Elena')).toBeVisible();
  await expect(page.getByText('No likes yet')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'People I Liked (0)' })).toBeVisible();
  await page.getByRole('link', { name: 'Browse Profiles' }).click();
  await expect(page).toHaveURL(/\/browse$/);
});

test('Send Nudge on a member page works once a day', async ({ page, baseURL }) => {
  const [nadia, marcus] = await Promise.all([
    createMember(baseURL!, { verified: true, gender: 'female', name: 'Nadia', age: 30 }),
    createMember(baseURL!, { verified: true, gender: 'male', name: 'Marcus', age: 34 }),
  ]);
  await signInAs(page, nadia);
  await page.goto(`/user/${marcus.user._id}`);
  await page.getByRole('button', { name: 'Send Nudge' }).click();
  await expect(page.getByText('Nudge sent to Marcus!')).toBeVisible();
  await page.getByRole('button', { name: 'Send Nudge' }).click();
  await expect(page.getByText('You can only send one nudge per day to each user')).toBeVisible();
});

test("an unknown member: 'Profile not found' and back to browse", async ({ page, baseURL }) => {
  await signInAs(page, await createMember(baseURL!, { verified: true }));
  await page.goto('/user/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Browse' }).click();
  await expect(page).toHaveURL(/\/browse$/);
});

test.describe('Auto-Locate', () => {
  test.describe('with the device position shared', () => {
    test.use({ geolocation: { latitude: 43.6532, longitude: -79.3832 }, permissions: ['geolocation'] });

    test('names the city on our own server and sets the location filter', async ({ page, baseURL }) => {
      await signInAs(page, await createMember(baseURL!, { verified: true }));
      await page.goto('/browse');
      await page.getByRole('button', { name: 'Auto-Locate' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Showing members near Toronto, Canada' })).toBeVisible();
      await page.getByRole('button', { name: 'Filters' }).click();
      await expect(page.getByLabel('Location')).toHaveValue('Toronto, Canada');
      await expect(page.getByText('Distances from Toronto')).toBeVisible();
    });
  });

  test('a refused position is explained in the spec words', async ({ page, context, baseURL }) => {
    await context.clearPermissions();
    await signInAs(page, await createMember(baseURL!, { verified: true }));
    await page.goto('/browse');
    await page.getByRole('button', { name: 'Auto-Locate' }).click();
    await expect(page.getByText('Location access denied. Please enable location permissions.')).toBeVisible();
    await expect(page.getByLabel('Location')).toBeEditable();
  });
});
