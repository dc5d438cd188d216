import { expect, test } from '@playwright/test';
import { uniqueEmail, verificationLink } from '../support/e2e-fixtures.ts';

test('a newcomer registers, verifies through the mailed link, signs out and back in', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  const password = 'a long enough secret';

  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Name').fill('Jordan');
  await page.getByLabel('Age').fill('29');
  await page.getByLabel('Gender', { exact: true }).selectOption('female');
  await page.getByRole('combobox', { name: 'City' }).fill('Vancouver, Canada');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Account created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText(email)).toBeVisible();

  const link = await verificationLink(email);
  expect(link).toContain('/verify-email?token=');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified!' })).toBeVisible();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Browse' })).toBeVisible();

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await page.getByRole('link', { name: 'Sign In', exact: true }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/browse$/);
});

test('a wrong password shows the server error and keeps the form', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('nobody@example.com');
});

test('registration explains what is missing, in the spec words', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please set your location to continue').first()).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await page.getByLabel('Couple').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Partner name is required')).toBeVisible();
});
