import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { zonedToInstant } from '#shared/domain/time-zones.ts';
import { addPhoto, confirmedDate, createMember, expectNoSevereA11yViolations, signInAs, tomorrowInVancouver, type Member } from '../support/e2e-fixtures.ts';

async function pageFor(browser: Browser, baseURL: string, member: Member): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await context.newPage();
  await signInAs(page, member);
  return page;
}

/** A host and a guest with dinner tomorrow, 19:00–22:00 Vancouver time, at Bistro Verde. */
async function dinnerTomorrow(baseURL: string) {
  const tag = Math.random().toString(36).slice(2, 6);
  const [host, guest] = await Promise.all([
    createMember(baseURL, { verified: true, gender: 'female', name: `Hana ${tag}`, age: 30 }),
    createMember(baseURL, { verified: true, gender: 'male', name: `Gabe ${tag}`, age: 32, interests: ['hiking'], bio: 'Coffee first, then a walk.' }),
  ]);
  await addPhoto(baseURL, guest);
  const { booking } = await confirmedDate(baseURL, host, guest);
  return { tag, host, guest, bookingId: booking._id };
}

const eventsIn = (text: string) =>
  new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((vevent) => ({ vevent, event: new ICAL.Event(vevent) }));

test('"Add to calendar" on /bookings downloads the date as an iCalendar file, in the slot\'s zone', async ({ browser, baseURL }) => {
  const { tag, guest, bookingId } = await dinnerTomorrow(baseURL!);
  const day = tomorrowInVancouver();
  const page = await pageFor(browser, baseURL!, guest);
  await page.goto('/bookings');
  const card = page.getByRole('article', { name: `Hana ${tag}` });
  const link = card.getByRole('link', { name: 'Add to calendar' });
  await expect(link).toBeVisible();
  await expectNoSevereA11yViolations(page);

  // From the keyboard: the link takes focus and Enter saves the file.
  await link.focus();
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`rendezvous-${day}.ics`);
  const text = await readFile((await download.path())!, 'utf8');

  const [only, ...more] = eventsIn(text);
  expect(more).toEqual([]);
  const { event, vevent } = only!;
  expect(event.startDate.zone?.tzid).toBe('America/Vancouver');
  expect(event.startDate.toString()).toBe(`${day}T19:00:00`);
  expect(event.endDate.toString()).toBe(`${day}T22:00:00`);
  expect(event.startDate.toJSDate().getTime()).toBe(zonedToInstant(day, '19:00', 'America/Vancouver').getTime());
  expect(event.endDate.toJSDate().getTime()).toBe(zonedToInstant(day, '22:00', 'America/Vancouver').getTime());
  expect(event.summary).toBe('Dinner with Hana');
  expect(event.location).toBe('Bistro Verde, 1 Main St');
  expect(event.uid).toBe(`${bookingId}@localhost`);
  expect(vevent.getFirstPropertyValue('url')).toBe(`${baseURL}/bookings?booking=${bookingId}`);
  expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');

  // The event's link back opens My Bookings on that date: marked and focused.
  await page.goto(String(vevent.getFirstPropertyValue('url')));
  await expect(card).toHaveAttribute('aria-current', 'true');
  await expect(card).toBeFocused();
  await page.context().close();
});

test('the feed address copied from the profile works without signing in, until "Reset link"', async ({ browser, baseURL }) => {
  const { guest, bookingId } = await dinnerTomorrow(baseURL!);
  const page = await pageFor(browser, baseURL!, guest);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Calendar feed' });
  const field = section.getByRole('textbox', { name: 'Your feed address' });
  await expect(field).toHaveValue(new RegExp(`^${baseURL}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
  await expect(field).toHaveAttribute('readonly', '');

  await section.getByRole('button', { name: 'Copy' }).click();
  await expect(section.getByRole('status')).toHaveText('Link copied. Paste it into your calendar app as a subscription.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  await expect(field).toHaveValue(copied);

  // A calendar app fetches it with no session.
  const feed = await fetch(copied);
  expect(feed.status).toBe(200);
  expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  expect(eventsIn(await feed.text()).map(({ event }) => event.uid)).toEqual([`${bookingId}@localhost`]);

  await section.getByRole('button', { name: 'Reset link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your calendar feed?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Reset link' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByRole('status')).toHaveText('A new link is ready. The old one no longer works.');
  await expect(field).not.toHaveValue(copied);
  const fresh = await field.inputValue();

  expect((await fetch(copied)).status).toBe(404);
  const renewed = await fetch(fresh);
  expect(renewed.status).toBe(200);
  expect(eventsIn(await renewed.text()).map(({ event }) => event.uid)).toEqual([`${bookingId}@localhost`]);
  await page.context().close();
});
