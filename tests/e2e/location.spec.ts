import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/e2e-fixtures.ts';

test.describe('with the device position shared', () => {
  test.use({ geolocation: { latitude: 49.2827, longitude: -123.1207 }, permissions: ['geolocation'] });

  test('"Use my location" finds the city on our own server, and registration keeps it', async ({ page, baseURL }) => {
    const thirdParty: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== new URL(baseURL!).origin) thirdParty.push(request.url());
    });
    await page.goto('/register');
    await page.getByLabel('Email').fill(uniqueEmail('located'));
    await page.getByLabel('Password').fill('a long enough secret');
    await page.getByLabel('Name').fill('Casey');
    await page.getByLabel('Age').fill('35');
    await page.getByLabel('Gender', { exact: true }).selectOption('non-binary');

    const lookup = page.waitForRequest((request) => request.url().includes('/api/geo/reverse?lat=49.2827&lon=-123.1207'));
    await page.getByRole('button', { name: 'Use my location' }).click();
    await lookup;
    await expect(page.getByText('Vancouver, Canada')).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/verify-email$/);

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).profile.location);
    expect(stored).toEqual({ city: 'Vancouver', country: 'Canada', coordinates: [-123.12, 49.28] });
    expect(thirdParty).toEqual([]);
  });

  test('"Change" reopens manual entry with city suggestions to pick from', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page.getByText('Vancouver, Canada')).toBeVisible();
    await page.getByRole('button', { name: 'Change' }).click();
    const city = page.getByRole('combobox', { name: 'City' });
    await city.fill('Halif');
    await expect(page.getByRole('option', { name: 'Halifax, Canada' })).toBeVisible();
    await city.press('ArrowDown');
    await city.press('Enter');
    await expect(city).toHaveValue('Halifax, Canada');
  });
});

test('a refused position explains itself in the spec words and leaves typing open', async ({ page, context }) => {
  await context.clearPermissions();
  await page.goto('/register');
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page.getByText('Location access denied. Please enter your city manually.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'City' })).toBeEditable();
});
