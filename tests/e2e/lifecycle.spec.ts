import { expect, test, type Page } from '@playwright/test';
import { createMember, signInAs, tomorrowInVancouver } from '../support/e2e-fixtures.ts';

/*
 * The app's life on a device: it works online without a service worker (none in the browser, or
 * registering refused, as in some private windows), and it offers its own Install button where
 * the browser offers installation, never once it runs from the home screen.
 */

/** Uncaught errors on the page (an unhandled registration failure would land here). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const WITHOUT_SW = {
  'registration refused': () => {
    Object.defineProperty(ServiceWorkerContainer.prototype, 'register', {
      configurable: true,
      value: () => Promise.reject(new DOMException('The operation is insecure.', 'SecurityError')),
    });
  },
  'no service worker in the browser': () => {
    delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker;
  },
};

for (const [name, breakIt] of Object.entries(WITHOUT_SW)) {
  test(`without a service worker (${name}) the app works online: sign in, browse, the inbox`, async ({ page, baseURL }) => {
    const member = await createMember(baseURL!, { verified: true, name: 'Sasha' });
    const errors = pageErrors(page);
    await page.addInitScript(breakIt);
    await page.goto('/login');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/browse$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Browse' })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Profiles' })).toBeVisible();
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByText('No active notifications')).toBeVisible();
    expect(await page.evaluate(() => (navigator.serviceWorker ? navigator.serviceWorker.getRegistrations().then((r) => r.length) : 0))).toBe(0);
    expect(errors).toEqual([]);
  });
}

/** Chromium's install offer, as the browser would fire it (it never does in a test profile). */
const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt(): Promise<void>; userChoice: Promise<unknown> };
    event.prompt = async () => void ((window as unknown as { prompted: number }).prompted = ((window as unknown as { prompted?: number }).prompted ?? 0) + 1);
    event.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

test("an Install button where the browser offers installation: it shows the browser's dialog once, then goes", async ({ page, baseURL }) => {
  const member = await createMember(baseURL!, { verified: true, name: 'Ines' });
  await signInAs(page, member);
  await page.goto('/browse');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse' })).toBeVisible();
  const menu = page.getByRole('button', { name: /^Menu/ });
  await menu.click();
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The app holds the browser's own banner back and offers its button instead.
  expect(await offerInstall(page)).toBe(true);
  await menu.click();
  await page.getByRole('button', { name: 'Install app' }).click();
  expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
  await menu.click();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
});

test('opened from the home screen (display-mode standalone) the app offers no Install button', async ({ page, baseURL }) => {
  const member = await createMember(baseURL!, { verified: true, name: 'Omar' });
  await signInAs(page, member);
  // Chromium cannot be told it runs as an installed app (the DevTools protocol emulates no display
  // mode), so the page's media query answers as it would there.
  await page.addInitScript(() => {
    const real = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      query.replace(/\s/g, '') === '(display-mode:standalone)' ? ({ ...real(query), matches: true, media: query } as MediaQueryList) : real(query);
  });
  await page.goto('/browse');
  expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Browse' })).toBeVisible();
  await offerInstall(page);
  await page.getByRole('button', { name: /^Menu/ }).click();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
});

test('push is offered right after the first free time is published, not before; "Not now" is remembered', async ({ page, baseURL }) => {
  const member = await createMember(baseURL!, { verified: true, name: 'Pia' });
  await signInAs(page, member);
  await page.goto('/availability');
  await expect(page.getByRole('heading', { level: 1, name: 'My Availability' })).toBeVisible();
  const offer = page.getByRole('region', { name: 'Hear back at once' });
  await expect(offer).toHaveCount(0);

  const publish = async (day: string) => {
    await page.getByLabel('Date', { exact: true }).fill(day);
    await page.getByLabel('Date type').selectOption('drinks');
    await page.getByLabel('Start time').selectOption('18:00');
    await page.getByLabel('End time').selectOption('20:00');
    await page.getByLabel('Venue').fill('The Rooftop Bar');
    await page.getByRole('button', { name: 'Add this time' }).click();
  };
  await publish(tomorrowInVancouver());
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('know the moment someone asks for your free time');
  // Nothing was asked of the browser yet.
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toHaveCount(0);

  await page.reload();
  const later = new Date(`${tomorrowInVancouver()}T00:00:00Z`);
  later.setUTCDate(later.getUTCDate() + 2);
  await publish(later.toISOString().slice(0, 10));
  await expect(page.getByRole('list', { name: 'All my upcoming availability' }).getByText('The Rooftop Bar')).toHaveCount(2);
  await expect(offer).toHaveCount(0);
});
