import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createMember, signInAs, tomorrowInVancouver, type Member } from '../support/e2e-fixtures.ts';
import { MAIL_DIR } from '../support/e2e-global-setup.ts';
import { startServerProcess, type ServerProcess } from '../support/e2e-server.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';

/*
 * The whole booking journey on its own server process (TEST_CLOCK=1): moving its time forward
 * cannot disturb the other browser tests sharing the suite's server.
 */
let server: ServerProcess;
let closeSink: () => Promise<void>;

test.beforeAll(async () => {
  const sink = await startSmtpSink({ dir: MAIL_DIR });
  closeSink = () => sink.close();
  server = await startServerProcess({ smtpUrl: sink.url, env: { TEST_CLOCK: '1' }, quiet: true });
});

test.afterAll(async () => {
  await server?.stop();
  await closeSink?.();
});

const HOUR = 60 * 60 * 1000;

async function addPhoto(member: Member) {
  const bytes = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#7a5' } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'me.jpg');
  const answer = await fetch(`${server.url}/api/users/photos`, { method: 'POST', headers: { authorization: `Bearer ${member.token}` }, body: form });
  expect(answer.status).toBe(201);
}

/** A page signed in as the member whose clock can be moved with the server's. */
async function pageFor(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.clock.install();
  await signInAs(page, member);
  return page;
}

const scoreChip = (page: Page, score: number) => page.getByRole('link', { name: `Reliability score ${score}` });

