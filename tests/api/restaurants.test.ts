import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPaths } from '#shared/api/admin.ts';
import { RESTAURANT_ERRORS, restaurantsPaths, type Restaurant } from '#shared/api/restaurants.ts';
import { createMember, type TestMember } from '#tests/support/members.ts';
import { startTestApp, type ApiAnswer, type TestApp } from '#tests/support/test-app.ts';
import { UNCLAIMED_UPLOAD_KEPT_MS } from '#server/admin/restaurants.service.ts';

const ADMIN_EMAIL = 'chef@rendezvous.test';

let t: TestApp;
/** The keys in the uploads' storage, whichever it is (the folder, or the object store in api-s3). */
const storedKeys = () => t.photoStorage.list();
let admin: TestMember;
let plain: TestMember;
beforeAll(async () => {
  t = await startTestApp({ adminEmails: [ADMIN_EMAIL] });
  const registered = await t.verifiedMember({ email: ADMIN_EMAIL, name: 'Ada Admin' });
  admin = { id: registered.user._id, token: registered.token, name: 'Ada Admin', email: ADMIN_EMAIL, coordinates: [0, 0] };
  plain = await createMember(t, { name: 'Plain Member', city: 'Vancouver' });
});
afterAll(async () => {
  await t.close();
});

const body = (overrides: { name?: string; address?: object; banner?: object } = {}) => ({
  name: overrides.name ?? 'Chambar',
  address: { street: '568 Beatty St', city: 'Vancouver', province: 'BC', postalCode: 'V6B 2L3', ...overrides.address },
  banner: { text: 'Moules frites for two, Tuesdays', link: 'https://chambar.example.com/dates', image: null, ...overrides.banner },
});

/** POST /upload/restaurant-banner as a browser sends it: one multipart `image` part (or `field`). */
async function uploadBanner(token: string | undefined, file: { name: string; bytes: Uint8Array; type?: string }, field = 'image'): Promise<ApiAnswer> {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const response = await fetch(`${t.url}/api${restaurantsPaths.upload}`, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {}, body: form });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

