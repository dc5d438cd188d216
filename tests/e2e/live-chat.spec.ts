import { expect, test, type Browser, type Page, type WebSocket } from '@playwright/test';
import { addPhoto, apiPost, confirmedDate, createMember, signInAs, type Member } from '../support/e2e-fixtures.ts';

/**
 * Live chat between two open apps. The typing indicator and the online dot exist only through the
 * realtime connection (no poll carries them), so seeing them proves the whole path: socket, auth,
 * presence across the database, LISTEN/NOTIFY fan-out, the client store and the thread screen.
 */

/** The member's app, in a browser of its own, open on the conversation with `other`, its realtime connection ready. */
async function threadFor(browser: Browser, baseURL: string, member: Member, other: Member, otherName: string): Promise<{ page: Page; socket: WebSocket }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInAs(page, member);
  const opened = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/realtime'));
  await page.goto(`/messages/${other.user._id}`);
  const socket = await opened;
  await socket.waitForEvent('framereceived', { predicate: (frame) => String(frame.payload).includes('"ready"') });
  await expect(page.getByRole('heading', { level: 1, name: otherName })).toBeVisible();
  return { page, socket };
}

const status = (page: Page) => page.locator('.chat-partner-status');
const onlineDot = (page: Page) => page.locator('.chat-partner-photo .presence-dot');

test('two members on each other’s thread: each sees the other online and typing, a message arrives live, and the dot goes when the other leaves', async ({ browser, baseURL }) => {
  const tag = Math.random().toString(36).slice(2, 6);
  const [host, guest] = await Promise.all([
    createMember(baseURL!, { verified: true, gender: 'female', name: `Lena ${tag}`, age: 31 }),
    createMember(baseURL!, { verified: true, gender: 'male', name: `Omar ${tag}`, age: 33, interests: ['coffee'], bio: 'Coffee first, then a walk.' }),
  ]);
  await addPhoto(baseURL!, guest);
  await confirmedDate(baseURL!, host, guest);

  const lena = await threadFor(browser, baseURL!, host, guest, `Omar ${tag}`);
  const omar = await threadFor(browser, baseURL!, guest, host, `Lena ${tag}`);

  // Each sees the other online: Lena from Omar's arrival, Omar from the list `ready` gave him.
  for (const side of [lena, omar]) {
    await expect(onlineDot(side.page)).toBeVisible();
    await expect(status(side.page)).toHaveText('Online');
  }

  // Omar types: Lena sees it; he clears the box (stops): it goes away.
  const omarBox = omar.page.getByRole('textbox', { name: `Message Lena ${tag}` });
  await omarBox.pressSequentially('Hi Le');
  await expect(status(lena.page)).toHaveText('typing…');
  await omarBox.fill('');
  await expect(status(lena.page)).toHaveText('Online');

  // Lena types and sends: Omar sees her typing, then her message, and the indicator is gone.
  const omarHeard = omar.socket.waitForEvent('framereceived', {
    predicate: (frame) => String(frame.payload).includes('"type":"message"') && String(frame.payload).includes('See you at ten'),
  });
  const lenaBox = lena.page.getByRole('textbox', { name: `Message Omar ${tag}` });
  await lenaBox.pressSequentially('See you at ten');
  await expect(status(omar.page)).toHaveText('typing…');
  await lenaBox.press('Enter');
  // It came over the connection, not the thread's poll.
  await omarHeard;
  await expect(omar.page.getByRole('log', { name: `Messages with Lena ${tag}` })).toContainText(`Lena ${tag}: See you at ten`);
  await expect(status(omar.page)).toHaveText('Online');
  await expect(lena.page.getByRole('log', { name: `Messages with Omar ${tag}` })).toContainText('You: See you at ten');

  // Lena closes her page: her connection ends and Omar's dot for her goes away.
  await lena.page.context().close();
  await expect(onlineDot(omar.page)).toHaveCount(0);
  await expect(status(omar.page)).toHaveText('');
  await omar.page.context().close();
});
