// Lighthouse (mobile preset: a mid-range phone on a slow 4G network, simulated) on the built app
// as `npm start` serves it, with Debian's Chromium: the visitor's /, /login and /register, and,
// signed in as a verified member in a city with demo members, every member page: /browse,
// /bookings, /messages, a chat thread, /notifications, /availability, /profile, a demo member's
// page and /score. Before measuring, the member is given what a living account has: a photo, free
// times of their own, a confirmed date with a second member (so a thread exists, with a few
// messages) and the notifications that brought. Each page is measured on a cold visit (no HTTP
// cache, service worker or caches; the member's session stays), three times, and the median run is
// kept.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import { CHROMIUM_ARGS } from '../tests/e2e/playwright.config.ts';
import { freePort } from '../tests/support/free-port.ts';
import type { ServerProcess } from '../tests/support/e2e-server.ts';
import { call, vancouverDay, verifiedMember, type Registered } from './bench-members.ts';

export type PageFigures = { page: string; score: number; lcpMs: number; fcpMs: number; tbtMs: number; cls: number; member: boolean };

const RUNS = 3;
const VISITOR_PAGES = ['/', '/login', '/register'];
/** Labels of the member pages; the thread and the member's page get their ids once the data exists. */
const MEMBER_PAGES = ['/browse', '/bookings', '/messages', '/messages/‹partner›', '/notifications', '/availability', '/profile', '/user/‹demo member›', '/score'];
/** Every page's label, in the order they are measured (`pages` takes some of them). */
export const LIGHTHOUSE_PAGES = [...VISITOR_PAGES, ...MEMBER_PAGES];

/** Needs a server started with demo members and without SMTP (mails land in DATA_DIR/outbox). */
export async function lighthouseFigures(
  server: ServerProcess,
  options: {
    /** Some of the pages only, by label (default: all). */
    pages?: string[] | undefined;
    /** Each run's full Lighthouse report goes there as JSON (the LCP element, request chains, long tasks). */
    reportDir?: string;
  } = {},
): Promise<PageFigures[]> {
  const { member, partnerId, demoMemberId } = await livingMember(server);
  const address = (label: string) => label.replace('‹partner›', partnerId).replace('‹demo member›', demoMemberId);
  const session = { token: member.token, user: JSON.stringify(member.user) };
  const port = await freePort();
  const profile = path.join(server.dataDir, 'lighthouse-profile');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const figures: PageFigures[] = [];
    if (options.reportDir) mkdirSync(options.reportDir, { recursive: true });
    for (const label of options.pages ?? LIGHTHOUSE_PAGES) {
      const signedIn = MEMBER_PAGES.includes(label);
      const runs: PageFigures[] = [];
      for (let run = 0, failed = 0; run < RUNS; run++) {
        // Cold: nothing cached on the device but (for a member) the stored session.
        await page.goto(`${server.url}/api/health`);
        await page.evaluate(
          ({ session }) => {
            localStorage.clear();
            if (session) for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
          },
          { session: signedIn ? session : null },
        );
        await cdp.send('Storage.clearDataForOrigin', { origin: server.url, storageTypes: 'service_workers,cache_storage,indexeddb' });
        await cdp.send('Network.clearBrowserCache');
        const result = await lighthouse(`${server.url}${address(label)}`, {
          port,
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: true,
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${label}`);
        // A run whose trace Lighthouse could not read (NO_NAVSTART on a busy machine) measured
        // nothing: it is run again rather than counted as a score of 0.
        if (result.lhr.runtimeError) {
          if (++failed > RUNS) throw new Error(`Lighthouse failed on ${label}: ${result.lhr.runtimeError.message}`);
          run--;
          continue;
        }
        if (options.reportDir) {
          const name = `${label.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing'}-${run + 1}.json`;
          writeFileSync(path.join(options.reportDir, name), JSON.stringify(result.lhr));
        }
        const { audits, categories } = result.lhr;
        runs.push({
          page: label,
          member: signedIn,
          score: Math.round((categories.performance?.score ?? 0) * 100),
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
          fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
          tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
          cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
        });
      }
      figures.push(runs.sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs)[Math.floor(RUNS / 2)]!);
    }
    return figures;
  } finally {
    await context.close();
  }
}

