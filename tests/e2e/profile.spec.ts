import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createMember, signInAs } from '../support/e2e-fixtures.ts';

/** A real photo: 1600×1200 of noise, so the encoder has work to do. */
async function holidayPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

const scoreChip = (page: Page, score: number) => page.getByRole('link', { name: `Reliability score ${score}` });

async function openProfile(page: Page) {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Profile' })).toBeVisible();
}

test('a verified member adds a photo, interests, preferences and a bio, and finds them all after a reload', async ({ page, baseURL }) => {
  const member = await createMember(baseURL!, { verified: true });
  await signInAs(page, member);
  await openProfile(page);
  const identity = page.getByRole('region', { name: 'Who you are' });
  await expect(identity.getByText('Robin', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Verify your email' })).toHaveCount(0);
  await expect(page.getByText('unverified', { exact: true })).toBeVisible();
  await expect(scoreChip(page, 675)).toBeVisible();

  // A real JPEG goes through the browser's compression ladder (800 px wide), then to the server.
  await page.getByLabel('Add photos').setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: await holidayPhoto() });
  const photo = page.getByRole('img', { name: 'Your photo 1' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
  // Said once: by the live connection ('+10 points: Added a profile photo'), or by the page when there is none.
  await expect(page.getByText(/^\+10 points(: Added a profile photo| for adding your first photo!)$/)).toHaveCount(1);
  await expect(page.getByText('1 photo added.')).toBeVisible();
  await expect(scoreChip(page, 685)).toBeVisible();

  const entry = page.getByLabel('Add an interest');
  await entry.fill('Jazz clubs');
  await entry.press('Enter');
  await page.getByRole('button', { name: 'Add Hiking' }).click();
  const chips = page.getByRole('list', { name: 'Your interests' });
  await expect(chips.getByRole('listitem')).toHaveText(['Jazz clubs×', 'Hiking×']);
  await expect(page.getByRole('button', { name: 'Add Hiking' })).toHaveCount(0);

  await page.getByLabel('Bio', { exact: true }).fill('Coffee first, then a long walk by the sea.');
  await expect(page.getByText('42/500 characters')).toBeVisible();
  await page.getByLabel('Drinks').check();
  await page.getByRole('group', { name: 'Interested in meeting' }).getByLabel('Couples').check();
  await page.getByLabel('Minimum age').selectOption('25');
  await page.getByLabel('Maximum age').selectOption('40');
  await page.getByRole('slider', { name: /Maximum distance/ }).fill('50');
  await expect(page.getByText('50 km')).toBeVisible();

  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();

  // Notification switches save on their own.
  const viewed = page.getByRole('group', { name: 'Email me when' }).getByRole('switch', { name: 'Someone views my profile' });
  await expect(viewed).not.toBeChecked();
  await viewed.check();
  await expect(page.getByText('Notification settings saved.')).toBeVisible();

  await page.reload();
  await openProfile(page);
  await expect(page.getByRole('img', { name: 'Your photo 1' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your interests' }).getByRole('listitem')).toHaveText(['Jazz clubs×', 'Hiking×']);
  await expect(page.getByLabel('Bio', { exact: true })).toHaveValue('Coffee first, then a long walk by the sea.');
  await expect(page.getByLabel('Drinks')).toBeChecked();
  await expect(page.getByRole('group', { name: 'Interested in meeting' }).getByLabel('Couples')).toBeChecked();
  await expect(page.getByRole('group', { name: 'Interested in meeting' }).getByLabel('Women')).toBeChecked();
  await expect(page.getByLabel('Minimum age')).toHaveValue('25');
  await expect(page.getByLabel('Maximum age')).toHaveValue('40');
  await expect(page.getByRole('slider', { name: /Maximum distance/ })).toHaveValue('50');
  await expect(page.getByText('Vancouver, Canada')).toBeVisible();
  await expect(viewed).toBeChecked();
  await expect(scoreChip(page, 685)).toBeVisible();

  await page.getByRole('button', { name: 'Delete photo 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete photo' });
  await expect(dialog.getByText('Are you sure you want to delete this photo?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('img', { name: 'Your photo 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete photo 1' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Photo deleted.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your photo 1' })).toHaveCount(0);
  await page.reload();
  await openProfile(page);
  await expect(page.getByText('0 of 5 photos', { exact: false })).toBeVisible();
});

test('an unverified member is asked to verify; mistakes are explained and nothing typed is lost', async ({ page, baseURL }) => {
  const member = await createMember(baseURL!);
  await signInAs(page, member);
  await openProfile(page);
  await expect(page.getByRole('link', { name: 'Verify your email' })).toHaveAttribute('href', '/verify-email');
  await expect(page.getByRole('link', { name: 'My membership' })).toHaveAttribute('href', '/subscription');
  await expect(page.getByRole('link', { name: 'Change Tier' })).toHaveAttribute('href', '/car-tier');
  await expect(page.getByText('Honda Team')).toBeVisible();

  // Refused before anything is sent, with the file's name.
  await page.getByLabel('Add photos').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
  await expect(page.getByText('Only JPEG, PNG or WebP photos are allowed: notes.txt')).toBeVisible();

  await page.getByLabel('Bio', { exact: true }).fill('Typed before a mistake.');
  await page.getByLabel('Display name').fill('   ');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByLabel('Display name')).toBeFocused();

  await page.getByLabel('Display name').fill('Robin B');
  await page.getByRole('button', { name: 'Change' }).click();
  await page.getByRole('combobox', { name: 'City' }).fill('Nowhereville, Atlantis');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByRole('alert').filter({ hasText: "We couldn't find that city." }).first()).toBeVisible();
  await expect(page.getByLabel('Bio', { exact: true })).toHaveValue('Typed before a mistake.');
  await expect(page.getByLabel('Display name')).toHaveValue('Robin B');

  await page.getByRole('combobox', { name: 'City' }).fill('Halifax, Canada');

  // Without a network: a flipped switch goes back; the save fails and keeps everything.
  await page.context().setOffline(true);
  const messages = page.getByRole('group', { name: 'Send me a push notification when' }).getByRole('switch', { name: 'New chat messages' });
  await messages.click();
  await expect(page.getByRole('alert').filter({ hasText: "You're offline." })).toBeVisible();
  await expect(messages).toBeChecked();
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.locator('.profile-save').getByRole('alert')).toHaveText("You're offline. Check your connection and try again.");
  await expect(page.getByLabel('Display name')).toHaveValue('Robin B');
  await page.context().setOffline(false);

  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Who you are' }).getByText('Robin B', { exact: true })).toBeVisible();
  await expect(page.getByText('Halifax, Canada')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'City' })).toHaveCount(0);
  await expect(page.getByLabel('Bio', { exact: true })).toHaveValue('Typed before a mistake.');
});
