import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { TAGLINES, TAGLINE_VARIANTS, VISITOR_STORAGE_KEY, variantOf } from '#shared/domain/ab-test.ts';
import { HEAD_SCRIPT } from '#shared/head-script.ts';
import { PRERENDERED_PAGES } from '#shared/prerendered-pages.ts';
import { createMember, signInAs } from '../support/e2e-fixtures.ts';
import { PRERENDERED_CONTENT } from '../support/prerendered-content.ts';

const CONTENT = PRERENDERED_CONTENT;

test('every prerendered page is described here', () => {
  expect(Object.keys(CONTENT).sort()).toEqual(Object.keys(PRERENDERED_PAGES).sort());
});

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

test('the server sends each public page its own HTML, other pages the shell, and allows only their inline code', async ({ request }) => {
  const login = await request.get('/login');
  expect(login.headers()['cache-control']).toBe('no-cache');
  const page = await login.text();
  expect(page).toContain('<h1>Sign in</h1>');
  const shell = await (await request.get('/browse')).text();
  expect(shell).not.toContain('<div id="root" data-prerendered');
  expect(shell).toContain('Loading Rendezvous');
  const policy = login.headers()['content-security-policy']!;
  expect(policy).toContain(`script-src 'self' ${sha256(HEAD_SCRIPT)};`);
  for (const body of [page, shell]) {
    expect(body).toContain(`<script>${HEAD_SCRIPT}</script>`);
    const styles = [...body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
    expect(styles).toHaveLength(1);
    expect(policy).toContain(sha256(styles[0]!));
    expect(body).not.toContain('rel="stylesheet"');
  }
});

test("the landing page paints the visitor's own tagline before any code runs, and keeps it", async ({ browser }) => {
  for (const variant of TAGLINE_VARIANTS) {
    // A returning visitor whose id gives this variant (the first 8 hex digits decide).
    const id = [...Array(16).keys()].map((n) => n.toString(16).padStart(2, '0')).join('');
    const visitorId = (TAGLINE_VARIANTS.indexOf(variant).toString(16).padStart(8, '0') + id).slice(0, 32);
    expect(variantOf(visitorId)).toBe(variant);
    const context = await browser.newContext();
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [VISITOR_STORAGE_KEY, visitorId] as const);
    const page = await context.newPage();
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(TAGLINES[variant]);
    await page.unroute(/\/assets\/index-[^/]+\.js$/);
    await page.reload();
    await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
    await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(TAGLINES[variant]);
    await context.close();
  }
});

test("a member's page paints its layout from the shell before any code runs", async ({ page, baseURL }) => {
  await signInAs(page, await createMember(baseURL!, { verified: true }));
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/bookings');
  await expect(page.getByRole('status').filter({ hasText: 'Loading Rendezvous' })).toBeAttached();
  await expect(page.locator('.site-header')).toHaveCSS('position', 'sticky');
  const skeletonHeader = await page.locator('.site-header').boundingBox();

  await page.unroute(/\/assets\/index-[^/]+\.js$/);
  await page.goto('/bookings');
  // The member's own header (the skeleton's has no menu) is in place.
  await expect(page.getByRole('button', { name: /^Menu/ })).toBeVisible();
  // The member's header takes the skeleton's place without moving what is below it.
  expect((await page.locator('.site-header').boundingBox())?.height).toBe(skeletonHeader?.height);
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });
  for (const [path, { heading, text }] of Object.entries(CONTENT)) {
    test(`${path} shows its heading and content`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('main').getByText(text).first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Rendezvous', exact: true })).toBeVisible();
    });
  }
});

/** Console errors and page errors, hydration mismatches included (React reports them there). */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
  });
  return problems;
}

test('each public page is hydrated without a warning or an error, and works', async ({ page }) => {
  const problems = problemsOf(page);
  for (const [path, { heading }] of Object.entries(CONTENT)) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Hydrated: the prerendered markup is kept (never replaced) and the links route in the app.
    await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);
    await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
  }
  expect(problems).toEqual([]);

  await page.goto('/login');
  await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText(/required|enter/i).first()).toBeVisible();
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  expect(problems).toEqual([]);
});

/** Holds the app's start-up script back until the returned function is called. */
async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("before the app runs, a prerendered form cannot be sent by the browser itself (the password would go into the address); what was typed is kept", async ({ page }) => {
  const release = await holdAppCode(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const signIn = page.getByRole('button', { name: 'Sign In' });
  await expect(signIn).toBeDisabled();
  await page.getByLabel('Email').fill('early@example.com');
  await page.getByLabel('Password').fill('an early secret');
  await page.getByLabel('Remember me').uncheck();
  await page.getByLabel('Password').press('Enter');
  await signIn.click({ force: true });
  expect(new URL(page.url()).search).toBe('');

  release();
  await expect(signIn).toBeEnabled();
  await expect(page.getByLabel('Email')).toHaveValue('early@example.com');
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/auth/login'));
  await signIn.click();
  expect((await sent).postDataJSON()).toMatchObject({ email: 'early@example.com', password: 'an early secret', rememberMe: false });
  expect(new URL(page.url()).search).toBe('');
});

test('a choice made on the prerendered registration form before the app runs is the one the app goes on with', async ({ page }) => {
  const release = await holdAppCode(page);
  await page.goto('/register', { waitUntil: 'commit' });
  await page.getByLabel('Couple').check();
  await page.getByLabel('Name', { exact: true }).fill('Early Bird');
  await page.getByLabel('Gender', { exact: true }).selectOption('female');
  await expect(page.getByLabel('Partner name')).toHaveCount(0);
  // A button the app runs shows it cannot be pressed yet (a press would do nothing).
  const locate = page.getByRole('button', { name: 'Use my location' });
  await expect(locate).toBeDisabled();

  release();
  await expect(locate).toBeEnabled();
  // The app shows the couple's fields: it took the early choice as its own.
  await expect(page.getByLabel('Partner name')).toBeVisible();
  await expect(page.getByLabel('Couple')).toBeChecked();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Partner name is required')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Early Bird');
  await expect(page.getByLabel('Gender', { exact: true })).toHaveValue('female');
});

test('a signed-in member opening a public-only page goes to /browse without seeing it', async ({ page, baseURL }) => {
  const member = await createMember(baseURL!, { verified: true });
  await signInAs(page, member);
  // Before the app's code runs (here: never), the visitor's page is on the device but not shown.
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('#root[data-prerendered] h1')).toContainText(TAGLINES.original);
  await expect(page.locator('#root')).toHaveCSS('visibility', 'hidden');
  await expect(page.getByRole('heading', { level: 1 })).toBeHidden();

  await page.unroute(/\/assets\/index-[^/]+\.js$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/browse/);
  await expect(page.locator('#root')).toHaveCSS('visibility', 'visible');
  await expect(page.locator('.tagline')).toHaveCount(0);
});
