import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { createMember, expectNoSevereA11yViolations, signInAs, type Member } from '../support/e2e-fixtures.ts';

/**
 * A platform authenticator with user verification, through the Chrome DevTools Protocol: the page's
 * navigator.credentials.create() runs for real against it, and the server verifies what it signs.
 */
async function virtualAuthenticator(page: Page, options: { isUserVerified: boolean }): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: options.isUserVerified,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function serverFlag(baseURL: string, member: Member): Promise<boolean> {
  const me = await fetch(`${baseURL}/api/auth/me`, { headers: { authorization: `Bearer ${member.token}` } });
  return ((await me.json()) as { user: { isBiometricVerified: boolean } }).user.isBiometricVerified;
}

async function openProfile(page: Page) {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
}

const block = (page: Page) => page.getByRole('region', { name: 'Biometric verification' });

test('a member verifies with the device: a platform credential the server checks, then the verified state everywhere', async ({ page, browser, baseURL }) => {
  const member = await createMember(baseURL!, { verified: true, gender: 'female', name: 'Iris', interests: ['hiking'] });
  const { cdp, authenticatorId } = await virtualAuthenticator(page, { isUserVerified: true });
  await signInAs(page, member);
  await openProfile(page);
  await expect(block(page).getByText('unverified', { exact: true })).toBeVisible();
  await expect(block(page).getByText(/not verified yet/)).toBeVisible();
  await expectNoSevereA11yViolations(page);

  await block(page).getByRole('button', { name: 'Verify with fingerprint or face' }).click();
  await expect(page.getByText('Biometric verification successful! You are now a verified user.')).toBeVisible();
  await expect(block(page).getByText('Verified', { exact: true })).toBeVisible();
  await expect(block(page).getByRole('button')).toHaveCount(0);
  expect(await serverFlag(baseURL!, member)).toBe(true);

  // The authenticator holds the credential the server now keeps (one, made for this site, user-verified).
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.rpId).toBe('localhost');

  // Still verified after a reload (the server's record, not the page's memory).
  await page.reload();
  await expect(block(page).getByText('Verified', { exact: true })).toBeVisible();

  // Other members see the badge on the member page.
  const viewer = await createMember(baseURL!, { verified: true, gender: 'male', name: 'Theo', interests: ['hiking'] });
  const context = await browser.newContext();
  const other = await context.newPage();
  await signInAs(other, viewer);
  await other.goto(`/user/${member.user._id}`);
  await expect(other.getByRole('list', { name: 'Standing and verification' }).getByText('Biometric verified')).toBeVisible();
  await context.close();
});

test('a device that cannot verify the user, a foreign challenge and a missing authenticator are refused with the spec texts; the server flag stays off', async ({ page, baseURL }) => {
  const member = await createMember(baseURL!, { verified: true, name: 'Noor' });
  const { cdp, authenticatorId } = await virtualAuthenticator(page, { isUserVerified: false });
  await signInAs(page, member);
  await openProfile(page);
  const verify = block(page).getByRole('button', { name: 'Verify with fingerprint or face' });

  // The fingerprint check fails: the browser refuses (NotAllowedError).
  await verify.click();
  await expect(block(page).getByRole('alert')).toHaveText('Biometric verification was cancelled or denied');
  await expect(block(page).getByText('unverified', { exact: true })).toBeVisible();
  expect(await serverFlag(baseURL!, member)).toBe(false);

  // A foreign challenge (one the server issued to someone else) slipped into the page's options:
  // the browser signs it, the server refuses it, the member reads the spec's server-failure text.
  const stranger = await createMember(baseURL!, { name: 'Sam' });
  const foreign = await fetch(`${baseURL}/api/users/biometric-verification/options`, { method: 'POST', headers: { authorization: `Bearer ${stranger.token}` } });
  const { challenge } = (await foreign.json()) as { challenge: string };
  await page.route('**/api/users/biometric-verification/options', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), challenge } });
  });
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
  await verify.click();
  await expect(block(page).getByRole('alert')).toHaveText('Verification failed. Please try again.');
  expect(await serverFlag(baseURL!, member)).toBe(false);
  await page.unroute('**/api/users/biometric-verification/options');

  // No platform authenticator at all.
  await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
  await verify.click();
  await expect(block(page).getByRole('alert')).toHaveText('No biometric sensors (fingerprint/Face ID) found on this device');
  expect(await serverFlag(baseURL!, member)).toBe(false);
});
