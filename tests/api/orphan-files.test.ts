import { randomUUID } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORPHAN_FILE_AGE_MS } from '#server/profiles/photos.service.ts';
import { restaurantsPaths } from '#shared/api/restaurants.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

/*
 * The hourly prune sweeps stored files that nothing names (a crash between a file's put and its
 * row's commit, a removal that failed) once they are a day old, on the folder and on a bucket:
 * files a photo, a restaurant's banner or a banner upload waiting for its save names all stay.
 */

const ADMIN_EMAIL = 'sweeper@rendezvous.test';
const image = (background: string) => sharp({ create: { width: 320, height: 160, channels: 3, background } }).jpeg().toBuffer();

describe.each(['folder', 's3'] as const)('the orphan sweep, uploads in the %s', (storage) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ storage, adminEmails: [ADMIN_EMAIL] });
    admin = (await t.verifiedMember({ email: ADMIN_EMAIL })).token;
  });
  afterAll(() => t.close());

  /** Makes a stored file look written at `when`, as if it had been put then. */
  const backdate = (key: string, when: Date) =>
    t.s3 ? t.s3.backdate(key, when, { prefix: 'photos/' }) : utimes(path.join(t.photoDir, key), when, when);
  const daysAgo = (days: number) => new Date(t.clock.now().getTime() - days * ORPHAN_FILE_AGE_MS);
  const keyOf = (url: string) => url.split('/').pop()!;

  async function uploadBanner(bytes: Buffer): Promise<{ url: string; filename: string }> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'banner.jpg');
    const answer = await fetch(`${t.url}/api${restaurantsPaths.upload}`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
    expect(answer.status).toBe(201);
    return answer.json();
  }

  it('removes a file over a day old that nothing names; keeps a newer one and every file something names', async () => {
    const member = await t.register();
    const uploaded = await t.upload(member.token, [{ name: 'me.jpg', bytes: await image('#369'), type: 'image/jpeg' }]);
    expect(uploaded.status).toBe(201);
    const photo = keyOf(uploaded.body.photos[0].url);
    const shown = await uploadBanner(await image('#a33'));
    const restaurant = await t.call('POST', restaurantsPaths.list, {
      token: admin,
      body: {
        name: 'Chambar',
        address: { street: '568 Beatty St', city: 'Vancouver', province: 'BC', postalCode: 'V6B 2L3' },
        banner: { text: 'Moules frites for two', link: 'https://chambar.example.com', image: shown },
      },
    });
    expect(restaurant.status).toBe(201);
    const waiting = await uploadBanner(await image('#3a3'));
    const named = [photo, shown.filename, waiting.filename];

    const oldOrphans = [`${randomUUID()}.webp`, `banner-${randomUUID()}.webp`];
    const newOrphan = `${randomUUID()}.webp`;
    for (const key of [...oldOrphans, newOrphan]) await t.photoStorage.put(key, Buffer.from('left behind'));
    for (const key of [...named, ...oldOrphans]) await backdate(key, daysAgo(2));
    // Not yet a day old: the row naming it may still be on its way.
    await backdate(newOrphan, new Date(daysAgo(1).getTime() + 60_000));

    await t.app.jobs.runDue();

    const left = await t.photoStorage.list();
    expect(left).toEqual(expect.arrayContaining([...named, newOrphan]));
    for (const key of oldOrphans) expect(left).not.toContain(key);
    for (const url of [uploaded.body.photos[0].url, shown.url, waiting.url]) expect((await fetch(`${t.url}${url}`)).status).toBe(200);
  });
});