/** A camera JPEG with GPS and camera EXIF and an XMP packet. */
const cameraJpeg = () =>
  sharp({ create: { width: 800, height: 200, channels: 3, background: '#aa3322' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'CamMaker', Model: 'Cam 1', Copyright: 'Chef' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '49/1 16/1 3000/100', GPSLongitudeRef: 'W', GPSLongitude: '123/1 7/1 1000/100' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
    .toBuffer();

const create = async (payload: unknown = body()) => {
  const answer = await t.call('POST', restaurantsPaths.list, { token: admin.token, body: payload });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.restaurant as Restaurant;
};
const banners = async (token = plain.token) => {
  const answer = await t.call('GET', restaurantsPaths.banners, { token });
  expect(answer.status).toBe(200);
  return answer.body.banners as { _id: string; name: string; text: string; link: string; image: { url: string } | null }[];
};
const auditOf = async (restaurantId: string) => {
  const answer = await t.call('GET', `${adminPaths.auditLog}?restaurantId=${restaurantId}`, { token: admin.token });
  expect(answer.status).toBe(200);
  return answer.body.entries as { action: string; admin: { _id: string; email: string }; target: { _id: string; kind: string; name: string | null; email: string | null } }[];
};

describe('who may call', () => {
  it('answers 401 to a visitor and 403 to a member on every restaurant admin call, and changes nothing', async () => {
    const existing = await create(body({ name: 'Untouchable' }));
    const calls = [
      ['GET', restaurantsPaths.list, undefined],
      ['POST', restaurantsPaths.list, body()],
      ['PUT', restaurantsPaths.one(existing._id), body({ name: 'Taken over' })],
      ['PATCH', restaurantsPaths.toggle(existing._id), undefined],
      ['DELETE', restaurantsPaths.one(existing._id), undefined],
    ] as const;
    for (const [method, path, payload] of calls) {
      const visitor = await t.call(method, path, { body: payload });
      expect(visitor.status, `${method} ${path}`).toBe(401);
      const asMember = await t.call(method, path, { body: payload, token: plain.token });
      expect(asMember.status, `${method} ${path}`).toBe(403);
      expect(asMember.body).toEqual({ error: 'Admins only' });
    }
    const jpeg = await cameraJpeg();
    expect((await uploadBanner(undefined, { name: 'b.jpg', bytes: jpeg, type: 'image/jpeg' })).status).toBe(401);
    expect((await uploadBanner(plain.token, { name: 'b.jpg', bytes: jpeg, type: 'image/jpeg' })).status).toBe(403);
    expect((await storedKeys()).filter((file) => file.startsWith('banner-'))).toEqual([]);

    const list = await t.call('GET', restaurantsPaths.list, { token: admin.token });
    const still = (list.body.restaurants as Restaurant[]).find((r) => r._id === existing._id)!;
    expect(still).toMatchObject({ name: 'Untouchable', isActive: true });
    expect((await auditOf(existing._id)).map((entry) => entry.action)).toEqual(['restaurant_create']);
    // The members' banners need a session too.
    expect((await t.call('GET', restaurantsPaths.banners)).status).toBe(401);
    expect((await t.call('POST', restaurantsPaths.bannerView(existing._id))).status).toBe(401);
    await t.call('DELETE', restaurantsPaths.one(existing._id), { token: admin.token });
  });
});

describe('create, update, validation', () => {
  it('creates and updates a restaurant, lists newest first, and audits each change', async () => {
    const first = await create(body({ name: 'First Bistro' }));
    expect(first).toMatchObject({
      name: 'First Bistro',
      isActive: true,
      address: { street: '568 Beatty St', city: 'Vancouver', province: 'BC', postalCode: 'V6B 2L3' },
      banner: { text: 'Moules frites for two, Tuesdays', link: 'https://chambar.example.com/dates', image: null, isActive: true },
      stats: { views: 0, clicks: 0 },
    });
    t.clock.advance(1000);
    const second = await create(body({ name: '  Second Café  ' }));
    expect(second.name).toBe('Second Café');

    const list = await t.call('GET', restaurantsPaths.list, { token: admin.token });
    const names = (list.body.restaurants as Restaurant[]).map((r) => r.name);
    expect(names.indexOf('Second Café')).toBeLessThan(names.indexOf('First Bistro'));

    const updated = await t.call('PUT', restaurantsPaths.one(first._id), {
      token: admin.token,
      body: body({ name: 'First Brasserie', banner: { text: 'Oysters at five', link: 'http://first.example.org/?a=1#b' } }),
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.restaurant).toMatchObject({ _id: first._id, name: 'First Brasserie', banner: { text: 'Oysters at five', link: 'http://first.example.org/?a=1#b' } });

    const entries = await auditOf(first._id);
    expect(entries.map((entry) => entry.action)).toEqual(['restaurant_update', 'restaurant_create']);
    expect(entries[0]).toMatchObject({ admin: { _id: admin.id, email: ADMIN_EMAIL }, target: { _id: first._id, kind: 'restaurant', name: 'First Brasserie', email: null } });

    expect((await t.call('PUT', restaurantsPaths.one('5b0c8a7e-0000-4000-8000-000000000000'), { token: admin.token, body: body() })).status).toBe(404);
    expect((await t.call('PUT', restaurantsPaths.one('not-an-id'), { token: admin.token, body: body() })).status).toBe(404);
  });

  it("keeps the banner's isActive as sent on create and update; omitted, new banners are active and saved ones keep theirs", async () => {
    const inactive = await create(body({ name: 'Quiet Banner', banner: { isActive: false } }));
    expect(inactive).toMatchObject({ isActive: true, banner: { isActive: false } });
    const listed = (await t.call('GET', restaurantsPaths.list, { token: admin.token })).body.restaurants as Restaurant[];
    expect(listed.find((r) => r._id === inactive._id)).toMatchObject({ isActive: true, banner: { isActive: false } });
    expect((await banners()).map((b) => b._id)).not.toContain(inactive._id);

    const put = async (id: string, payload: unknown) => {
      const answer = await t.call('PUT', restaurantsPaths.one(id), { token: admin.token, body: payload });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.restaurant as Restaurant;
    };
    expect((await put(inactive._id, body({ name: 'Quiet Banner' }))).banner.isActive).toBe(false);
    expect((await put(inactive._id, body({ name: 'Quiet Banner', banner: { isActive: true } }))).banner.isActive).toBe(true);
    expect((await banners()).map((b) => b._id)).toContain(inactive._id);
    expect((await put(inactive._id, body({ name: 'Quiet Banner', banner: { isActive: false } }))).banner.isActive).toBe(false);
    expect((await create(body({ name: 'Loud Banner' }))).banner.isActive).toBe(true);

    const bad = await t.call('POST', restaurantsPaths.list, { token: admin.token, body: body({ banner: { isActive: 'no' } }) });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field)).toEqual(['banner.isActive']);
  });

  it("keeps the restaurant's own isActive as sent too; omitted, it is active on create and unchanged on update", async () => {
    const closed = await create({ ...body({ name: 'Closed Kitchen' }), isActive: false });
    expect(closed).toMatchObject({ isActive: false, banner: { isActive: true } });
    expect((await banners()).map((b) => b._id)).not.toContain(closed._id);
    const kept = await t.call('PUT', restaurantsPaths.one(closed._id), { token: admin.token, body: body({ name: 'Closed Kitchen' }) });
    expect(kept.body.restaurant.isActive).toBe(false);
    const opened = await t.call('PUT', restaurantsPaths.one(closed._id), { token: admin.token, body: { ...body({ name: 'Closed Kitchen' }), isActive: true } });
    expect(opened.body.restaurant.isActive).toBe(true);
    expect((await banners()).map((b) => b._id)).toContain(closed._id);
  });

  it('answers 400 naming the field for every rule the form has, never a 500', async () => {
    const cases: [unknown, string][] = [
      [body({ name: '' }), 'name'],
      [body({ name: '   ' }), 'name'],
      [body({ name: 'x'.repeat(101) }), 'name'],
      [body({ address: { street: '' } }), 'address.street'],
      [body({ address: { city: ' ' } }), 'address.city'],
      [body({ address: { province: '' } }), 'address.province'],
      [body({ address: { postalCode: '' } }), 'address.postalCode'],
      [body({ banner: { text: '' } }), 'banner.text'],
      [body({ banner: { text: 'x'.repeat(101) } }), 'banner.text'],
      [body({ banner: { link: '' } }), 'banner.link'],
      [body({ banner: { link: 'chambar.example.com' } }), 'banner.link'],
      [body({ banner: { link: 'javascript:alert(1)' } }), 'banner.link'],
      [body({ banner: { link: 'ftp://files.example.com' } }), 'banner.link'],
      [body({ banner: { link: 'https://' } }), 'banner.link'],
      [body({ banner: { link: 'https://exa mple.com' } }), 'banner.link'],
      [body({ banner: { link: 'https://user:pw@example.com' } }), 'banner.link'],
      [body({ banner: { image: { url: '/api/photos/x.webp', filename: '../../etc/passwd' } } }), 'banner.image.filename'],
      [body({ banner: { image: { url: '/api/photos/x.webp', filename: '5b0c8a7e-0000-4000-8000-000000000000.webp' } } }), 'banner.image.filename'],
      [{ name: 'No address' }, 'address'],
    ];
    for (const [payload, field] of cases) {
      const answer = await t.call('POST', restaurantsPaths.list, { token: admin.token, body: payload });
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(answer.body.fields.map((f: { field: string }) => f.field), JSON.stringify(payload)).toContain(field);
    }
    const tooLong = await t.call('POST', restaurantsPaths.list, { token: admin.token, body: body({ banner: { text: 'x'.repeat(101) } }) });
    expect(tooLong.body.fields[0].message).toBe('Banner text must be at most 100 characters');
    const badLink = await t.call('POST', restaurantsPaths.list, { token: admin.token, body: body({ banner: { link: 'not a url' } }) });
    expect(badLink.body.fields[0].message).toBe(RESTAURANT_ERRORS.linkInvalid);
    // A well-formed banner name that was never uploaded.
    const unknown = await t.call('POST', restaurantsPaths.list, {
      token: admin.token,
      body: body({ banner: { image: { url: '/x', filename: 'banner-5b0c8a7e-0000-4000-8000-000000000000.webp' } } }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual([{ field: 'banner.image.filename', message: RESTAURANT_ERRORS.imageUnknown }]);
    for (const raw of ['not json', '[1]', 'null']) {
      const answer = await t.call('POST', restaurantsPaths.list, { token: admin.token, rawBody: raw });
      expect(answer.status, raw).toBe(400);
    }
  });
});

describe('banner images', () => {
  it('re-encodes an upload to WebP with no metadata, served by its URL; a restaurant shows it', async () => {
    const uploaded = await uploadBanner(admin.token, { name: 'banner.jpg', bytes: await cameraJpeg(), type: 'image/jpeg' });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body.filename).toMatch(/^banner-[0-9a-f-]{36}\.webp$/);
    expect(uploaded.body.url).toBe(`/api/photos/${uploaded.body.filename}`);
    expect((await storedKeys())).toContain(uploaded.body.filename);

    const served = await fetch(`${t.url}${uploaded.body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const stored = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(stored.format).toBe('webp');
    expect([stored.width, stored.height]).toEqual([800, 200]);
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.iptc).toBeUndefined();

    const restaurant = await create(body({ name: 'Pictured', banner: { image: uploaded.body } }));
    expect(restaurant.banner.image).toEqual({ url: uploaded.body.url, filename: uploaded.body.filename });
    await t.call('DELETE', restaurantsPaths.one(restaurant._id), { token: admin.token });
  });

  it('refuses a spoofed type, a missing image, a non-multipart body and an oversize file, storing nothing', async () => {
    const before = (await storedKeys()).length;
    const text = new TextEncoder().encode('this is not a picture at all, just text');
    const spoofed = await uploadBanner(admin.token, { name: 'banner.png', bytes: text, type: 'image/png' });
    expect(spoofed.status).toBe(400);
    expect(spoofed.body).toEqual({ error: 'Only JPEG, PNG or WebP photos are allowed', fields: [{ field: 'image', message: 'Only JPEG, PNG or WebP photos are allowed' }] });
    // A GIF sent as a JPEG: the bytes decide.
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    expect((await uploadBanner(admin.token, { name: 'banner.jpg', bytes: gif, type: 'image/jpeg' })).status).toBe(400);
    // A PNG signature on a body that is not a PNG.
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('garbage')]);
    const damaged = await uploadBanner(admin.token, { name: 'banner.png', bytes: fakePng, type: 'image/png' });
    expect(damaged.status).toBe(400);
    expect(damaged.body.fields[0].field).toBe('image');

    const wrongField = await uploadBanner(admin.token, { name: 'b.jpg', bytes: await cameraJpeg(), type: 'image/jpeg' }, 'photos');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.fields).toEqual([{ field: 'image', message: RESTAURANT_ERRORS.noImage }]);

    const json = await t.call('POST', restaurantsPaths.upload, { token: admin.token, body: { image: 'x' } });
    expect(json.status).toBe(415);

    const big = await sharp(Buffer.alloc(3000 * 3000 * 3, 7), { raw: { width: 3000, height: 3000, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const oversize = await uploadBanner(admin.token, { name: 'huge.png', bytes: big, type: 'image/png' });
    expect(oversize.status).toBe(413);
    expect(oversize.body.fields[0].field).toBe('image');

    expect((await storedKeys()).length).toBe(before);
  });

  it('replacing or removing the image deletes the old file; deleting the restaurant deletes its file', async () => {
    const one = (await uploadBanner(admin.token, { name: 'a.jpg', bytes: await cameraJpeg(), type: 'image/jpeg' })).body;
    const two = (await uploadBanner(admin.token, { name: 'b.jpg', bytes: await cameraJpeg(), type: 'image/jpeg' })).body;
    const restaurant = await create(body({ name: 'Changing', banner: { image: one } }));

    const replaced = await t.call('PUT', restaurantsPaths.one(restaurant._id), { token: admin.token, body: body({ name: 'Changing', banner: { image: two } }) });
    expect(replaced.status).toBe(200);
    expect((await storedKeys())).not.toContain(one.filename);
    expect((await storedKeys())).toContain(two.filename);

    // Kept: the same image sent back changes nothing on disk.
    expect((await t.call('PUT', restaurantsPaths.one(restaurant._id), { token: admin.token, body: body({ name: 'Changing', banner: { image: two } }) })).status).toBe(200);
    expect((await storedKeys())).toContain(two.filename);

    const deleted = await t.call('DELETE', restaurantsPaths.one(restaurant._id), { token: admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    expect((await storedKeys())).not.toContain(two.filename);
    expect((await t.call('DELETE', restaurantsPaths.one(restaurant._id), { token: admin.token })).status).toBe(404);
    expect((await auditOf(restaurant._id)).map((entry) => entry.action)).toEqual(['restaurant_delete', 'restaurant_update', 'restaurant_update', 'restaurant_create']);
    const list = await t.call('GET', restaurantsPaths.list, { token: admin.token });
    expect((list.body.restaurants as Restaurant[]).some((r) => r._id === restaurant._id)).toBe(false);
  });

  it('an upload no save names is removed a day later; a saved one stays, and another restaurant may reuse it', async () => {
    const saved = (await uploadBanner(admin.token, { name: 'saved.jpg', bytes: await cameraJpeg(), type: 'image/jpeg' })).body;
    const abandoned = (await uploadBanner(admin.token, { name: 'abandoned.jpg', bytes: await cameraJpeg(), type: 'image/jpeg' })).body;
    const restaurant = await create(body({ name: 'Keeps its image', banner: { image: saved } }));

    t.clock.advance(UNCLAIMED_UPLOAD_KEPT_MS - 60_000);
    await t.app.jobs.runDue();
    expect((await storedKeys())).toContain(abandoned.filename);

    t.clock.advance(2 * 60 * 60_000);
    await t.app.jobs.runDue();
    expect((await storedKeys())).not.toContain(abandoned.filename);
    expect((await fetch(`${t.url}${abandoned.url}`)).status).toBe(404);
    const tooLate = await t.call('POST', restaurantsPaths.list, { token: admin.token, body: body({ name: 'Too late', banner: { image: abandoned } }) });
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.fields).toEqual([{ field: 'banner.image.filename', message: RESTAURANT_ERRORS.imageUnknown }]);

    expect((await storedKeys())).toContain(saved.filename);
    const twin = await create(body({ name: 'Shows the same image', banner: { image: saved } }));
    expect(twin.banner.image?.filename).toBe(saved.filename);
    await t.call('DELETE', restaurantsPaths.one(restaurant._id), { token: admin.token });
    expect((await storedKeys())).toContain(saved.filename);
    await t.call('DELETE', restaurantsPaths.one(twin._id), { token: admin.token });
    expect((await storedKeys())).not.toContain(saved.filename);
  });

  it('two saves naming one fresh upload at once both show it', async () => {
    const image = (await uploadBanner(admin.token, { name: 'shared.jpg', bytes: await cameraJpeg(), type: 'image/jpeg' })).body;
    const answers = await Promise.all(
      ['First at once', 'Second at once'].map((name) => t.call('POST', restaurantsPaths.list, { token: admin.token, body: body({ name, banner: { image } }) })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    for (const answer of answers) await t.call('DELETE', restaurantsPaths.one(answer.body.restaurant._id), { token: admin.token });
    expect((await storedKeys())).not.toContain(image.filename);
  });
});

describe('toggle and the members’ banners', () => {
  it('lists only active banners to members, toggles both ways, and counts views and clicks of shown ones', async () => {
    const shown = await create(body({ name: 'Shown Place' }));
    const hidden = await create(body({ name: 'Hidden Place' }));

    const off = await t.call('PATCH', restaurantsPaths.toggle(hidden._id), { token: admin.token });
    expect(off.status).toBe(200);
    expect(off.body.restaurant).toMatchObject({ isActive: false, banner: { isActive: true } });

    let names = (await banners()).map((b) => b.name);
    expect(names).toContain('Shown Place');
    expect(names).not.toContain('Hidden Place');
    expect((await banners()).find((b) => b._id === shown._id)).toEqual({
      _id: shown._id,
      name: 'Shown Place',
      address: shown.address,
      text: shown.banner.text,
      link: shown.banner.link,
      image: null,
    });

    expect((await t.call('POST', restaurantsPaths.bannerView(shown._id), { token: plain.token })).status).toBe(200);
    expect((await t.call('POST', restaurantsPaths.bannerView(shown._id), { token: plain.token })).status).toBe(200);
    expect((await t.call('POST', restaurantsPaths.bannerClick(shown._id), { token: plain.token })).status).toBe(200);
    // An inactive or unknown banner is not counted.
    expect((await t.call('POST', restaurantsPaths.bannerView(hidden._id), { token: plain.token })).status).toBe(404);
    expect((await t.call('POST', restaurantsPaths.bannerClick('nope'), { token: plain.token })).status).toBe(404);

    const list = (await t.call('GET', restaurantsPaths.list, { token: admin.token })).body.restaurants as Restaurant[];
    expect(list.find((r) => r._id === shown._id)!.stats).toEqual({ views: 2, clicks: 1 });
    expect(list.find((r) => r._id === hidden._id)!.stats).toEqual({ views: 0, clicks: 0 });

    const on = await t.call('PATCH', restaurantsPaths.toggle(hidden._id), { token: admin.token });
    expect(on.body.restaurant).toMatchObject({ isActive: true });
    names = (await banners()).map((b) => b.name);
    expect(names).toContain('Hidden Place');

    expect((await auditOf(hidden._id)).map((entry) => entry.action)).toEqual(['restaurant_activate', 'restaurant_deactivate', 'restaurant_create']);
    expect((await t.call('PATCH', restaurantsPaths.toggle('5b0c8a7e-0000-4000-8000-000000000000'), { token: admin.token })).status).toBe(404);

    // An unverified member sees no banners.
    const unverified = await createMember(t, { name: 'New One', city: 'Vancouver', verified: false });
    expect((await t.call('GET', restaurantsPaths.banners, { token: unverified.token })).status).toBe(403);
  });
});
