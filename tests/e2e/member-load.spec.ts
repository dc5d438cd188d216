import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { notificationsPaths } from '#shared/api/notifications.paths.ts';
import { addPhoto, apiPost, confirmedDate, createMember, signInAs, tomorrowInVancouver } from '../support/e2e-fixtures.ts';

/*
 * A member's page on a cold start (decisions 61, 64): the shell asks for the page's code beside the
 * start-up script; on /browse it asks for the first page itself, paints the first card's photo where
 * the page will, and only then asks for the app's code. Requests are held here to show the order (no
 * timing); the service worker is kept out so every request is seen.
 */
test.use({ serviceWorkers: 'block' });

const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../dist/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
/** The built file of a route's split part ('loader' or 'component'). */
const chunkOf = (route: string, part: 'loader' | 'component') => `/${manifest[`src/app/routes/_member/_verified/${route}.tsx?tsr-split=${part}`]!.file}`;
/** The app's start-up script, which the shell's head script asks for. */
const startUpScript = `/${manifest['index.html']!.file}`;

/** Holds every request for `pathname` until `release()`; `seen` resolves on the first. */
async function hold(page: Page, pathname: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen!: () => void;
  const first = new Promise<void>((resolve) => (seen = resolve));
  await page.route((url) => url.pathname === pathname, async (route) => {
    seen();
    await released;
    await route.continue();
  });
  return { seen: first, release };
}

