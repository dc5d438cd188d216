import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createMember, signInAs } from '../support/e2e-fixtures.ts';

const PUBLIC_PAGES = ['/', '/login', '/register', '/forgot-password', '/reset-password', '/reset-password?token=abc', '/terms', '/privacy', '/about', '/careers', '/careers/apply'];

async function severeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const path of PUBLIC_PAGES) {
  test(`${path} has no serious or critical accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);
  });
}

test('/profile has no serious or critical accessibility violation', async ({ page, baseURL }) => {
  await signInAs(page, await createMember(baseURL!));
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Save Profile' })).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
});
