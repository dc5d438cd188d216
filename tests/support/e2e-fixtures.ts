import sharp from 'sharp';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request } from '@playwright/test';
import { E2E_ADMIN_EMAIL, MAIL_DIR } from './e2e-global-setup.ts';
import type { ReceivedMail } from './smtp-sink.ts';
import { addDays, todayIn } from '#shared/domain/time-zones.ts';

/** Each mail file read so far, by name: the sink writes a file once (renamed into place whole) and never changes it. */
const readMails = new Map<string, ReceivedMail>();

/** Every mail the sink has filed for the address, oldest first. */
export function mailsTo(address: string): ReceivedMail[] {
  let files: string[] = [];
  try {
    files = readdirSync(MAIL_DIR).filter((file) => file.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return files
    .map((file) => {
      let mail = readMails.get(file);
      if (!mail) readMails.set(file, (mail = JSON.parse(readFileSync(path.join(MAIL_DIR, file), 'utf8')) as ReceivedMail));
      return mail;
    })
    .filter((mail) => mail.to.includes(address.toLowerCase()));
}

/** How often to look for a mail: the sink files it within a few ms of the server sending it. */
export const MAIL_POLL = { intervals: [50] };

/** Waits for the verification mail (over real SMTP) and returns its link. */
export async function verificationLink(address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = mailsTo(address).find((m) => m.subject.includes('Confirm'));
      link = mail?.text.match(/https?:\/\/\S+/)?.[0];
      return link;
    }, { ...MAIL_POLL, message: `verification mail for ${address}`, timeout: 15_000 })
    .toBeTruthy();
  return link!;
}

export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

export type Member = { token: string; user: { _id: string; email: string }; email: string; password: string };

export type MemberOptions = {
  verified?: boolean;
  /** A fixed address (the suite's admin); otherwise a unique one. */
  email?: string;
  gender?: string;
  name?: string;
  age?: number;
  city?: string;
  country?: string;
  /** Saved through the profile screen's call, with preferences that exclude no viewer. */
  interests?: string[];
  bio?: string;
};

/** Preferences that let every viewer see the member (saved preferences narrow who browses them). */
const OPEN_PREFERENCES = {
  dateTypes: ['coffee', 'lunch', 'dinner', 'drinks', 'activity'],
  genderPreferences: ['male', 'female', 'couple'],
  ageRange: { min: 18, max: 80 },
  distance: 100,
  accountTypes: ['individual', 'couple'],
};

/** Registers through the API (fast), optionally verifying through the mailed link. */
export async function createMember(baseURL: string, options: MemberOptions = {}): Promise<Member> {
  const email = options.email ?? uniqueEmail('member');
  const password = 'a long enough secret';
  const name = options.name ?? 'Robin';
  const location = { city: options.city ?? 'Vancouver', country: options.country ?? 'Canada', coordinates: null };
  const response = await fetch(`${baseURL}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      accountType: 'individual',
      email,
      password,
      name,
      age: options.age ?? 31,
      gender: options.gender ?? 'male',
      location,
    }),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as Member;
  const auth = { authorization: `Bearer ${body.token}` };
  if (options.interests || options.bio) {
    const saved = await fetch(`${baseURL}/api/users/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ profile: { name, bio: options.bio ?? '', interests: options.interests ?? [], location, preferences: OPEN_PREFERENCES } }),
    });
    expect(saved.status).toBe(200);
  }
  if (options.verified) {
    const token = new URL(await verificationLink(email)).searchParams.get('token');
    const verified = await fetch(`${baseURL}/api/auth/verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(verified.status).toBe(200);
  }
  if (options.verified || options.interests || options.bio) {
    const me = await fetch(`${baseURL}/api/auth/me`, { headers: auth });
    body.user = ((await me.json()) as { user: Member['user'] }).user;
  }
  return { ...body, email, password };
}

/** Starts the page signed in as the member, the way the app keeps a session on the device. */
export async function signInAs(page: Page, member: Member) {
  await page.addInitScript(
    ([token, user]) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
      }
    },
    [member.token, JSON.stringify(member.user)] as const,
  );
}

/** A navigation within the app (the router's own history, no page load). */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(history.state, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
}

/**
 * The number of the page's requests (documents, code, images, API calls) sent and not yet answered
 * or failed, from now on: what Playwright's `networkidle` waits to see at 0 for half a second.
 */
export function requestsInFlight(page: Page): () => number {
  const open = new Set<Request>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return () => open.size;
}

/** Resolves once a service worker controls the page. */
export async function serviceWorkerControls(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
  });
}

/**
 * Fails on any serious or critical axe violation on the page as it is now, naming each. Every rule
 * runs on the page and its same-origin frames (the app has no other) with `axe.run` (the builder's
 * legacy mode): the default mode would run axe in parts and join them in a blank page it opens in
 * the test's context, a second page per check that costs more than the check. Only violations are
 * gathered (`resultTypes`); the passes and inapplicable rules axe would list too are never read.
 */
export async function expectNoSevereA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  const severe = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(severe).toEqual([]);
}

/** Tomorrow on Vancouver's calendar (YYYY-MM-DD), where the test members live. */
export function tomorrowInVancouver(): string {
  return addDays(todayIn('America/Vancouver', new Date()), 1);
}

/** A call to the API as the member; the answer's body. */
export async function apiPost(baseURL: string, member: Member, path: string, body: unknown, expected: number) {
  const answer = await fetch(`${baseURL}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
    body: JSON.stringify(body),
  });
  const json = (await answer.json()) as Record<string, unknown>;
  expect(answer.status, `${path}: ${JSON.stringify(json)}`).toBe(expected);
  return json;
}

