import { expect, test } from '@playwright/test';
import { createMember, expectNoSevereA11yViolations, signInAs } from '../support/e2e-fixtures.ts';

test('a nudge reaches the inbox: the bell counts it, Acknowledge, Archive, and the avatar leads to the sender', async ({ page, baseURL }) => {
  const [ana, ben] = await Promise.all([
    createMember(baseURL!, { verified: true, gender: 'female', name: 'Ana', age: 29 }),
    createMember(baseURL!, { verified: true, gender: 'male', name: 'Ben', age: 32 }),
  ]);
  const nudged = await fetch(`${baseURL}/api/users/${ben.user._id}/nudge`, { method: 'POST', headers: { authorization: `Bearer ${ana.token}` } });
  expect(nudged.status).toBe(200);

  await signInAs(page, ben);
  await page.goto('/browse');
  const bell = page.getByRole('link', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await expect(bell).toContainText('1');
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();

  const activeTab = page.getByRole('tab', { name: 'Active (1)' });
  await expect(activeTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Archived (0)' })).toBeVisible();
  const item = page.getByRole('article', { name: /You got a nudge/ });
  await expect(item).toContainText('Ana would like to meet you');
  await expectNoSevereA11yViolations(page);

  await item.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(page.getByText('Nudge acknowledged!')).toBeVisible();
  await expect(item.getByText('Acknowledged')).toBeVisible();
  await expect(item.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);
  // Nothing unread is left for the bell.
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

  await item.getByRole('button', { name: /^Archive/ }).click();
  await expect(page.getByText('Notification archived')).toBeVisible();
  await expect(page.getByText('No active notifications')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Archived (1)' })).toBeVisible();
  await page.getByRole('tab', { name: 'Archived (1)' }).click();
  const archived = page.getByRole('article', { name: /You got a nudge/ });
  await expect(archived.getByText('Acknowledged')).toBeVisible();
  await expect(archived.getByRole('button', { name: /^Archive/ })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Active (0)' })).toBeVisible();

  // The archive holds after a reload.
  await page.reload();
  await expect(page.getByText('No active notifications')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Archived (1)' })).toBeVisible();

  await page.getByRole('tab', { name: 'Archived (1)' }).click();
  await page.getByRole('link', { name: "View Ana's profile" }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${ana.user._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Ana, 29' })).toBeVisible();
});