test("/browse: the shell asks for the member's first page and paints its first photo where the page will, before the app's code is asked for", async ({ page, baseURL }) => {
  const tag = `load${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const [viewer, shown] = await Promise.all([
    createMember(baseURL!, { verified: true, interests: [tag] }),
    createMember(baseURL!, { verified: true, gender: 'female', name: 'Ines', interests: [tag] }),
  ]);
  await addPhoto(baseURL!, shown);
  await signInAs(page, viewer);
  // The member narrows the list to this test's members (the filters stay on the device).
  await page.goto('/browse');
  await page.getByRole('button', { name: 'Filters' }).click();
  // Answered for these filters (the list before them may also hold one card), and so kept for the next start.
  const filtered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('interests') === tag);
  await page.getByLabel('Interests').fill(tag);
  await filtered;
  await expect(page.getByRole('article')).toHaveCount(1);

  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/users/browse' || pathname.startsWith('/api/photos/') || pathname === startUpScript) asked.push(pathname);
  });
  const startUp = await hold(page, startUpScript);
  const dataAsked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/users/browse');
  await page.reload();
  await startUp.seen;
  // Before any of the app's code: the member's own first page (their filters), and its first card's
  // photo painted in the shell's skeleton of the page.
  expect(new URL((await dataAsked).url()).searchParams.get('interests')).toBe(tag);
  const early = page.locator('.browse-skeleton .profile-card-photo img');
  await expect.poll(() => early.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(asked.map((pathname) => pathname.split('/')[2])).toEqual(['users', 'photos', startUpScript.split('/')[2]]);
  const shellBox = await early.boundingBox();
  const src = await early.getAttribute('src');

  startUp.release();
  const photo = page.getByRole('article', { name: /^Ines,/ }).locator('.profile-card-photo img');
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // The page shows the same photo in the same place, from the shell's answer: one call, one photo.
  expect(await photo.getAttribute('src')).toBe(src);
  expect(await photo.boundingBox()).toEqual(shellBox);
  await expect(page.locator('.browse-skeleton')).toHaveCount(0);
  expect(asked.filter((pathname) => pathname === '/api/users/browse')).toHaveLength(1);
  expect(asked.filter((pathname) => pathname.startsWith('/api/photos/'))).toHaveLength(1);
});

test('/browse?tab=dates: the shell asks for no profile page and paints no profile photo', async ({ page, baseURL }) => {
  await signInAs(page, await createMember(baseURL!, { verified: true }));
  const browseCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/users/browse') browseCalls.push(request.url());
  });
  const startUp = await hold(page, startUpScript);
  await page.goto('/browse?tab=dates');
  await startUp.seen;
  expect(browseCalls).toEqual([]);
  await expect(page.locator('.browse-skeleton img')).toHaveCount(0);
  startUp.release();
  await expect(page.getByRole('tab', { name: 'Available Dates' })).toHaveAttribute('aria-selected', 'true');
});

test("/browse without an answer from the shell's call: the app starts at once and shows the failure from its own call", async ({ page, baseURL }) => {
  await signInAs(page, await createMember(baseURL!, { verified: true }));
  let calls = 0;
  await page.route((url) => url.pathname === '/api/users/browse', (route) => (++calls === 1 ? route.abort() : route.fulfill({ status: 500, json: { error: 'down' } })));
  await page.goto('/browse');
  await expect(page.getByText('Failed to load profiles')).toBeVisible();
  // The shell's call, then the app's own (and its retries).
  expect(calls).toBeGreaterThanOrEqual(2);
});

test("the shell asks for a member's page code beside the start-up script once it has painted, and a visitor's shell asks for none", async ({ page, baseURL }) => {
  const startUp = await hold(page, startUpScript);
  const pageCode = [chunkOf('bookings', 'loader'), chunkOf('bookings', 'component'), `/${manifest['src/app/platform/query-provider.tsx']!.file}`];

  // A visitor: the shell (a member path) names no code of a member page.
  await page.goto('/bookings', { waitUntil: 'commit' });
  await startUp.seen;
  await expect(page.locator('#root')).toBeAttached();
  await expect(page.locator(`head link[rel="modulepreload"]:not([href="${startUpScript}"])`)).toHaveCount(0);
  startUp.release();
  await expect(page).toHaveURL(/\/login/);
  await page.unrouteAll();

  await signInAs(page, await createMember(baseURL!, { verified: true }));
  const heldAgain = await hold(page, startUpScript);
  const asked = pageCode.map((file) => page.waitForRequest((request) => new URL(request.url()).pathname === file));
  await page.goto('/bookings', { waitUntil: 'commit' });
  await heldAgain.seen;
  // Asked for once the shell had painted (its first paint never waits for code).
  expect(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
  // The start-up script has not arrived: the page's route code and the query cache's are on their way.
  await Promise.all(asked);
  heldAgain.release();
  await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading Rendezvous' })).toHaveCount(0);
});

test("a conversation's shell asks for the thread's code beside the start-up script, as a page without an id does", async ({ page, baseURL }) => {
  await signInAs(page, await createMember(baseURL!, { verified: true }));
  const startUp = await hold(page, startUpScript);
  const asked = [chunkOf('messages.$userId', 'loader'), chunkOf('messages.$userId', 'component')].map((file) =>
    page.waitForRequest((request) => new URL(request.url()).pathname === file),
  );
  await page.goto(`/messages/${crypto.randomUUID()}`, { waitUntil: 'commit' });
  await startUp.seen;
  // The start-up script is held: only the shell can have asked for the thread's code.
  await Promise.all(asked);
  startUp.release();
});

test("the shell adds the start-up script and the page's code in separate tasks", async ({ page, baseURL }) => {
  await signInAs(page, await createMember(baseURL!, { verified: true }));
  const pageCode = [chunkOf('bookings', 'loader'), chunkOf('bookings', 'component')];
  await page.addInitScript(() => {
    // A MutationObserver's callback gets the changes of one task (at its microtask checkpoint).
    const batches: string[][] = [];
    Object.assign(window, { addedInTask: batches });
    new MutationObserver((records) => {
      batches.push(records.flatMap((record) => Array.from(record.addedNodes, (node) => (node as HTMLLinkElement).href || (node as HTMLScriptElement).src || '')));
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();
  const batches = await page.evaluate(() => (window as unknown as { addedInTask: string[][] }).addedInTask.map((batch) => batch.map((url) => (url ? new URL(url).pathname : ''))));
  const withStartUp = batches.filter((batch) => batch.includes(startUpScript));
  const withPageCode = batches.filter((batch) => pageCode.some((file) => batch.includes(file)));
  expect(withStartUp.length).toBeGreaterThan(0);
  expect(withPageCode.length).toBeGreaterThan(0);
  expect(withStartUp.filter((batch) => withPageCode.includes(batch))).toEqual([]);
});

test("the start-up script and the member pages' libraries carry V8's compile hint (compiled while they download)", async ({ request }) => {
  const libraries = Object.values(manifest)
    .map((chunk) => `/${chunk.file}`)
    .filter((file) => /^\/assets\/(member|query)-[\w-]{8}\.js$/.test(file));
  expect(libraries).toHaveLength(2);
  for (const file of [startUpScript, ...libraries]) expect((await (await request.get(file)).text()).startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
});

/*
 * Pages whose largest paint the shell draws itself (decision 81): their own skeleton in the shell,
 * the static part as the page renders it, the member's data drawn in by the head script from the
 * call it makes itself. The shell paints it before the start-up script is asked for; the page then
 * shows the same element in the same box, from the shell's answer (one call); without an answer
 * the page asks itself and shows its own failure.
 */

type Locator = ReturnType<Page['locator']>;

/** The element's text and box, in the shell's skeleton of the page (once it has text) and then on the page. */
async function sameInShellAndPage(page: Page, shell: Locator, onPage: Locator, release: () => void) {
  await expect(shell).not.toHaveText(/^\s*$/);
  const text = await shell.textContent();
  const box = await shell.boundingBox();
  release();
  await expect(onPage).toBeVisible();
  await expect(page.locator('.page-skeleton')).toHaveCount(0);
  expect(await onPage.textContent()).toBe(text);
  expect(await onPage.boundingBox()).toEqual(box);
  return text;
}

/** An image drawn and loaded in the shell's skeleton, then the page's at the same address and box. */
async function samePhotoInShellAndPage(page: Page, shell: Locator, onPage: Locator, release: () => void) {
  const loaded = (img: Locator) => expect.poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  await loaded(shell);
  const src = await shell.getAttribute('src');
  const box = await shell.boundingBox();
  release();
  await loaded(onPage);
  await expect(page.locator('.page-skeleton')).toHaveCount(0);
  expect(await onPage.getAttribute('src')).toBe(src);
  expect(await onPage.boundingBox()).toEqual(box);
}

/** The requests for the page's data, its photos and the start-up script, in order (their paths). */
/** A member with a photo and a confirmed date with Ines (so an inbox item and a chat), signed in on `page`. */
/** A host and a guest (with a photo) with a confirmed date between them. */
async function membersWithADate(baseURL: string) {
  const [host, guest] = await Promise.all([
    createMember(baseURL, { verified: true, gender: 'female', name: 'Ines' }),
    createMember(baseURL, { verified: true, interests: ['hiking'], bio: 'Coffee first, then a walk.' }),
  ]);
  await addPhoto(baseURL, guest);
  await confirmedDate(baseURL, host, guest);
  return { host, guest };
}

async function guestWithADate(page: Page, baseURL: string) {
  const members = await membersWithADate(baseURL);
  await signInAs(page, members.guest);
  return members;
}

function asked(page: Page, data: string) {
  const paths: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === data || pathname.startsWith('/api/photos/') || pathname === startUpScript) paths.push(pathname);
  });
  return paths;
}

test('/score: the shell paints the points guide where the page draws it, before the start-up script is asked for', async ({ page, baseURL }) => {
  await signInAs(page, await createMember(baseURL!, { verified: true }));
  const startUp = await hold(page, startUpScript);
  await page.goto('/score');
  await startUp.seen;
  const row = (scope: string) => page.locator(`${scope} .score-table tbody tr`).first();
  const text = await sameInShellAndPage(page, row('[data-skeleton="/score"]'), row('.score-page'), startUp.release);
  expect(text).toMatch(/\d/);
  await expect(page.getByTestId('score-figure')).toBeVisible();
});

test("/availability: the shell paints the free-time form's hint where the page draws it, before the start-up script is asked for", async ({ page, baseURL }) => {
  await signInAs(page, await createMember(baseURL!, { verified: true }));
  const startUp = await hold(page, startUpScript);
  await page.goto('/availability');
  await startUp.seen;
  const hint = (scope: string) => page.locator(`${scope} form .field-hint`).first();
  await sameInShellAndPage(page, hint('[data-skeleton="/availability"]'), hint('.availability-page:not([aria-busy])'), startUp.release);
  await expect(page.getByRole('heading', { name: 'Calendar' })).toBeVisible();
});

test('/notifications: the shell asks for the Active list and draws the first notification where the page draws it, before the start-up script is asked for', async ({ page, baseURL }) => {
  await guestWithADate(page, baseURL!);
  const list = `/api${notificationsPaths.list}`;
  const requests = asked(page, list);
  const startUp = await hold(page, startUpScript);
  await page.goto('/notifications');
  await startUp.seen;
  const message = (scope: string) => page.locator(`${scope} .notification-message`).first();
  await expect(message('[data-skeleton="/notifications"]')).not.toHaveText(/^\s*$/);
  expect(requests).toEqual([list, startUpScript]);
  await sameInShellAndPage(page, message('[data-skeleton="/notifications"]'), message('.page-inbox'), startUp.release);
  await expect(page.locator('.page-inbox .notification-title').first()).toContainText(/\S/);
  expect(requests.filter((path) => path === list)).toHaveLength(1);
});

test("/notifications without an answer from the shell's call: the page asks itself and shows the failure", async ({ page, baseURL }) => {
  await signInAs(page, await createMember(baseURL!, { verified: true }));
  let calls = 0;
  await page.route((url) => url.pathname === `/api${notificationsPaths.list}`, (route) => (++calls === 1 ? route.abort() : route.fulfill({ status: 500, json: { error: 'down' } })));
  await page.goto('/notifications');
  await expect(page.getByText('Failed to load notifications').first()).toBeVisible();
  expect(calls).toBeGreaterThanOrEqual(2);
});

test("/user/…: the shell asks for the member and draws their first photo where the page draws it, before the start-up script is asked for", async ({ page, baseURL }) => {
  const [viewer, shown] = await Promise.all([createMember(baseURL!, { verified: true }), createMember(baseURL!, { verified: true, gender: 'female', name: 'Ines' })]);
  await addPhoto(baseURL!, shown);
  await signInAs(page, viewer);
  const member = `/api/users/${shown.user._id}`;
  const requests = asked(page, member);
  const startUp = await hold(page, startUpScript);
  await page.goto(`/user/${shown.user._id}`);
  await startUp.seen;
  const photo = (scope: string) => page.locator(`${scope} .carousel-frame img`);
  await samePhotoInShellAndPage(page, photo('[data-skeleton="/user/"]'), photo('.member-page'), startUp.release);
  await expect(page.getByRole('heading', { level: 1, name: /^Ines, / })).toBeVisible();
  // The member, their photo, then the app's code; the page takes both from the shell.
  expect(requests.map((path) => path.split('/')[2])).toEqual(['users', 'photos', startUpScript.split('/')[2]]);
});

test("/user/… without an answer from the shell's call: the page asks itself", async ({ page, baseURL }) => {
  const [viewer, shown] = await Promise.all([createMember(baseURL!, { verified: true }), createMember(baseURL!, { verified: true, gender: 'female', name: 'Ines' })]);
  await signInAs(page, viewer);
  let calls = 0;
  await page.route((url) => url.pathname === `/api/users/${shown.user._id}`, (route) => (++calls === 1 ? route.abort() : route.continue()));
  await page.goto(`/user/${shown.user._id}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Ines, / })).toBeVisible();
  expect(calls).toBe(2);
});

