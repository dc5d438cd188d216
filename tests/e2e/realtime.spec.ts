import { expect, test, type WebSocket } from '@playwright/test';
import sharp from 'sharp';
import { createMember, signInAs } from '../support/e2e-fixtures.ts';

test('the open app hears what happens elsewhere: a photo added on another device, a nudge; sign-out closes the connection', async ({ page, baseURL }) => {
  const [ben, ana] = await Promise.all([
    createMember(baseURL!, { verified: true, gender: 'male', name: 'Ben', age: 32 }),
    createMember(baseURL!, { verified: true, gender: 'female', name: 'Ana', age: 29 }),
  ]);
  await signInAs(page, ben);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  // The frames are watched from the socket's first moment (the auth message and "ready" may come
  // before a test step that waited for the socket could start listening).
  const sent: string[] = [];
  let socketsOpened = 0;
  let isReady: () => void;
  const ready = new Promise<void>((resolve) => (isReady = resolve));
  const opened = new Promise<WebSocket>((resolve) =>
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/api/realtime')) return;
      socketsOpened++;
      ws.on('framesent', (frame) => sent.push(String(frame.payload)));
      ws.on('framereceived', (frame) => String(frame.payload).includes('"ready"') && isReady());
      resolve(ws);
    }),
  );
  await page.goto('/browse');
  const socket: WebSocket = await opened;
  // The token travels in the first message, never in the URL.
  expect(socket.url()).not.toContain(ben.token);
  await ready;
  expect(socketsOpened).toBe(1);
  expect(JSON.parse(sent[0] ?? '{}')).toEqual({ type: 'auth', token: ben.token });
  // The connection's code came as its own chunk, which a visitor never downloads (next test).
  expect(scripts.filter((url) => /\/realtime-[\w-]+\.js$/.test(url))).toHaveLength(1);
  await expect(page.getByRole('link', { name: 'Reliability score 675' })).toBeVisible();

  // Ben adds his first photo from another device: this page shows the points and the new score, no reload.
  const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2e86c1' } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
  const uploaded = await fetch(`${baseURL}/api/users/photos`, { method: 'POST', headers: { authorization: `Bearer ${ben.token}` }, body: form });
  expect(uploaded.status).toBe(201);
  await expect(page.getByText('+10 points: Added a profile photo')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reliability score 685' })).toBeVisible();

  // Ana nudges him: the bell counts it at once (no 30 s poll, no reload).
  const nudged = await fetch(`${baseURL}/api/users/${ben.user._id}/nudge`, { method: 'POST', headers: { authorization: `Bearer ${ana.token}` } });
  expect(nudged.status).toBe(200);
  await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible({ timeout: 5_000 });

  // Signing out closes the connection.
  const closed = socket.waitForEvent('close');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await closed;
  await expect(page).toHaveURL(/\/$/);
});

test('a visitor downloads no realtime code and opens no connection', async ({ page }) => {
  const scripts: string[] = [];
  const sockets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('link', { name: 'Sign In', exact: true }).first()).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /\/realtime-[\w-]+\.js$/.test(url))).toEqual([]);
  expect(sockets).toEqual([]);
});

test('a visitor who signs in on the page gets the live connection without a reload', async ({ page, baseURL }) => {
  const ben = await createMember(baseURL!, { verified: true, gender: 'male', name: 'Ben', age: 32 });
  const sent: string[] = [];
  page.on('websocket', (ws) => {
    if (ws.url().endsWith('/api/realtime')) ws.on('framesent', (frame) => sent.push(String(frame.payload)));
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill(ben.email);
  await page.getByLabel('Password').fill(ben.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/browse/);
  // The connection's code came with the session, not with the visitor's page.
  await expect.poll(() => sent.map((frame) => JSON.parse(frame) as { type?: string; token?: string })).toContainEqual({ type: 'auth', token: expect.any(String) });
});
