import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { apiPost, createMember, signInAs, theAdmin, tomorrowInVancouver } from '../support/e2e-fixtures.ts';

test('an admin adds a restaurant with a banner image; a member is offered it on the booking form, opening in a new tab', async ({ browser, baseURL }) => {
  const admin = await theAdmin(baseURL!);
  const name = `Bistro ${Date.now().toString(36)}`;

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, admin);
  await adminPage.goto('/admin');
  await adminPage.getByRole('tab', { name: 'Restaurants' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Restaurant Banners' })).toBeVisible();
  await adminPage.getByRole('button', { name: 'Add Restaurant' }).click();

  const form = adminPage.getByRole('dialog', { name: 'Add Restaurant' });
  await form.getByLabel('Restaurant Name', { exact: true }).fill(name);
  await form.getByLabel('Street', { exact: true }).fill('568 Beatty St');
  await form.getByLabel('City', { exact: true }).fill('Vancouver');
  await form.getByLabel('Province', { exact: true }).fill('BC');
  await form.getByLabel('Postal Code', { exact: true }).fill('V6B 2L3');
  await form.getByLabel('Banner Text', { exact: true }).fill('Moules frites for two, every Tuesday');
  await expect(form.getByText('36/100')).toBeVisible();
  // A bad link is caught before anything is sent.
  await form.getByLabel('Banner Link', { exact: true }).fill('not a link');
  await form.getByRole('button', { name: 'Create Restaurant' }).click();
  await expect(form.getByText('Please enter a valid URL starting with http:// or https://')).toBeVisible();
  await form.getByLabel('Banner Link', { exact: true }).fill('https://bistro.example.com/dates');
  const image = await sharp({ create: { width: 800, height: 200, channels: 3, background: '#b0413e' } }).png().toBuffer();
  await form.getByLabel('Banner Image', { exact: true }).setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: image });
  // The live preview shows the chosen image and the text as typed.
  await expect(form.getByRole('article', { name: `Sponsored: ${name}` }).locator('img')).toBeVisible();
  await form.getByRole('button', { name: 'Create Restaurant' }).click();
  await expect(adminPage.getByText(`Restaurant ${name} created successfully`)).toBeVisible();
  const item = adminPage.getByRole('listitem', { name });
  await expect(item.getByText('Active', { exact: true })).toBeVisible();
  await expect(item.locator('img')).toHaveAttribute('src', /^\/api\/photos\/banner-[0-9a-f-]{36}\.webp$/);

  // A member about to book someone's free time sees it among the suggested venues.
  // Far from the other journeys' members (Vancouver), so this open time shows in none of their lists.
  const host = await createMember(baseURL!, { verified: true, name: 'Hazel Host', gender: 'female', city: 'Halifax' });
  const { slot } = (await apiPost(baseURL!, host, '/availability/create', { date: tomorrowInVancouver(), startTime: '19:00', endTime: '22:00', dateType: 'dinner', venue: 'Somewhere nice' }, 201)) as {
    slot: { _id: string };
  };
  const guest = await createMember(baseURL!, { verified: true, name: 'Gus Guest' });
  const guestContext = await browser.newContext();
  const guestPage = await guestContext.newPage();
  await signInAs(guestPage, guest);
  const counted = guestPage.waitForResponse((response) => response.url().includes('/api/banners/') && response.url().endsWith('/view'));
  await guestPage.goto(`/book/${host.user._id}/${slot._id}`);
  const link = guestPage.getByRole('link', { name: new RegExp(`Visit ${name}`) });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', 'https://bistro.example.com/dates');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  expect((await counted).status()).toBe(200);
  await guestPage.getByRole('button', { name: `Pick ${name} for this date` }).click();
  await expect(guestPage.getByLabel('Venue', { exact: true })).toHaveValue(name);
  await expect(guestPage.getByLabel('Address', { exact: true })).toHaveValue('568 Beatty St, Vancouver');

  // The view was counted (the admin's list keeps its data 5 minutes, so ask the server).
  const list = await fetch(`${baseURL}/api/admin/restaurants`, { headers: { authorization: `Bearer ${admin.token}` } });
  const listed = ((await list.json()) as { restaurants: { name: string; stats: { views: number } }[] }).restaurants.find((r) => r.name === name)!;
  expect(listed.stats.views).toBeGreaterThanOrEqual(1);

  // Deactivated, it is no longer offered.
  await adminPage.getByRole('button', { name: `Deactivate ${name}` }).click();
  await expect(adminPage.getByText(`Restaurant ${name} deactivated successfully`)).toBeVisible();
  await expect(adminPage.getByRole('listitem', { name }).getByText('Inactive', { exact: true })).toBeVisible();
  const banners = await fetch(`${baseURL}/api/banners`, { headers: { authorization: `Bearer ${guest.token}` } });
  expect(((await banners.json()) as { banners: { name: string }[] }).banners.map((b) => b.name)).not.toContain(name);

  // Deleted after confirming.
  await adminPage.getByRole('button', { name: `Delete ${name}` }).click();
  await adminPage.getByRole('dialog', { name: 'Delete restaurant' }).getByRole('button', { name: 'Delete' }).click();
  await expect(adminPage.getByText(`Restaurant ${name} deleted successfully`)).toBeVisible();
  await expect(adminPage.getByRole('listitem', { name })).toHaveCount(0);

  const removed = await fetch(`${baseURL}/api/availability/${slot._id}`, { method: 'DELETE', headers: { authorization: `Bearer ${host.token}` } });
  expect(removed.status).toBe(200);
  await adminContext.close();
  await guestContext.close();
});