for (const verified of [true, false]) {
  test(`/profile${verified ? '' : ' (e-mail not verified)'}: the shell asks for the member's record and draws their first photo where the page draws it, before the start-up script is asked for`, async ({
    page,
    baseURL,
  }) => {
    const me = await createMember(baseURL!, { verified });
    await addPhoto(baseURL!, me);
    await signInAs(page, me);
    const record = '/api/auth/me';
    const requests = asked(page, record);
    const startUp = await hold(page, startUpScript);
    await page.goto('/profile');
    await startUp.seen;
    const photo = (scope: string) => page.locator(`${scope} .photo-tile img`).first();
    await samePhotoInShellAndPage(page, photo('[data-skeleton="/profile"]'), photo('.profile-page'), startUp.release);
    await expect(page.getByText('Please verify your email address')).toHaveCount(verified ? 0 : 1);
    // The record (the app's session check takes the shell's), the photo, then the app's code.
    expect(requests.map((path) => path.split('/')[2])).toEqual(['auth', 'photos', startUpScript.split('/')[2]]);
  });
}

test("/profile without an answer from the shell's call: the app's session check asks itself", async ({ page, baseURL }) => {
  await signInAs(page, await createMember(baseURL!, { verified: true }));
  let calls = 0;
  await page.route((url) => url.pathname === '/api/auth/me', (route) => (++calls === 1 ? route.abort() : route.continue()));
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 2, name: 'Photos' })).toBeVisible();
  expect(calls).toBe(2);
});

