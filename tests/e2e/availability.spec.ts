import { expect, test } from '@playwright/test';
import { createMember, expectNoSevereA11yViolations, signInAs, tomorrowInVancouver } from '../support/e2e-fixtures.ts';

test('a host adds a time from a preset, sees it in the calendar and list, another member finds and books it, and the host removes it', async ({ page, browser, baseURL }) => {
  const hostName = `Hostess ${Math.random().toString(36).slice(2, 7)}`;
  const [host, guest] = await Promise.all([
    createMember(baseURL!, { verified: true, gender: 'female', name: hostName }),
    createMember(baseURL!, { verified: true, gender: 'male', name: 'Gabe' }),
  ]);
  const day = tomorrowInVancouver();

  await signInAs(page, host);
  await page.goto('/availability');
  await expect(page.getByRole('heading', { level: 1, name: 'My Availability' })).toBeVisible();
  await expect(page.getByText('No upcoming free times yet.')).toBeVisible();

  await page.getByLabel('Date', { exact: true }).fill(day);
  await page.getByLabel('Date type').selectOption('drinks');
  await expect(page.getByLabel('Venue')).not.toHaveValue('');
  await page.getByRole('button', { name: /^Evening 18:00–21:00/ }).click();
  await expect(page.getByLabel('Start time')).toHaveValue('18:00');
  await expect(page.getByLabel('End time')).toHaveValue('21:00');
  // Choosing a start fills the end by the type's default duration (drinks: 2 hours).
  await page.getByLabel('Start time').selectOption('19:00');
  await expect(page.getByLabel('End time')).toHaveValue('21:00');
  await page.getByLabel('Start time').selectOption('18:00');
  await page.getByLabel('End time').selectOption('21:00');
  await page.getByLabel('Venue').fill('The Rooftop Bar');
  await page.getByLabel('Notes (optional)').fill('I will wear a green scarf');
  await expect(page.getByText('25/200')).toBeVisible();
  await page.getByRole('button', { name: 'Add this time' }).click();
  await expect(page.getByText('Availability slot created!')).toBeVisible();

  const dayButton = page.locator(`.calendar-day[data-date="${day}"]`);
  await expect(dayButton).toHaveClass(/day-open/);
  await expect(dayButton).toHaveAttribute('aria-label', /has free times/);
  const upcoming = page.getByRole('list', { name: 'All my upcoming availability' });
  await expect(upcoming.getByText('The Rooftop Bar')).toBeVisible();
  await expect(upcoming.getByText('18:00–21:00 MST')).toBeVisible();
  await expectNoSevereA11yViolations(page);

  // Another member finds it in the Available Dates tab.
  const context = await browser.newContext({ baseURL });
  const his = await context.newPage();
  await signInAs(his, guest);
  await his.goto('/browse');
  await his.getByRole('tab', { name: 'Available Dates' }).click();
  await his.getByLabel('From').fill(day);
  await his.getByLabel('To').fill(day);
  const card = his.getByRole('article', { name: hostName });
  await expect(card).toBeVisible();
  await expect(card.getByRole('definition').filter({ hasText: 'Drinks' })).toBeVisible();
  await expect(card.getByText('18:00–21:00 MST')).toBeVisible();
  await expect(card.getByText('The Rooftop Bar')).toBeVisible();
  await expectNoSevereA11yViolations(his);
  await card.getByRole('link', { name: /^Book/ }).click();
  await expect(his).toHaveURL(new RegExp(`/book/${host.user._id}/[0-9a-f-]{36}$`));
  const slotId = his.url().split('/').pop()!;

  const calendar = await fetch(`${baseURL}/api/availability/my-calendar?month=${Number(day.slice(5, 7))}&year=${day.slice(0, 4)}`, {
    headers: { authorization: `Bearer ${host.token}` },
  });
  const { calendar: days } = (await calendar.json()) as { calendar: Record<string, { _id: string }[]> };
  expect(days[day]!.map((slot) => slot._id)).toEqual([slotId]);

  // The host removes it: gone from the list, the calendar and the other member's tab.
  await upcoming.getByRole('button', { name: /^Remove Drinks/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this time?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Availability slot removed')).toBeVisible();
  await expect(page.getByText('No upcoming free times yet.')).toBeVisible();
  await expect(dayButton).not.toHaveClass(/day-open/);

  await his.goto('/browse');
  await his.getByRole('tab', { name: 'Available Dates' }).click();
  await expect(his.getByLabel('From')).toHaveValue(day);
  await expect(his.getByText('No available dates found - Try other dates or filters, or check back later.')).toBeVisible();
  await context.close();
});