test('a host publishes a time, a guest books it, the host accepts from the inbox, and after the date both review and their scores rise', async ({ browser }) => {
  test.setTimeout(120_000);
  const hostName = `Harriet ${Math.random().toString(36).slice(2, 6)}`;
  const guestName = `Gus ${Math.random().toString(36).slice(2, 6)}`;
  const [host, guest] = await Promise.all([
    createMember(server.url, { verified: true, gender: 'female', name: hostName, age: 30 }),
    createMember(server.url, { verified: true, gender: 'male', name: guestName, age: 32, interests: ['hiking'], bio: 'Coffee first, then a walk.' }),
  ]);
  await addPhoto(guest);
  const day = tomorrowInVancouver();

  // The host publishes dinner tomorrow, 19:00–22:00 Vancouver time.
  const hostPage = await pageFor(browser, host);
  await hostPage.goto('/availability');
  await hostPage.getByLabel('Date', { exact: true }).fill(day);
  await hostPage.getByLabel('Date type').selectOption('dinner');
  await hostPage.getByRole('button', { name: /^Dinner 19:00–22:00/ }).click();
  await hostPage.getByLabel('Venue').fill('Bistro Verde');
  await hostPage.getByRole('button', { name: 'Add this time' }).click();
  await expect(hostPage.getByText('Availability slot created!')).toBeVisible();
  await expect(scoreChip(hostPage, 675)).toBeVisible();

  // The guest finds it in Available Dates and asks for it.
  const guestPage = await pageFor(browser, guest);
  await guestPage.goto('/browse');
  // Her profile card offers Book now that she has a free time; it changes as the booking goes on.
  const hostProfile = guestPage.getByRole('article', { name: new RegExp(`^${hostName},`) });
  await expect(hostProfile.getByRole('link', { name: `Book ${hostName}` })).toBeVisible();
  await guestPage.getByRole('tab', { name: 'Available Dates' }).click();
  await guestPage.getByLabel('From').fill(day);
  await guestPage.getByLabel('To').fill(day);
  const card = guestPage.getByRole('article', { name: hostName });
  await card.getByRole('link', { name: /^Book/ }).click();
  await expect(guestPage.getByRole('heading', { level: 1, name: 'Request a Date' })).toBeVisible();
  await expect(guestPage.getByLabel('Venue')).toHaveValue('Bistro Verde');
  await guestPage.getByLabel('Message').fill('Dinner at Bistro Verde sounds lovely. Shall we?');
  await guestPage.getByRole('checkbox', { name: /I agree to pay/ }).check();
  await guestPage.getByRole('button', { name: 'Send Booking Request' }).click();
  await expect(guestPage).toHaveURL(/\/bookings$/);
  const guestCard = guestPage.getByRole('article', { name: new RegExp(hostName) });
  await expect(guestCard.getByText(`Waiting for ${hostName} to respond...`)).toBeVisible();
  await expect(scoreChip(guestPage, 685)).toBeVisible();

  // On browse the request shows on both cards: 'Request Sent' to him, 'Pending' to her, neither a button to press.
  await guestPage.goto('/browse');
  await expect(hostProfile.getByRole('button', { name: 'Request Sent' })).toBeDisabled();
  await hostPage.goto('/browse');
  await expect(hostPage.getByRole('article', { name: new RegExp(`^${guestName},`) }).getByRole('button', { name: 'Pending' })).toBeDisabled();

  // The host answers from the inbox.
  await hostPage.goto('/notifications');
  const request = hostPage.getByRole('article').filter({ hasText: 'Shall we?' });
  await expect(request).toBeVisible();
  await request.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(request.getByText(/confirmed/i)).toBeVisible();

  // Both see the date confirmed; it has not happened yet.
  await hostPage.goto('/bookings');
  const hostCard = hostPage.getByRole('article', { name: new RegExp(guestName) });
  await expect(hostCard.getByText("Date hasn't occurred yet")).toBeVisible();
  await expect(hostCard.getByRole('button', { name: 'Complete & Review' })).toHaveCount(0);
  await guestPage.goto('/browse');
  await expect(hostProfile.getByRole('link', { name: `Message ${hostName}` })).toBeVisible();
  await guestPage.goto('/bookings');
  await expect(guestCard.getByText("Date hasn't occurred yet")).toBeVisible();
  await expect(guestCard.getByRole('link', { name: 'Message' })).toBeVisible();

  // Time passes: three hours after the date's start, on the server and on both phones.
  const startsAt = await slotStart(host, day);
  const moved = await fetch(`${server.url}/api/test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: Math.max(0, startsAt - Date.now() + 3 * HOUR) }),
  });
  const { now } = (await moved.json()) as { now: string };
  for (const page of [hostPage, guestPage]) {
    await page.clock.setSystemTime(new Date(now));
    await page.reload();
  }

  // The host reviews first: +25 for completing; the guest waits for nothing, the host for the guest.
  await hostCard.getByRole('button', { name: 'Complete & Review' }).click();
  const hostReview = hostPage.getByRole('dialog', { name: 'Complete & Review' });
  await hostReview.getByLabel('Comment (optional)').fill('Great company.');
  await hostReview.getByRole('button', { name: 'Submit Review' }).click();
  await expect(hostCard.getByText(`Waiting for ${guestName} to complete`)).toBeVisible();
  await expect(scoreChip(hostPage, 700)).toBeVisible();

  // The guest reviews with five stars: +25 for completing, +10 from the host's five stars.
  await guestPage.reload();
  await guestCard.getByRole('button', { name: 'Complete & Review' }).click();
  await guestPage.getByRole('dialog', { name: 'Complete & Review' }).getByRole('button', { name: 'Submit Review' }).click();
  await expect(guestCard.getByText('Date Completed')).toBeVisible();
  await expect(scoreChip(guestPage, 720)).toBeVisible();

  // The host sees the date completed and the guest's five stars in their score.
  await hostPage.reload();
  await expect(hostCard.getByText('Date Completed')).toBeVisible();
  await expect(scoreChip(hostPage, 710)).toBeVisible();
});

/** The slot's start as the host's calendar reports it. */
async function slotStart(host: Member, day: string): Promise<number> {
  const answer = await fetch(`${server.url}/api/availability/my-calendar?month=${Number(day.slice(5, 7))}&year=${day.slice(0, 4)}`, {
    headers: { authorization: `Bearer ${host.token}` },
  });
  const { calendar } = (await answer.json()) as { calendar: Record<string, { startsAt: string }[]> };
  return new Date(calendar[day]![0]!.startsAt).getTime();
}
