import { expect, test, type Page } from '@playwright/test';
import { addPhoto, apiPost, confirmedDate, createMember, navigateInApp, signInAs, tomorrowInVancouver } from '../support/e2e-fixtures.ts';

/*
 * A member's pages read the API's answers without zod (decision 54): the server checks every answer
 * against its shared schema, so /browse (both tabs), /bookings, /notifications and a member page
 * download no zod chunk, by a page load or within the app; nor do /availability and /profile, whose
 * forms load it at their first use and still check what is typed. The service worker is kept out so
 * every request is seen here.
 */
test.use({ serviceWorkers: 'block' });

/** The JavaScript files the page asks for from now on. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.push(pathname);
  });
  return scripts;
}

const zodChunks = (scripts: string[]) => scripts.filter((path) => /^\/assets\/zod-[\w-]+\.js$/.test(path));

test("a member's pages show their data with no zod downloaded; a page with a form loads it at the form's first use and checks its input", async ({ page, baseURL }) => {
  const tag = Math.random().toString(36).slice(2, 6);
  const [host, guest] = await Promise.all([
    createMember(baseURL!, { verified: true, gender: 'female', name: `Zoe ${tag}`, age: 30 }),
    createMember(baseURL!, { verified: true, gender: 'male', name: `Zack ${tag}`, age: 32, interests: ['hiking'], bio: 'Coffee first, then a walk.' }),
  ]);
  await addPhoto(baseURL!, guest);
  await confirmedDate(baseURL!, host, guest);
  const venue = `Cafe Nord ${tag}`;
  await apiPost(baseURL!, host, '/availability/create', { date: tomorrowInVancouver(), startTime: '12:00', endTime: '13:00', dateType: 'lunch', venue }, 201);
  await signInAs(page, guest);
  const scripts = scriptsOf(page);

  // Each page by a page load: its data is on screen, and the live connection (whose events are
  // read without zod too) has started.
  const pages: [string, (page: Page) => Promise<void>][] = [
    ['/browse', (p) => expect(p.getByText('All times are shown in UTC.')).toBeVisible()],
    ['/browse?tab=dates', (p) => expect(p.getByText(venue)).toBeVisible()],
    ['/bookings', (p) => expect(p.getByRole('heading', { level: 2, name: `Zoe ${tag}` })).toBeVisible()],
    ['/notifications', (p) => expect(p.getByRole('link', { name: `View Zoe ${tag}'s profile` })).toBeVisible()],
    [`/user/${host.user._id}`, (p) => expect(p.getByRole('heading', { level: 1, name: new RegExp(`Zoe ${tag}`) })).toBeVisible()],
  ];
  for (const [path, shown] of pages) {
    const connected = page.waitForEvent('websocket');
    await page.goto(path);
    await shown(page);
    await connected;
  }
  // The same pages within the app, from the last one.
  for (const [path, shown] of [...pages].reverse()) {
    await navigateInApp(page, path);
    await shown(page);
  }
  await page.waitForLoadState('networkidle');
  expect(scripts.length, "the pages' scripts are seen").toBeGreaterThan(0);
  expect(zodChunks(scripts)).toEqual([]);

  // /availability and /profile hold forms, and show without zod too, by a page load and within the
  // app: it comes with a form's first use, and the form's check works.
  const formPages: [string, (page: Page) => Promise<void>][] = [
    ['/availability', (p) => expect(p.getByRole('heading', { level: 2, name: 'Calendar' })).toBeVisible()],
    ['/profile', (p) => expect(p.getByRole('button', { name: 'Save Profile' })).toBeVisible()],
  ];
  for (const [path, shown] of formPages) {
    await page.goto(path);
    await shown(page);
  }
  for (const [path, shown] of [...formPages].reverse()) {
    await navigateInApp(page, path);
    await shown(page);
  }
  await page.waitForLoadState('networkidle');
  expect(zodChunks(scripts)).toEqual([]);
  await page.getByLabel('Date', { exact: true }).fill(tomorrowInVancouver());
  await page.getByLabel('Venue').fill('');
  await page.getByRole('button', { name: 'Add this time' }).click();
  await expect(page.getByText('Venue is required')).toBeVisible();
  expect(zodChunks(scripts)).toHaveLength(1);
  await navigateInApp(page, '/profile');
  await page.getByLabel('Display name').fill('');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
});