test('/messages/…: the shell asks for the newest messages and draws them where the page draws them, before the start-up script is asked for', async ({ page, baseURL }) => {
  const { host, guest } = await membersWithADate(baseURL!);
  for (const [from, to, content] of [
    [host, guest, 'Looking forward to tomorrow! Have you been to Bistro Verde before?'],
    [guest, host, 'Never, but I hear their risotto is the thing to order.'],
    [host, guest, 'See you!'],
  ] as const) {
    await apiPost(baseURL!, from, '/messages/send', { recipientId: to.user._id, content }, 201);
  }
  await signInAs(page, guest);
  const thread = `/api/messages/conversation/${host.user._id}`;
  const requests = asked(page, thread);
  const startUp = await hold(page, startUpScript);
  await page.goto(`/messages/${host.user._id}`);
  await startUp.seen;
  // Each message: whose side it is on, its text and its bubble's box.
  const messages = (scope: string) =>
    page.locator(`${scope} .chat-message`).evaluateAll((items) =>
      items.map((item) => {
        const bubble = item.querySelector('.chat-bubble')!.getBoundingClientRect();
        return { own: item.classList.contains('chat-message-own'), text: item.querySelector('.chat-bubble')!.textContent, box: [bubble.x, bubble.y, bubble.width, bubble.height] };
      }),
    );
  const shell = '[data-skeleton="/messages/"]';
  await expect(page.locator(`${shell} .chat-bubble`)).toHaveCount(3);
  await expect(page.locator(`${shell} .chat-partner-name`)).toHaveText('Ines');
  expect(requests).toEqual([thread, startUpScript]);
  const drawn = await messages(shell);
  expect(drawn.map(({ own, text }) => [own, text])).toEqual([
    [false, 'Looking forward to tomorrow! Have you been to Bistro Verde before?'],
    [true, 'Never, but I hear their risotto is the thing to order.'],
    [false, 'See you!'],
  ]);
  startUp.release();
  await expect(page.locator('main.chat-thread .chat-bubble')).toHaveCount(3);
  await expect(page.locator('.page-skeleton')).toHaveCount(0);
  expect(await messages('main.chat-thread')).toEqual(drawn);
  expect(requests.filter((path) => path === thread)).toHaveLength(1);
});

