import { expect, test } from '@playwright/test';
import { addPhoto, confirmedDate, createMember, signInAs, theAdmin } from '../support/e2e-fixtures.ts';

test('a member reports another from a chat thread, the admin bans from the queue, and the reported member\'s open app signs out', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const tag = Math.random().toString(36).slice(2, 6);
  const [reporter, reported] = await Promise.all([
    createMember(baseURL!, { verified: true, gender: 'female', name: `Rita ${tag}`, interests: ['hiking'], bio: 'Coffee first.' }),
    createMember(baseURL!, { verified: true, gender: 'male', name: `Rex ${tag}`, interests: ['hiking'], bio: 'Dinner and a walk.' }),
  ]);
  await Promise.all([addPhoto(baseURL!, reporter), addPhoto(baseURL!, reported)]);
  await confirmedDate(baseURL!, reported, reporter);

  // The reported member has the app open.
  const reportedContext = await browser.newContext();
  const reportedPage = await reportedContext.newPage();
  await signInAs(reportedPage, reported);
  await reportedPage.goto('/notifications');
  await expect(reportedPage.getByRole('heading', { level: 1 })).toBeVisible();

  const reporterContext = await browser.newContext();
  const page = await reporterContext.newPage();
  await signInAs(page, reporter);
  await page.goto(`/messages/${reported.user._id}`);
  await expect(page.getByRole('textbox', { name: `Message Rex ${tag}` })).toBeVisible();
  await page.getByLabel(`Safety options for Rex ${tag}`).click();
  await page.getByRole('button', { name: `Report Rex ${tag}` }).click();
  const form = page.getByRole('dialog', { name: `Report Rex ${tag}` });
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(form.getByRole('alert')).toHaveText('Choose a reason');
  await form.getByRole('radio', { name: 'Harassment or abusive messages' }).check();
  await form.getByRole('textbox', { name: 'Details (optional)' }).fill('Insulting messages after our date was set.');
  await expect(form.getByRole('checkbox', { name: `Also block Rex ${tag}` })).toBeChecked();
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thanks, our team will review this')).toBeVisible();
  // Reported and blocked: the thread is gone, and so is the conversation.
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByRole('link', { name: new RegExp(`Rex ${tag}`) })).toHaveCount(0);

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, await theAdmin(baseURL!));
  await adminPage.goto('/admin');
  await adminPage.getByRole('tab', { name: /^Reports/ }).click();
  await adminPage.getByRole('button', { name: new RegExp(`^Review the report about Rex ${tag}`) }).click();
  const detail = adminPage.locator('.admin-report-detail');
  await expect(detail.getByText('Insulting messages after our date was set.')).toBeVisible();
  await detail.getByRole('button', { name: 'Ban', exact: true }).click();
  const ban = adminPage.getByRole('dialog', { name: 'Ban member' });
  await ban.getByRole('textbox', { name: /Note for the audit log/ }).fill('Abusive messages, reported with details.');
  await ban.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(adminPage.getByRole('heading', { name: /Reports/ })).toBeVisible();

  // The banned member's open app hears that its sessions ended and goes to sign-in.
  await expect(reportedPage).toHaveURL(/\/login/, { timeout: 15_000 });
  await Promise.all([reportedContext.close(), reporterContext.close(), adminContext.close()]);
});

test('a member blocks another from their page, finds them gone, and unblocks them from the profile', async ({ browser, baseURL }) => {
  const tag = Math.random().toString(36).slice(2, 6);
  const [me, other] = await Promise.all([
    createMember(baseURL!, { verified: true, gender: 'female', name: `Bea ${tag}`, interests: ['hiking'], bio: 'Coffee first.' }),
    createMember(baseURL!, { verified: true, gender: 'male', name: `Bo ${tag}`, interests: ['hiking'], bio: 'Dinner and a walk.' }),
  ]);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, me);
  await page.goto(`/user/${other.user._id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Bo ${tag}`) })).toBeVisible();
  await page.getByLabel(`Safety options for Bo ${tag}`).click();
  await page.getByRole('button', { name: `Block Bo ${tag}` }).click();
  const confirm = page.getByRole('dialog', { name: `Block Bo ${tag}?` });
  await expect(confirm).toContainText(`Bo ${tag} isn't told you blocked them.`);
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page).toHaveURL(/\/browse/);
  await page.goto(`/user/${other.user._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();

  await page.goto('/profile');
  const blocked = page.getByRole('region', { name: 'Blocked members' });
  await blocked.getByRole('button', { name: `Unblock Bo` }).click();
  await expect(blocked.getByText("You haven't blocked anyone.")).toBeVisible();
  await page.goto(`/user/${other.user._id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Bo ${tag}`) })).toBeVisible();
  await context.close();
});
