import { expect, test } from '@playwright/test';
import { apiPost, createMember, expectNoSevereA11yViolations, signInAs } from '../support/e2e-fixtures.ts';

const CARD = { cardNumber: '4242 4242 4242 4242', expiryDate: '12/30', cvv: '123', cardholderName: 'Sam Carter' };
const ADDRESS = { street: '1 King St W', city: 'Toronto', province: 'ON', postalCode: 'M5H 1A1' };

test('a man picks a team, pays with the test card, sees his badge, and cancels back to the Honda Team', async ({ page, browser, baseURL }) => {
  const man = await createMember(baseURL!, { gender: 'male', name: 'Sam', verified: true });
  await signInAs(page, man);

  // A missing or unknown tier goes back to the chooser.
  await page.goto('/payment');
  await expect(page).toHaveURL(/\/car-tier$/);
  await page.goto('/payment?tier=bugatti');
  await expect(page).toHaveURL(/\/car-tier$/);

  await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Team' })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(9);
  await expect(page.getByText('$25.00/month')).toBeVisible();
  await expect(page.getByText('$1,000.00/month')).toBeVisible();
  await expectNoSevereA11yViolations(page);
  await page.getByRole('radio', { name: /Tesla Team/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/payment\?tier=tesla$/);

  await expect(page.getByRole('heading', { level: 2, name: 'Tesla Team' })).toBeVisible();
  await expect(page.getByText('$100.00', { exact: true })).toBeVisible();
  await expect(page.getByText('HST (13%)')).toBeVisible();
  await expect(page.getByText('$13.00', { exact: true })).toBeVisible();
  await expect(page.getByText('$113.00', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Country')).toHaveValue('Canada');
  await expect(page.getByLabel('Province or territory').locator('option')).toHaveCount(13);
  await expectNoSevereA11yViolations(page);

  // Nothing filled in: the spec's texts.
  await page.getByLabel('Cardholder name').fill('');
  await page.getByRole('button', { name: 'Pay $113.00' }).click();
  await expect(page.getByText('Please fill in all payment information').first()).toBeVisible();
  await expect(page.getByText('Please complete your billing address').first()).toBeVisible();

  // The fields format what is typed.
  await page.getByLabel('Card number').fill('4000000000000002');
  await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM/YY)').fill('1230');
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue('12/30');
  await page.getByLabel('CVV').fill('1a23');
  await expect(page.getByLabel('CVV')).toHaveValue('123');
  await page.getByLabel('Cardholder name').fill(CARD.cardholderName);
  await page.getByLabel('Street').fill(ADDRESS.street);
  await page.getByLabel('City').fill(ADDRESS.city);
  await page.getByLabel('Province or territory').selectOption('ON');
  await page.getByLabel('Postal code').fill('m5h 1a1');
  await expect(page.getByLabel('Postal code')).toHaveValue('M5H 1A1');

  // The declining test card: the server's refusal, on the card number.
  await page.getByRole('button', { name: 'Pay $113.00' }).click();
  await expect(page.getByText('Your card was declined. Please use another card.')).toBeVisible();

  await page.getByLabel('Card number').fill(CARD.cardNumber);
  await page.getByRole('button', { name: 'Pay $113.00' }).click();
  await expect(page.getByText('Payment successful! Welcome to the Tesla Team.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Your team:')).toContainText('Tesla Team');

  // Another member sees the badge on his page.
  const viewer = await createMember(baseURL!, { gender: 'female', verified: true });
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(otherPage, viewer);
  await otherPage.goto(`/user/${man.user._id}`);
  await expect(otherPage.getByRole('link', { name: 'Tesla Team' })).toBeVisible();
  await other.close();

  await page.goto('/subscription');
  await expect(page.getByRole('heading', { level: 1, name: 'Team Membership' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Tesla Team' })).toBeVisible();
  await expect(page.getByText('visa ending 4242')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Change Tier' })).toHaveAttribute('href', '/car-tier');
  await expectNoSevereA11yViolations(page);

  await page.getByRole('button', { name: 'Cancel Membership' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your team membership?' });
  await expect(dialog.getByText(/downgraded to the Honda Team/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, cancel membership' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'Honda Team' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade Tier' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Membership' })).toHaveCount(0);

  await page.goto('/profile');
  await expect(page.getByText('Your team:')).toContainText('Honda Team');

  // Honda needs no payment: choosing it goes to the profile.
  await page.goto('/car-tier');
  await page.getByRole('radio', { name: /Honda Team/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('a woman sees Royal Status and the psychology guide, and cannot buy a team (the API refuses too)', async ({ page, baseURL }) => {
  const woman = await createMember(baseURL!, { gender: 'female', name: 'Ada', verified: true });
  await signInAs(page, woman);
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { level: 1, name: 'Royal Status' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Lady' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Membership' })).toHaveCount(0);
  await expectNoSevereA11yViolations(page);

  await page.goto('/car-tier');
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expectNoSevereA11yViolations(page);
  await page.goto('/payment?tier=tesla');
  await expect(page.getByText('Rendezvous is free for women: car-team memberships are not for sale to women.')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);

  await page.goto('/car-tier');
  await page.getByRole('link', { name: 'Start Browsing Partners' }).click();
  await expect(page).toHaveURL(/\/browse$/);

  const refused = await apiPost(baseURL!, woman, '/subscriptions/create', { tier: 'tesla', paymentData: { ...CARD, billingAddress: ADDRESS } }, 403);
  expect(refused.error).toBe('Rendezvous is free for women: car-team memberships are not for sale to women.');
});