test("/messages/… without an answer from the shell's call: the page asks itself and shows the failure", async ({ page, baseURL }) => {
  const { host } = await guestWithADate(page, baseURL!);
  let calls = 0;
  await page.route(
    (url) => url.pathname === `/api/messages/conversation/${host.user._id}`,
    (route) => (++calls === 1 ? route.abort() : route.fulfill({ status: 500, json: { error: 'down' } })),
  );
  await page.goto(`/messages/${host.user._id}`);
  await expect(page.getByText('Failed to load conversation').first()).toBeVisible();
  expect(calls).toBeGreaterThanOrEqual(2);
});

/** Notes in `window.localeUses` each use of what loads the locale's data: an Intl object, `localeCompare`, a `toLocale…String`. */
function noteLocaleUses() {
  const uses: string[] = [];
  Object.assign(window, { localeUses: uses });
  const intl = Intl as unknown as Record<string, object>;
  for (const name of ['DateTimeFormat', 'NumberFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'DisplayNames', 'Segmenter']) {
    const original = intl[name];
    if (typeof original !== 'function') continue;
    intl[name] = new Proxy(original, {
      construct: (target, args, newTarget) => (uses.push(name), Reflect.construct(target as new () => object, args, newTarget)),
      apply: (target, self, args) => (uses.push(name), Reflect.apply(target as () => object, self, args)),
    });
  }
  const methods: [object, string[]][] = [
    [String.prototype, ['localeCompare']],
    [Date.prototype, ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']],
    [Number.prototype, ['toLocaleString']],
  ];
  for (const [prototype, names] of methods) {
    for (const name of names) {
      const original = (prototype as Record<string, (...args: unknown[]) => unknown>)[name]!;
      Object.defineProperty(prototype, name, {
        configurable: true,
        writable: true,
        value(this: unknown, ...args: unknown[]) {
          uses.push(name);
          return original.apply(this, args);
        },
      });
    }
  }
}

/** The locale uses of the page at `path` once it is shown, has loaded, and the browser is idle (the start's idle work, such as loading the locale's data, done). */
async function localeUsesOn(page: Page, path: string, shown: (page: Page) => Promise<void>) {
  await page.goto(path);
  await shown(page);
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => new Promise<string[]>((resolve) => requestIdleCallback(() => resolve((window as unknown as { localeUses: string[] }).localeUses), { timeout: 3000 })));
}

test("/profile, /availability and /user/… use no locale data, and a member's start there does not load it; a page that does not say so (/bookings) does", async ({ page, baseURL }) => {
  const { host, guest } = await membersWithADate(baseURL!);
  // Two free times: the page sorts them.
  await apiPost(baseURL!, host, '/availability/create', { date: tomorrowInVancouver(), startTime: '12:00', endTime: '13:00', dateType: 'lunch', venue: 'Cafe Nord' }, 201);
  await signInAs(page, host);
  await page.addInitScript(noteLocaleUses);
  expect(await localeUsesOn(page, '/profile', (p) => expect(p.getByRole('button', { name: 'Save Profile' })).toBeVisible())).toEqual([]);
  expect(await localeUsesOn(page, '/availability', (p) => expect(p.getByRole('list', { name: 'All my upcoming availability' }).getByRole('listitem')).toHaveCount(2))).toEqual([]);
  expect(await localeUsesOn(page, `/user/${guest.user._id}`, (p) => expect(p.getByRole('heading', { level: 2, name: 'Recent Date Activity' })).toBeVisible())).toEqual([]);
  expect(await localeUsesOn(page, '/bookings', (p) => expect(p.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible())).toContain('DateTimeFormat');
});

/** Each `<time>` of `times`: its text, and what the browser's own Intl writes for its instant with `options` in the device's locale. */
async function timesAndIntl(times: Locator, options: Intl.DateTimeFormatOptions) {
  return times.evaluateAll(
    (elements, options) => elements.map((element) => [element.textContent, new Date(element.getAttribute('datetime')!).toLocaleString(undefined, options)]),
    options,
  );
}

const INBOX_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const MESSAGE_TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

test('/score, /notifications, /messages and a thread use no locale data on an en-US device, and write their times as its Intl does', async ({ page, baseURL }) => {
  const { host, guest } = await membersWithADate(baseURL!);
  await apiPost(baseURL!, host, '/messages/send', { recipientId: guest.user._id, content: 'See you at seven!' }, 201);
  await signInAs(page, guest);
  await page.addInitScript(noteLocaleUses);
  // The device's locale is read from its plural rules, which carry no date data.
  const dateUses = (uses: string[]) => uses.filter((use) => use !== 'PluralRules');
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');

  expect(await localeUsesOn(page, '/score', (p) => expect(p.getByRole('heading', { level: 1, name: 'Reliability score' })).toBeVisible())).toEqual([]);
  const inboxTimes = page.locator('.page-inbox .notification-time');
  expect(dateUses(await localeUsesOn(page, '/notifications', () => expect(inboxTimes.first()).toContainText(/\S/)))).toEqual([]);
  for (const [text, intl] of await timesAndIntl(inboxTimes, INBOX_TIME)) expect(text).toBe(intl);
  const rowTime = page.locator('.conversation-time');
  expect(dateUses(await localeUsesOn(page, '/messages', () => expect(rowTime).toHaveCount(1)))).toEqual([]);
  // Sent just now: the row shows the clock.
  for (const [text, intl] of await timesAndIntl(rowTime, MESSAGE_TIME)) expect(text).toBe(intl);
  const messageTimes = page.locator('main.chat-thread .chat-message time');
  expect(dateUses(await localeUsesOn(page, `/messages/${host.user._id}`, () => expect(messageTimes).toHaveCount(1)))).toEqual([]);
  for (const [text, intl] of await timesAndIntl(messageTimes, MESSAGE_TIME)) expect(text).toBe(intl);
});

test.describe('on a device in another locale', () => {
  test.use({ locale: 'fr-FR' });

  test("/notifications and a thread write their times in the device's locale, with its data loaded at start", async ({ page, baseURL }) => {
    const { host, guest } = await membersWithADate(baseURL!);
    await apiPost(baseURL!, host, '/messages/send', { recipientId: guest.user._id, content: 'À sept heures !' }, 201);
    await signInAs(page, guest);
    await page.addInitScript(noteLocaleUses);
    const inboxTimes = page.locator('.page-inbox .notification-time');
    expect(await localeUsesOn(page, '/notifications', () => expect(inboxTimes.first()).toContainText(/\S/))).toContain('DateTimeFormat');
    for (const [text, intl] of await timesAndIntl(inboxTimes, INBOX_TIME)) expect(text).toBe(intl);
    // French: a 24-hour clock, no AM or PM.
    await expect(inboxTimes.first()).not.toContainText(/AM|PM/);
    const messageTimes = page.locator('main.chat-thread .chat-message time');
    expect(await localeUsesOn(page, `/messages/${host.user._id}`, () => expect(messageTimes).toHaveCount(1))).toContain('DateTimeFormat');
    for (const [text, intl] of await timesAndIntl(messageTimes, MESSAGE_TIME)) expect(text).toBe(intl);
    await expect(messageTimes).toHaveText(/^\d{1,2}:\d{2}$/);
  });
});