/** A real photo upload (a profile needs one to book). */
export async function addPhoto(baseURL: string, member: Member) {
  const bytes = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#57a' } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'me.jpg');
  const answer = await fetch(`${baseURL}/api/users/photos`, { method: 'POST', headers: { authorization: `Bearer ${member.token}` }, body: form });
  expect(answer.status).toBe(201);
}

/** The host publishes dinner tomorrow, the guest asks for it, the host accepts: chat opens between them. */
export async function confirmedDate(baseURL: string, host: Member, guest: Member) {
  const { slot } = (await apiPost(baseURL, host, '/availability/create', { date: tomorrowInVancouver(), startTime: '19:00', endTime: '22:00', dateType: 'dinner', venue: 'Bistro Verde' }, 201)) as {
    slot: { _id: string };
  };
  const { booking } = (await apiPost(
    baseURL,
    guest,
    '/bookings/request',
    {
      availabilityId: slot._id,
      requestMessage: 'Dinner sounds lovely.',
      proposedVenue: { name: 'Bistro Verde', address: '1 Main St', type: 'restaurant', priceRange: '$$' },
      paymentResponsibility: { paidBy: 'requester' },
    },
    201,
  )) as { booking: { _id: string } };
  await apiPost(baseURL, host, `/bookings/${booking._id}/respond`, { action: 'confirm' }, 200);
  return { slot, booking };
}

/**
 * The suite's admin (E2E_ADMIN_EMAIL): signed in if it exists, else registered and verified. Two
 * workers may ask at once: the one whose registration loses waits for the other's verification.
 */
export async function theAdmin(baseURL: string): Promise<Member> {
  const password = 'a long enough secret';
  const signIn = async () => {
    const answer = await fetch(`${baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: E2E_ADMIN_EMAIL, password }),
    });
    return answer.ok ? ((await answer.json()) as Member & { user: { isEmailVerified?: boolean } }) : null;
  };
  const existing = await signIn();
  if (existing?.user.isEmailVerified) return { ...existing, email: E2E_ADMIN_EMAIL, password };
  if (!existing) {
    try {
      return await createMember(baseURL, { verified: true, name: 'Ada Admin', email: E2E_ADMIN_EMAIL });
    } catch {
      /* another worker registered it first */
    }
  }
  await expect.poll(async () => (await signIn())?.user.isEmailVerified ?? false, { timeout: 30_000 }).toBe(true);
  return { ...(await signIn())!, email: E2E_ADMIN_EMAIL, password };
}

/**
 * What the app keeps in IndexedDB through idb-keyval (its persisted query cache): every key (`null`)
 * or one value as text ('' when absent). Reading never creates the database: one opened here before
 * the app's first use would have no object store, and idb-keyval could then neither read nor write.
 */
function readKept(page: Page, key: string | null): Promise<string[] | string> {
  return page.evaluate(
    (key) =>
      new Promise<string[] | string>((resolve, reject) => {
        const none = key === null ? [] : '';
        const open = indexedDB.open('keyval-store');
        // Not there yet: left for the app to create (the aborted upgrade ends in onerror).
        open.onupgradeneeded = () => open.transaction!.abort();
        open.onerror = () => resolve(none);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return (db.close(), resolve(none));
          const store = db.transaction('keyval').objectStore('keyval');
          const request = key === null ? store.getAllKeys() : store.get(key);
          request.onsuccess = () => {
            db.close();
            const result: unknown = request.result;
            resolve(Array.isArray(result) ? result.map(String) : typeof result === 'string' ? result : '');
          };
          request.onerror = () => reject(request.error);
        };
      }),
    key,
  );
}
export const keptKeys = (page: Page) => readKept(page, null) as Promise<string[]>;
export const keptValue = (page: Page, key: string) => readKept(page, key) as Promise<string>;