type VariantResult = { views: number; uniqueViews: number; clicks: number; uniqueClicks: number };

test("a visitor sees one tagline, the same after a reload; the view and the call to action's click are counted and shown on the A/B Testing tab", async ({ browser, baseURL }) => {
  const admin = await theAdmin(baseURL!);
  const results = async (variant: string) => {
    const answer = await fetch(`${baseURL}/api/admin/ab-test/stats`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { variants: Record<string, VariantResult> }).variants[variant]!;
  };

  const visitorContext = await browser.newContext();
  const page = await visitorContext.newPage();
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1 });
  // The one tagline shown (the others are in the page, hidden) is the visitor's variant.
  const shown = page.locator('.tagline:visible');
  await expect(shown).toHaveCount(1);
  const variant = (await shown.getAttribute('data-variant'))!;
  expect(variant).toMatch(/^(original|sophisticated|playful|luxurious)$/);
  const tagline = (await shown.textContent())!;
  await expect(heading).toHaveAccessibleName(tagline);
  const before = await results(variant);
  // The first view may have been counted already (it goes once the page has loaded).
  await expect.poll(async () => (await results(variant)).uniqueViews, { timeout: 10_000 }).toBeGreaterThanOrEqual(Math.max(before.uniqueViews, 1));

  const views = (await results(variant)).views;
  await page.reload();
  await expect(heading).toHaveAccessibleName(tagline);
  await expect(shown).toHaveAttribute('data-variant', variant);
  // Another view in the totals; the visitor is already among the unique ones.
  await expect.poll(async () => (await results(variant)).views, { timeout: 10_000 }).toBeGreaterThan(views);

  const clicks = (await results(variant)).clicks;
  await page.getByRole('link', { name: 'Get started free' }).click();
  await expect(page).toHaveURL(/\/register/);
  await expect.poll(async () => (await results(variant)).clicks, { timeout: 10_000 }).toBeGreaterThan(clicks);
  expect((await results(variant)).uniqueClicks).toBeGreaterThanOrEqual(1);

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, admin);
  await adminPage.goto('/admin');
  await adminPage.getByRole('tab', { name: 'A/B Testing' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Tagline A/B Test Results' })).toBeVisible();
  const title = variant.charAt(0).toUpperCase() + variant.slice(1);
  const row = adminPage.getByRole('row', { name: title });
  await expect(row).toContainText(tagline);
  const uniqueViews = Number(await row.getByRole('cell').nth(1).textContent());
  expect(uniqueViews).toBeGreaterThanOrEqual(1);
  await expect(adminPage.getByRole('listitem', { name: title })).toContainText('unique views');
  await expect(adminPage.getByText('Conversion rate = (unique clicks ÷ unique views) × 100')).toBeVisible();
  await expect(adminPage.getByText(/^Date range: /)).toBeVisible();

  await visitorContext.close();
  await adminContext.close();
});
