import { expect, test, type Browser, type Page } from '@playwright/test';
import { addPhoto, apiPost, confirmedDate, createMember, expectNoSevereA11yViolations, signInAs, type Member } from '../support/e2e-fixtures.ts';

async function pageFor(browser: Browser, baseURL: string, member: Member, viewport = { width: 390, height: 844 }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await signInAs(page, member);
  return page;
}

const messagesNav = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ });

test('two members with a confirmed date chat: the message reaches /messages and the badge, reading clears it, and the reply comes back', async ({ browser, baseURL }) => {
  const tag = Math.random().toString(36).slice(2, 6);
  const [host, guest] = await Promise.all([
    createMember(baseURL!, { verified: true, gender: 'female', name: `Hana ${tag}`, age: 30 }),
    createMember(baseURL!, { verified: true, gender: 'male', name: `Gabe ${tag}`, age: 32, interests: ['hiking'], bio: 'Coffee first, then a walk.' }),
  ]);
  await addPhoto(baseURL!, guest);
  await confirmedDate(baseURL!, host, guest);

  // The guest, on a phone, finds the host in /messages with nothing said yet, and writes.
  const guestPage = await pageFor(browser, baseURL!, guest);
  await guestPage.goto('/messages');
  const hostRow = guestPage.getByRole('link', { name: new RegExp(`Hana ${tag}`) });
  await expect(hostRow).toContainText('Say hello');
  await expectNoSevereA11yViolations(guestPage);
  await hostRow.click();
  await expect(guestPage).toHaveURL(new RegExp(`/messages/${host.user._id}$`));
  await expect(guestPage.getByRole('heading', { level: 1, name: `Hana ${tag}` })).toBeFocused();
  const box = guestPage.getByRole('textbox', { name: `Message Hana ${tag}` });
  await box.fill('  Looking forward to dinner tomorrow!  ');
  await box.press('Enter');
  const guestLog = guestPage.getByRole('log', { name: `Messages with Hana ${tag}` });
  await expect(guestLog.getByText('Looking forward to dinner tomorrow!')).toBeVisible();
  await expect(guestLog.getByText('Sending…')).toHaveCount(0);
  await expect(box).toHaveValue('');
  // The composer stays on screen at the bottom of a phone.
  const composerBox = await box.boundingBox();
  expect(composerBox!.y + composerBox!.height).toBeLessThanOrEqual(844);
  expect(composerBox!.y).toBeGreaterThan(600);
  await expectNoSevereA11yViolations(guestPage);

  // The host, on a wide screen, sees the Messages badge and the unread row.
  const hostPage = await pageFor(browser, baseURL!, host, { width: 1280, height: 800 });
  await hostPage.goto('/browse');
  await expect(messagesNav(hostPage)).toContainText('1');
  await messagesNav(hostPage).click();
  await expect(hostPage).toHaveURL(/\/messages$/);
  await expect(hostPage.getByRole('heading', { level: 1, name: 'Messages' })).toBeFocused();
  const guestRow = hostPage.getByRole('link', { name: new RegExp(`Gabe ${tag}`) });
  await expect(guestRow).toContainText('Looking forward to dinner tomorrow!');
  await expect(guestRow).toContainText('1 unread');

  // Opening the conversation reads it: the badge clears.
  await guestRow.click();
  const hostLog = hostPage.getByRole('log', { name: `Messages with Gabe ${tag}` });
  await expect(hostLog).toContainText(`Gabe ${tag}: Looking forward to dinner tomorrow!`);
  await expect(messagesNav(hostPage)).toHaveText('Messages');

  // The host replies; the guest's open conversation shows it within its 3 s poll.
  const reply = hostPage.getByRole('textbox', { name: `Message Gabe ${tag}` });
  await reply.fill('Me too! See you at seven.');
  await hostPage.getByRole('button', { name: 'Send' }).click();
  await expect(hostLog).toContainText('You: Me too! See you at seven.');
  await expect(guestLog).toContainText(`Hana ${tag}: Me too! See you at seven.`);
  // It arrived at the bottom, where the guest was: the log followed it.
  await expect(guestLog.getByText('Me too! See you at seven.')).toBeInViewport();

  // Back in the list, the guest's row shows the reply, already read.
  await guestPage.getByRole('link', { name: 'All conversations' }).click();
  await expect(guestPage).toHaveURL(/\/messages$/);
  await expect(hostRow).toContainText('Me too! See you at seven.');
  await expect(hostRow).not.toContainText('unread');
});

test('a member without a confirmed date is turned back to /messages with the reason', async ({ page, baseURL }) => {
  const [stranger, other] = await Promise.all([
    createMember(baseURL!, { verified: true, name: 'Sol' }),
    createMember(baseURL!, { verified: true, gender: 'female', name: 'Mara' }),
  ]);
  await signInAs(page, stranger);
  await page.goto(`/messages/${other.user._id}`);
  await expect(page.getByText('Chat is only available for confirmed bookings')).toBeVisible();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByText('No conversations yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Profiles' })).toHaveAttribute('href', '/browse');
  await expectNoSevereA11yViolations(page);
});

test('a long conversation opens at its newest message, and Load older keeps the place', async ({ browser, baseURL }) => {
  const tag = Math.random().toString(36).slice(2, 6);
  const [host, guest] = await Promise.all([
    createMember(baseURL!, { verified: true, gender: 'female', name: `Iris ${tag}`, age: 30 }),
    createMember(baseURL!, { verified: true, gender: 'male', name: `Jon ${tag}`, age: 32, interests: ['hiking'], bio: 'Coffee first, then a walk.' }),
  ]);
  await addPhoto(baseURL!, guest);
  await confirmedDate(baseURL!, host, guest);
  // 55 messages, one more than a page of 50, taking turns (each sender stays under the send limit).
  for (let n = 1; n <= 55; n++) {
    const [from, to] = n % 2 ? [guest, host] : [host, guest];
    await apiPost(baseURL!, from, '/messages/send', { recipientId: to.user._id, content: `Note ${n}` }, 201);
  }

  const page = await pageFor(browser, baseURL!, guest);
  await page.goto(`/messages/${host.user._id}`);
  const log = page.getByRole('log', { name: `Messages with Iris ${tag}` });
  await expect(log.getByText('Note 55', { exact: true })).toBeInViewport();
  await expect(log.getByText('Note 6', { exact: true })).not.toBeInViewport();
  await expect(log.getByText('Note 5', { exact: true })).toHaveCount(0);

  await log.evaluate((element) => (element.scrollTop = 0));
  await expect(log.getByText('Note 6', { exact: true })).toBeInViewport();
  await page.getByRole('button', { name: 'Load older messages' }).click();
  await expect(log.getByText('Note 1', { exact: true })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Load older messages' })).toHaveCount(0);
  // The message that was at the top is still in view; the older ones are above it.
  await expect(log.getByText('Note 6', { exact: true })).toBeInViewport();
  await expect(log.getByText('Note 1', { exact: true })).not.toBeInViewport();

  // A message arriving while the member reads the oldest ones does not pull them down.
  await log.evaluate((element) => (element.scrollTop = 0));
  await expect(log.getByText('Note 1', { exact: true })).toBeInViewport();
  await apiPost(baseURL!, host, '/messages/send', { recipientId: guest.user._id, content: 'While you read' }, 201);
  await expect(log.getByText('While you read', { exact: true })).toBeAttached();
  await expect(log.getByText('Note 1', { exact: true })).toBeInViewport();
});