/** A real photo upload, as the profile screen sends it. */
async function addPhoto(server: ServerProcess, member: Registered, background: string) {
  const bytes = await sharp({ create: { width: 800, height: 1000, channels: 3, background } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'me.jpg');
  const answer = await fetch(`${server.url}/api/users/photos`, { method: 'POST', headers: { authorization: `Bearer ${member.token}` }, body: form });
  if (answer.status !== 201) throw new Error(`photo upload answered ${answer.status}`);
}

/**
 * The measured member with what a living account holds: a photo, two free times, a date a second
 * member published and confirmed (so /bookings, the thread and /notifications have content) and a
 * short conversation about it. Also the first demo member browse shows, whose page is measured.
 */
async function livingMember(server: ServerProcess) {
  const member = await verifiedMember(server, 'Bench', 'male');
  const partner = await verifiedMember(server, 'Ariadne', 'female');
  await addPhoto(server, member, '#57a');
  await addPhoto(server, partner, '#a75');
  await call(server, 'PUT', '/users/profile', member.token, {
    profile: {
      name: 'Bench',
      bio: 'Weekend hiker, weekday cook. Happiest over a long dinner with good conversation.',
      interests: ['Hiking', 'Cooking', 'Live music'],
      location: { city: 'Vancouver', country: 'Canada', coordinates: null },
      preferences: {
        dateTypes: ['coffee', 'lunch', 'dinner', 'drinks', 'activity'],
        genderPreferences: ['male', 'female', 'couple'],
        ageRange: { min: 18, max: 80 },
        distance: 100,
        accountTypes: ['individual', 'couple'],
      },
    },
  });
  for (const [offset, venue] of [[2, 'Café Lumen'], [5, 'Harbour Walk']] as const) {
    await call(server, 'POST', '/availability/create', member.token, { date: vancouverDay(offset), startTime: '18:00', endTime: '20:00', dateType: 'drinks', venue });
  }
  const { slot } = (await call(server, 'POST', '/availability/create', partner.token, { date: vancouverDay(1), startTime: '19:00', endTime: '22:00', dateType: 'dinner', venue: 'Bistro Verde' })) as {
    slot: { _id: string };
  };
  const { booking } = (await call(server, 'POST', '/bookings/request', member.token, {
    availabilityId: slot._id,
    requestMessage: 'Dinner sounds lovely.',
    proposedVenue: { name: 'Bistro Verde', address: '1 Main St', type: 'restaurant', priceRange: '$$' },
    paymentResponsibility: { paidBy: 'requester' },
  })) as { booking: { _id: string } };
  await call(server, 'POST', `/bookings/${booking._id}/respond`, partner.token, { action: 'confirm' });
  const messages: [Registered, Registered, string][] = [
    [partner, member, 'Looking forward to tomorrow! Have you been to Bistro Verde before?'],
    [member, partner, 'Never, but I hear their risotto is the thing to order.'],
    [partner, member, 'Then risotto it is. Shall we meet at the door at seven?'],
    [member, partner, 'Seven at the door. See you there!'],
    [partner, member, 'See you!'],
  ];
  for (const [from, to, content] of messages) await call(server, 'POST', '/messages/send', from.token, { recipientId: to.user._id, content });
  const { users } = (await call(server, 'GET', '/users/browse', member.token)) as { users: { _id: string }[] };
  const demoMemberId = users.find((card) => card._id !== partner.user._id)?._id;
  if (!demoMemberId) throw new Error('browse found no demo member');
  const { user } = (await call(server, 'GET', '/auth/me', member.token)) as { user: Registered['user'] };
  return { member: { token: member.token, user }, partnerId: partner.user._id, demoMemberId };
}
