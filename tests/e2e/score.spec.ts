import { expect, test } from '@playwright/test';
import { addPhoto, createMember, expectNoSevereA11yViolations, signInAs } from '../support/e2e-fixtures.ts';

test("a member's score comes from the ledger: overview, guide and the credit report's latest entries", async ({ page, baseURL }) => {
  // E-mail verification +25 and the first photo +10: 685 on the ledger.
  const member = await createMember(baseURL!, { verified: true, gender: 'male', name: 'Marek' });
  await addPhoto(baseURL!, member);
  await signInAs(page, member);
  await page.goto('/browse');
  await page.getByRole('link', { name: 'Reliability score 685' }).click();
  await expect(page).toHaveURL(/\/score$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reliability score' })).toBeVisible();
  await expect(page.getByTestId('score-figure')).toHaveText(/685/);
  await expect(page.getByTestId('score-figure')).toHaveClass(/score-blue/);
  await expect(page.getByText('Grade: Good')).toBeVisible();
  await expect(page.getByRole('row', { name: 'Add your first photo +10' })).toBeVisible();
  await expectNoSevereA11yViolations(page);

  await page.getByRole('tab', { name: 'Credit Report' }).click();
  await expect(page.getByText('65 points to Excellent')).toBeVisible();
  const history = page.getByRole('region', { name: 'Recent history' }).getByRole('listitem');
  await expect(history).toHaveCount(2);
  await expect(history.first()).toContainText('+10');
  await expect(history.last()).toContainText('Email verified');
  await expect(page.getByRole('row', { name: 'Profile Enhancement 2 +35' })).toBeVisible();
  await expectNoSevereA11yViolations(page);

  await page.getByRole('link', { name: '← Back to Browse' }).click();
  await expect(page).toHaveURL(/\/browse$/);
});

test("a woman's royal title explains itself in a modal (Got it, Escape, focus back) and /royal-tiers shows each tier", async ({ page, baseURL }) => {
  const member = await createMember(baseURL!, { verified: true, gender: 'female', name: 'Lena' });
  await signInAs(page, member);
  await page.goto('/score');
  await expect(page.getByTestId('score-figure')).toHaveText(/675/);
  const title = page.getByRole('button', { name: /^Lady/ });
  await title.click();
  const dialog = page.getByRole('dialog', { name: 'Lady tier' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Score range: 300–699')).toBeVisible();
  await expect(dialog.getByText(/This tier is free for all women/)).toBeVisible();
  await expectNoSevereA11yViolations(page);
  // Focus stays inside while it is open.
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await dialog.getByRole('button', { name: 'Got it' }).click();
  await expect(dialog).toBeHidden();
  await expect(title).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(title).toBeFocused();

  // From the profile too.
  await page.goto('/profile');
  await page.getByRole('button', { name: /^Lady/ }).click();
  await expect(page.getByRole('dialog', { name: 'Lady tier' })).toBeVisible();
  await page.getByRole('link', { name: 'All royal tiers' }).click();
  await expect(page).toHaveURL(/\/royal-tiers\?tier=lady$/);
  await expect(page.getByRole('region', { name: 'Lady tier' })).toContainText('Every woman starts as a Lady');

  const tiers = page.getByRole('navigation', { name: 'Royal tiers' }).getByRole('link');
  await expect(tiers).toHaveCount(5);
  await tiers.filter({ hasText: 'Queen' }).click();
  await expect(page).toHaveURL(/\?tier=queen$/);
  await expect(page.getByRole('region', { name: 'Queen tier' })).toContainText('825–850');
  await expect(page.getByRole('region', { name: 'Queen tier' })).toContainText('95%+');
  await expect(page.getByRole('heading', { name: 'How Royal Tiers Work' })).toBeVisible();
  await expect(page.getByText('Everyone starts as a Lady, and there are no negative tiers.')).toBeVisible();
  await expectNoSevereA11yViolations(page);
});
