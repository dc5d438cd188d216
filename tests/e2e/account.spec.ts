import { expect, test } from '@playwright/test';
import { MAIL_POLL, createMember, keptKeys, mailsTo, signInAs } from '../support/e2e-fixtures.ts';

test('a forgotten password is reset through the mailed link, and the new one signs in', async ({ page, baseURL }) => {
  const member = await createMember(baseURL!, { verified: true });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // /login has an Email field too: fill the new page's, once the navigation has landed.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  let link: string | undefined;
  await expect
    .poll(() => (link = mailsTo(member.email).find((m) => m.subject.includes('Reset'))?.text.match(/https?:\/\/\S+/)?.[0]), MAIL_POLL)
    .toBeTruthy();
  await page.goto(link!);
  await page.getByLabel('New password').fill('my brand new secret');
  await page.getByLabel('Confirm password').fill('my brand new secreT');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill('my brand new secret');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password reset successfully!' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });

  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill('my brand new secret');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/browse$/);
});

test('a bad verification link shows the error view with a resend button', async ({ page, baseURL }) => {
  const member = await createMember(baseURL!);
  await signInAs(page, member);
  await page.goto('/verify-email?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Verification failed' })).toBeVisible();
  await expect(page.getByText('This verification link is invalid or has expired')).toBeVisible();
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Verification email sent! Check your inbox.')).toBeVisible();
});

test("stored 'null' values count as no session and are cleared", async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('token', 'null');
    localStorage.setItem('user', 'undefined');
  });
  await page.goto('/browse');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
});

for (const [token, user] of [['null', 'null'], ['undefined', 'undefined'], ['a-token', '{not json']]) {
  test(`a stored session of token ${token}, user ${user} is no session: the landing page shows, with Sign In`, async ({ page }) => {
    await page.addInitScript(
      ([storedToken, storedUser]) => {
        if (sessionStorage.getItem('stored')) return;
        sessionStorage.setItem('stored', '1');
        localStorage.setItem('token', storedToken!);
        localStorage.setItem('user', storedUser!);
      },
      [token, user],
    );
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await page.locator('body').innerText()).length).toBeGreaterThan(100);
  });
}

test("the query cache is kept in IndexedDB under the member's key and wiped at sign-out", async ({ page, baseURL }) => {
  const member = await createMember(baseURL!, { verified: true });
  await signInAs(page, member);
  await page.goto('/browse');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse' })).toBeVisible();
  await expect.poll(() => keptKeys(page)).toContain(`rendezvous-cache:${member.user._id}`);

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => keptKeys(page)).not.toContain(`rendezvous-cache:${member.user._id}`);
});
