import { expect, test, type Browser, type Page } from '@playwright/test';
import { slotDay, slotWhen } from '#shared/domain/slot-when.ts';
import { todayIn } from '#shared/domain/time-zones.ts';
import { addPhoto, apiPost, createMember, signInAs, tomorrowInVancouver, type Member } from '../support/e2e-fixtures.ts';

/*
 * Members' devices carry zone data of their own, older or newer than the server's, and sit in other
 * zones. Every screen shows the host's wall clock with the server's label; none recomputes it.
 */

/**
 * A device whose zone data is older than the server's: for it, Vancouver is still on UTC-8 in
 * winter (as tzdb 2025c had it). Any time the app worked out with the device's own rules would
 * read an hour off.
 */
function withOldVancouverRules() {
  const swap = (options?: Intl.DateTimeFormatOptions) => (options?.timeZone === 'America/Vancouver' ? { ...options, timeZone: 'Etc/GMT+8' } : options);
  const Original = Intl.DateTimeFormat;
  const Patched = function (locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
    return new Original(locales, swap(options));
  } as unknown as typeof Intl.DateTimeFormat;
  Object.assign(Patched, { supportedLocalesOf: Original.supportedLocalesOf });
  Object.defineProperty(Patched, 'prototype', { value: Original.prototype });
  Intl.DateTimeFormat = Patched;
  for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'] as const) {
    const original = Date.prototype[name];
    Date.prototype[name] = function (this: Date, locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
      return original.call(this, locales, swap(options));
    };
  }
}

async function deviceIn(browser: Browser, baseURL: string, member: Member, timezoneId: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, timezoneId });
  const page = await context.newPage();
  await page.addInitScript(withOldVancouverRules);
  await signInAs(page, member);
  return page;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

test("a host's time reads the same on devices in other zones and with older zone data: the server's wall clock and label", async ({ browser, baseURL }) => {
  const suffix = Math.random().toString(36).slice(2, 6);
  const [host, guest] = await Promise.all([
    createMember(baseURL!, { verified: true, gender: 'female', name: `Vera ${suffix}` }),
    createMember(baseURL!, { verified: true, gender: 'male', name: `Tomo ${suffix}`, interests: ['Coffee'], bio: 'Coffee first, then a walk.' }),
  ]);
  await addPhoto(baseURL!, guest);
  const day = tomorrowInVancouver();
  const { slot } = (await apiPost(baseURL!, host, '/availability/create', { date: day, startTime: '10:00', endTime: '11:30', dateType: 'coffee', venue: 'Revolver' }, 201)) as {
    slot: { _id: string; zoneLabel: string; startsAt: string };
  };
  // The server's rules: British Columbia keeps UTC-7 all year from 2026-11-01.
  expect(slot.zoneLabel).toBe('MST');
  expect(slot.startsAt).toBe(`${day}T17:00:00.000Z`);
  const when = slotWhen({ date: day, startTime: '10:00', endTime: '11:30', zoneLabel: 'MST' });

  // A guest whose phone is set to Tokyo.
  const guestPage = await deviceIn(browser, baseURL!, guest, 'Asia/Tokyo');
  await guestPage.goto('/browse');
  // The Vancouver clock runs at the server's offset (UTC-7), not the device's UTC-8.
  const clock = guestPage.locator('.browse-clock time');
  const reading = (await (await fetch(`${baseURL}/api/geo/time-zone?zone=America/Vancouver`)).json()) as { offsetMinutes: number; zoneLabel: string };
  expect(reading).toMatchObject({ offsetMinutes: -420, zoneLabel: 'MST' });
  const vancouverNow = () => {
    const wall = new Date(Date.now() + reading.offsetMinutes * 60_000);
    return `${WEEKDAYS[wall.getUTCDay()]} ${wall.getUTCHours() % 12 || 12} ${wall.getUTCHours() < 12 ? 'AM' : 'PM'} MST`;
  };
  // "Thu 11:03:09 PM MST", read without its minutes and seconds.
  await expect.poll(async () => (await clock.textContent())?.replace(/:\d\d:\d\d /, ' ') === vancouverNow()).toBe(true);

  // Her page, the request form and his bookings all read 10:00–11:30 MST on the host's day.
  await guestPage.goto(`/user/${host.user._id}`);
  const times = guestPage.getByRole('region', { name: 'Available Times' });
  await expect(times.getByText('10:00–11:30 MST')).toBeVisible();
  await expect(times.getByText(`Coffee · ${slotDay(day)}`)).toBeVisible();
  await times.getByRole('link', { name: /^Book/ }).click();
  await expect(guestPage.getByRole('heading', { level: 1, name: 'Request a Date' })).toBeVisible();
  await expect(guestPage.getByText(when)).toBeVisible();
  await guestPage.getByLabel('Message').fill('Coffee at Revolver, then a walk?');
  await guestPage.getByRole('checkbox', { name: /I agree to pay/ }).check();
  await guestPage.getByRole('button', { name: 'Send Booking Request' }).click();
  await expect(guestPage).toHaveURL(/\/bookings$/);
  await expect(guestPage.getByRole('article', { name: new RegExp(`Vera ${suffix}`) }).getByText(when)).toBeVisible();

  // The host, on a phone set to Berlin: her calendar's today is Vancouver's, her time and the request read the same.
  const hostPage = await deviceIn(browser, baseURL!, host, 'Europe/Berlin');
  await hostPage.goto('/availability');
  await expect(hostPage.getByRole('heading', { level: 3, name: slotDay(todayIn('America/Vancouver', new Date()), true) })).toBeVisible();
  const upcoming = hostPage.getByRole('region', { name: 'All my upcoming availability' });
  await expect(upcoming.getByText('10:00–11:30 MST')).toBeVisible();
  await hostPage.goto('/notifications');
  const request = hostPage.getByRole('article').filter({ hasText: 'Coffee at Revolver' });
  await expect(request.getByText(`would like to meet you on ${slotDay(day)} at 10:00 MST.`)).toBeVisible();
  await expect(request.getByText('10:00–11:30 MST')).toBeVisible();
});
