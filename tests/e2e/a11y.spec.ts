import { expect, test } from '@playwright/test';
import { createMember, expectNoSevereA11yViolations, signInAs } from '../support/e2e-fixtures.ts';

const PUBLIC_PAGES = ['/', '/login', '/register', '/forgot-password', '/reset-password', '/reset-password?token=abc', '/terms', '/privacy', '/about', '/careers', '/careers/apply'];

for (const path of PUBLIC_PAGES) {
  test(`${path} has no serious or critical accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSevereA11yViolations(page);
  });
}

test('/profile has no serious or critical accessibility violation', async ({ page, baseURL }) => {
  await signInAs(page, await createMember(baseURL!));
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Save Profile' })).toBeVisible();
  await expectNoSevereA11yViolations(page);
});
