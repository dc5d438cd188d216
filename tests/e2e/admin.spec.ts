import { expect, test } from '@playwright/test';
import { createMember, signInAs, theAdmin } from '../support/e2e-fixtures.ts';

test('an admin bans a member, whose open tab is sent to /login on its next call', async ({ browser, baseURL }) => {
  const member = await createMember(baseURL!, { verified: true, name: 'Bailey Banned' });
  const admin = await theAdmin(baseURL!);
  expect(admin.user).toMatchObject({ isAdmin: true });

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInAs(memberPage, member);
  await memberPage.goto('/notifications');
  await expect(memberPage.getByRole('heading', { level: 1 })).toBeVisible();

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, admin);
  await adminPage.goto('/admin');
  await expect(adminPage.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(adminPage.getByRole('listitem', { name: 'Total Users' })).toBeVisible();
  await adminPage.getByRole('searchbox', { name: 'Search users' }).fill(member.email);
  await expect(adminPage.getByText('Showing 1 to 1 of 1 users')).toBeVisible();
  await adminPage.getByRole('button', { name: 'Ban Bailey Banned' }).click();
  const prompt = adminPage.getByRole('dialog', { name: 'Ban user' });
  await prompt.getByLabel('Why is Bailey Banned being banned?').fill('Harassment reported twice');
  await prompt.getByRole('button', { name: 'Ban' }).click();
  await expect(adminPage.getByText('User Bailey Banned banned successfully')).toBeVisible();
  await expect(adminPage.getByRole('row', { name: 'Bailey Banned' }).getByText('Banned', { exact: true })).toBeVisible();

  // The member's open inbox makes its next call (it polls every 10 s): the session is gone, so it lands on /login.
  await expect(memberPage).toHaveURL(/\/login/, { timeout: 25_000 });
  // And signing in again is refused.
  const again = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  expect(again.status).toBe(403);

  await memberContext.close();
  await adminContext.close();
});

test('a member who is not an admin opening /admin lands on /browse', async ({ page, baseURL }) => {
  const member = await createMember(baseURL!, { verified: true });
  await signInAs(page, member);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/browse$/);
  const answer = await fetch(`${baseURL}/api/admin/users`, { headers: { authorization: `Bearer ${member.token}` } });
  expect(answer.status).toBe(403);
});
