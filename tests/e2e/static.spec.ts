import { expect, test } from '@playwright/test';

test('the shell, page paths and assets are served with the right caching', async ({ request }) => {
  for (const path of ['/', '/browse', '/user/abc']) {
    const page = await request.get(path, { headers: { 'accept-encoding': 'identity' } });
    expect(page.status(), path).toBe(200);
    expect(page.headers()['content-type']).toContain('text/html');
    expect(page.headers()['cache-control']).toBe('no-cache');
  }
  const html = await (await request.get('/')).text();
  const script = html.match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
  const asset = await request.get(script, { headers: { 'accept-encoding': 'br' } });
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-encoding']).toBe('br');

  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-security-policy']).toContain("worker-src 'self'");

  expect((await request.get('/assets/missing.js')).status()).toBe(404);
  const api = await request.get('/api/nope');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ error: 'No such call: GET /api/nope' });
});
