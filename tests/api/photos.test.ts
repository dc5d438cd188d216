import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { photos as photosTable } from '#server/profiles/profiles.tables.ts';
import { adminPaths } from '#shared/api/admin.ts';
import { PHOTO_MAX_BYTES, PHOTOS_MAX } from '#shared/domain/profile.ts';
import { FIRST_PHOTO_POINTS, SCORE_START } from '#shared/domain/score.ts';
import { startTestApp, type TestApp } from '#tests/support/test-app.ts';

const ADMIN_EMAIL = 'photo-admin@rendezvous.test';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp({ adminEmails: [ADMIN_EMAIL] });
  adminToken = (await t.verifiedMember({ email: ADMIN_EMAIL })).token;
});
afterAll(() => t.close());

type Photo = { _id: string; url: string; isVerified: boolean };
type Upload = { name: string; bytes: Uint8Array; type?: string };

const solid = (width: number, height: number, background = '#c0392b') => sharp({ create: { width, height, channels: 3, background } });
const jpeg = async (name = 'photo.jpg', width = 640, height = 480): Promise<Upload> => ({
  name,
  bytes: await solid(width, height).jpeg().toBuffer(),
  type: 'image/jpeg',
});

/** A phone photo: 800×600 stored sideways (EXIF orientation 6), with camera and GPS EXIF and an XMP packet. */
async function phonePhoto(): Promise<Buffer> {
  return solid(800, 600)
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 9', Copyright: 'Ann Smith' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '49/1 16/1 3000/100', GPSLongitudeRef: 'W', GPSLongitude: '123/1 7/1 1000/100' },
    })
    .withMetadata({ orientation: 6 })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
    .toBuffer();
}

/** A grey PNG of the given size: tiny on disk however large its pixel count (a decompression bomb). */
const bomb = (width: number, height: number) =>
  sharp(Buffer.alloc(width * height, 0x80), { raw: { width, height, channels: 1 }, limitInputPixels: false })
    .png({ compressionLevel: 9 })
    .toBuffer();

const fileName = (url: string) => url.split('/').pop()!;
/** What the app's storage holds: its folder, or its bucket in the api-s3 project. */
const storedFiles = async () => (await t.photoStorage.list()).sort();
const storedBytes = async (key: string) => (await t.photoStorage.get(key))!;

async function member() {
  const { token } = await t.register();
  return token as string;
}

async function photosOf(token: string): Promise<Photo[]> {
  return (await t.call('GET', '/auth/me', { token })).body.user.profile.photos;
}

async function withPhotos(count: number) {
  const token = await member();
  const files = await Promise.all(Array.from({ length: count }, (_, i) => jpeg(`p${i}.jpg`)));
  const answer = await t.upload(token, files);
  expect(answer.status).toBe(201);
  return { token, photos: answer.body.photos as Photo[] };
}

/**
 * Makes the commit of a deletion of this photo's row fail, as a database refusing a commit would
 * (a deferred constraint trigger runs at commit); the answer undoes it.
 */
async function refuseDeletionAtCommit(photoId: string) {
  expect(photoId).toMatch(/^[0-9a-f-]{36}$/);
  const { db } = t.database;
  await db.execute(sql.raw(`create function refuse_at_commit() returns trigger language plpgsql as $$ begin raise exception 'commit refused'; end $$`));
  await db.execute(
    sql.raw(
      `create constraint trigger refuse_photo_deletion after delete on photos deferrable initially deferred for each row when (old.id = '${photoId}') execute function refuse_at_commit()`,
    ),
  );
  return async () => {
    await db.execute(sql.raw('drop trigger refuse_photo_deletion on photos'));
    await db.execute(sql.raw('drop function refuse_at_commit()'));
  };
}

// Nothing half-written, whatever a test did: every stored file belongs to a photo and every photo has its file.
afterEach(async () => {
  const rows = await t.database.db.select({ key: photosTable.storageKey }).from(photosTable);
  expect(await storedFiles()).toEqual(rows.map((row) => row.key).sort());
});

describe('POST /api/users/photos', () => {
  it('stores an upright WebP without any of the EXIF, GPS or XMP the phone wrote, and serves it for a year', async () => {
    const original = await phonePhoto();
    const before = await sharp(original).metadata();
    expect(before).toMatchObject({ format: 'jpeg', width: 800, height: 600, orientation: 6 });
    expect(before.exif).toBeDefined();
    expect(before.xmp).toBeDefined();

    const token = await member();
    const answer = await t.upload(token, [{ name: 'IMG_0001.jpg', bytes: original, type: 'image/jpeg' }]);
    expect(answer.status).toBe(201);
    expect(answer.body.photos).toHaveLength(1);
    const [photo] = answer.body.photos as Photo[];
    expect(photo).toEqual({ _id: expect.any(String), url: expect.stringMatching(/^\/api\/photos\/[0-9a-f-]{36}\.webp$/), isVerified: false });

    const served = await fetch(`${t.url}${photo!.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.equals(await storedBytes(fileName(photo!.url)))).toBe(true);

    const stored = await sharp(bytes).metadata();
    expect(stored.format).toBe('webp');
    // Turned by its orientation, so it needs no EXIF to show upright.
    expect([stored.width, stored.height]).toEqual([600, 800]);
    expect(stored.orientation).toBeUndefined();
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.iptc).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(stored.comments).toBeUndefined();
    expect(bytes.includes('PhoneMaker')).toBe(false);
  });

  it('fits large photos within 1600 pixels and never enlarges small ones', async () => {
    const token = await member();
    const answer = await t.upload(token, [await jpeg('wide.jpg', 4000, 1000), await jpeg('small.jpg', 300, 200)]);
    expect(answer.status).toBe(201);
    const sizes = await Promise.all(
      (answer.body.photos as Photo[]).map(async (photo) => sharp(await storedBytes(fileName(photo.url))).metadata()),
    );
    expect(sizes.map((m) => [m.width, m.height])).toEqual([
      [1600, 400],
      [300, 200],
    ]);
  });

  it('goes by the bytes, not the declared type: a PNG sent as WebP is taken', async () => {
    const token = await member();
    const png = await solid(320, 240, '#2980b9').png().toBuffer();
    const answer = await t.upload(token, [{ name: 'scan.webp', bytes: png, type: 'image/webp' }]);
    expect(answer.status).toBe(201);
    expect(answer.body.photos).toHaveLength(1);
  });

  it('takes WebP uploads', async () => {
    const token = await member();
    const webp = await solid(320, 240).webp().toBuffer();
    expect((await t.upload(token, [{ name: 'a.webp', bytes: webp, type: 'image/webp' }])).status).toBe(201);
  });

  it('refuses a text file named photo.jpg and sent as image/jpeg', async () => {
    const token = await member();
    const answer = await t.upload(token, [{ name: 'photo.jpg', bytes: Buffer.from('just some words, not a photo'), type: 'image/jpeg' }]);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: 'Only JPEG, PNG or WebP photos are allowed',
      fields: [{ field: 'photos', message: 'Only JPEG, PNG or WebP photos are allowed' }],
    });
    expect(await photosOf(token)).toEqual([]);
  });

  it('refuses other image types (a GIF) and an SVG dressed as a PNG', async () => {
    const token = await member();
    const gif = await solid(10, 10).gif().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    for (const file of [
      { name: 'a.gif', bytes: gif, type: 'image/gif' },
      { name: 'b.png', bytes: svg, type: 'image/png' },
    ]) {
      const answer = await t.upload(token, [file]);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('Only JPEG, PNG or WebP photos are allowed');
    }
  });

  it('answers 400, not 500, to a damaged photo, and keeps none of the upload', async () => {
    const token = await member();
    const whole = (await jpeg('cut.jpg', 640, 480)).bytes;
    const answer = await t.upload(token, [await jpeg('fine.jpg'), { name: 'cut.jpg', bytes: whole.subarray(0, 600), type: 'image/jpeg' }]);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('cut.jpg could not be read: the file is damaged or incomplete');
    expect(answer.body.fields).toEqual([{ field: 'photos', message: answer.body.error }]);
    expect(await photosOf(token)).toEqual([]);
  });

  it('refuses a decompression bomb from its header, before decoding it, and stores nothing', async () => {
    const token = await member();
    const huge = await bomb(10_000, 10_000);
    expect(huge.length).toBeLessThan(PHOTO_MAX_BYTES);
    const answer = await t.upload(token, [{ name: 'bomb.png', bytes: huge, type: 'image/png' }]);
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe('bomb.png has too many pixels (10000 × 10000): at most 40 megapixels and 10000 pixels a side');
    expect(answer.body.fields).toEqual([{ field: 'photos', message: answer.body.error }]);

    const strip = await t.upload(token, [{ name: 'strip.png', bytes: await bomb(30_000, 8), type: 'image/png' }]);
    expect(strip.status).toBe(413);
    expect(strip.body.error).toMatch(/^strip\.png has too many pixels \(30000 × 8\)/);
    expect(await photosOf(token)).toEqual([]);
  });

  it('refuses a file over 2 MB with 413, naming it', async () => {
    const token = await member();
    const big = Buffer.concat([(await jpeg()).bytes, randomBytes(PHOTO_MAX_BYTES)]);
    const answer = await t.upload(token, [await jpeg('fine.jpg'), { name: 'holiday.jpg', bytes: big, type: 'image/jpeg' }]);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ error: 'holiday.jpg is larger than 2 MB', fields: [{ field: 'photos', message: 'holiday.jpg is larger than 2 MB' }] });

    const two = await t.upload(token, [
      { name: 'a.jpg', bytes: big },
      { name: 'b.jpg', bytes: big },
    ]);
    expect(two.status).toBe(413);
    expect(two.body.error).toBe('2 photos are larger than 2 MB: a.jpg, b.jpg');
    expect(await photosOf(token)).toEqual([]);
  });

  it('keeps at most 5 photos per member, oldest first', async () => {
    const { token, photos } = await withPhotos(3);
    const more = await t.upload(token, [await jpeg('p3.jpg'), await jpeg('p4.jpg')]);
    expect(more.status).toBe(201);
    const all = more.body.photos as Photo[];
    expect(all).toHaveLength(PHOTOS_MAX);
    expect(all.slice(0, 3)).toEqual(photos);
    expect(await photosOf(token)).toEqual(all);

    const sixth = await t.upload(token, [await jpeg('p5.jpg')]);
    expect(sixth.status).toBe(400);
    expect(sixth.body).toEqual({ error: 'You can have at most 5 photos', fields: [{ field: 'photos', message: 'You can have at most 5 photos' }] });
    expect(await photosOf(token)).toEqual(all);
  });

  it('refuses six photos in one upload', async () => {
    const token = await member();
    const six = await Promise.all(Array.from({ length: 6 }, (_, i) => jpeg(`p${i}.jpg`)));
    const answer = await t.upload(token, six);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('You can have at most 5 photos');
    expect(await photosOf(token)).toEqual([]);
  });

  it('lets exactly one of two uploads at once take the last place, leaving no stray file', async () => {
    // Tiny photos, built before sending, so both requests reach the database together; a few rounds,
    // as a race is a matter of timing (without the row lock, PostgreSQL lets both in).
    for (let round = 0; round < 3; round++) {
      const { token } = await withPhotos(4);
      const files = [await jpeg('a.jpg', 8, 8), await jpeg('b.jpg', 8, 8)];
      const answers = await Promise.all(files.map((file) => t.upload(token, [file])));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
      expect(answers.find((answer) => answer.status === 400)!.body.error).toBe('You can have at most 5 photos');
      expect(await photosOf(token)).toHaveLength(PHOTOS_MAX);
    }
    // The after-each check proves the refused upload's file was removed again.
  });

  it('awards the first-photo points once: on the first upload only', async () => {
    const token = await member();
    const first = await t.upload(token, [await jpeg()]);
    expect(first.body.scoreAwarded).toBe(FIRST_PHOTO_POINTS);
    const second = await t.upload(token, [await jpeg()]);
    expect(second.status).toBe(201);
    expect(second.body.scoreAwarded).toBe(0);

    const me = await t.call('GET', '/auth/me', { token });
    expect(me.body.user.isEmailVerified).toBe(false);
    expect(me.body.user.reliabilityScore.current).toBe(SCORE_START + FIRST_PHOTO_POINTS);
    expect(me.body.user.profile.photos).toEqual(second.body.photos);

    // Deleting every photo and starting again earns nothing more.
    for (const photo of second.body.photos as Photo[]) expect((await t.call('DELETE', `/users/photos/${photo._id}`, { token })).status).toBe(200);
    const again = await t.upload(token, [await jpeg()]);
    expect(again.body.scoreAwarded).toBe(0);
    expect((await t.call('GET', '/auth/me', { token })).body.user.reliabilityScore.current).toBe(SCORE_START + FIRST_PHOTO_POINTS);
  });

  it('asks for a photo when the form carries none', async () => {
    const token = await member();
    const empty = await t.upload(token, []);
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: 'Please choose at least one photo', fields: [{ field: 'photos', message: 'Please choose at least one photo' }] });

    const elsewhere = await t.upload(token, [await jpeg()], 'picture');
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error).toBe('Please choose at least one photo');
  });

  it('refuses a body that is not multipart with the error shape', async () => {
    const token = await member();
    for (const options of [{ body: { photos: ['x'] } }, { rawBody: 'hello', headers: { 'content-type': 'text/plain' } }, {}]) {
      const answer = await t.call('POST', '/users/photos', { token, ...options });
      expect(answer.status).toBe(415);
      expect(answer.body).toEqual({ error: 'Send the photos as multipart/form-data in the field photos' });
    }
  });

  it('needs a session', async () => {
    const answer = await t.upload(undefined, [await jpeg()]);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: 'Please log in to continue' });
  });
});

describe('DELETE /api/users/photos/:photoId', () => {
  it('deletes a photo by its id and its file with it', async () => {
    const { token, photos } = await withPhotos(2);
    const answer = await t.call('DELETE', `/users/photos/${photos[0]!._id}`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ photos: [photos[1]] });
    expect(await photosOf(token)).toEqual([photos[1]]);
    expect((await fetch(`${t.url}${photos[0]!.url}`)).status).toBe(404);
    expect(await storedFiles()).not.toContain(fileName(photos[0]!.url));
  });

  it('keeps the photo and its file when the deletion cannot commit', async () => {
    const { token, photos } = await withPhotos(2);
    const [photo] = photos;
    const undo = await refuseDeletionAtCommit(photo!._id);
    try {
      expect((await t.call('DELETE', `/users/photos/${photo!._id}`, { token })).status).toBe(500);
    } finally {
      await undo();
    }
    expect(await photosOf(token)).toEqual(photos);
    expect(await storedFiles()).toContain(fileName(photo!.url));
    expect((await fetch(`${t.url}${photo!.url}`)).status).toBe(200);
  });

  it('deletes a photo by the file name at the end of its URL', async () => {
    const { token, photos } = await withPhotos(2);
    const answer = await t.call('DELETE', `/users/photos/${fileName(photos[1]!.url)}`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ photos: [photos[0]] });
  });

  it("answers 404 for someone else's photo and leaves it alone", async () => {
    const owner = await withPhotos(1);
    const other = await member();
    const [photo] = owner.photos;
    for (const id of [photo!._id, fileName(photo!.url)]) {
      const answer = await t.call('DELETE', `/users/photos/${id}`, { token: other });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: 'Photo not found' });
    }
    expect(await photosOf(owner.token)).toEqual(owner.photos);
    expect((await fetch(`${t.url}${photo!.url}`)).status).toBe(200);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    const token = await member();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope.webp', 'not an id', '..%2F..%2Fetc%2Fpasswd']) {
      const answer = await t.call('DELETE', `/users/photos/${id}`, { token });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: 'Photo not found' });
    }
  });

  it('needs a session', async () => {
    const { photos } = await withPhotos(1);
    expect((await t.call('DELETE', `/users/photos/${photos[0]!._id}`)).status).toBe(401);
  });
});

describe("an admin's removal of a member", () => {
  it('deletes their photo files from the storage', async () => {
    const { token, user } = await t.register();
    const uploaded = await t.upload(token, [await jpeg('a.jpg'), await jpeg('b.jpg')]);
    expect(uploaded.status).toBe(201);
    const urls = (uploaded.body.photos as Photo[]).map((photo) => photo.url);
    expect(await storedFiles()).toEqual(expect.arrayContaining(urls.map(fileName)));

    expect((await t.call('DELETE', adminPaths.user(user._id), { token: adminToken })).status).toBe(200);
    const left = await storedFiles();
    for (const url of urls) {
      expect(left).not.toContain(fileName(url));
      expect(await t.photoStorage.get(fileName(url))).toBeNull();
      expect((await fetch(`${t.url}${url}`)).status).toBe(404);
    }
  });
});

describe('GET /api/photos/:file', () => {
  it('answers 404 JSON for unknown files and names that are not storage keys', async () => {
    for (const name of ['0f0f0f0f-0000-4000-8000-000000000000.webp', '..%2Fsecret.webp', '.hidden.webp']) {
      const answer = await t.call('GET', `/photos/${name}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: 'Photo not found' });
      expect(answer.headers.get('cache-control') ?? '').not.toContain('immutable');
    }
  });

  it('answers a name with a NUL in it 400, naming the file, as every text PostgreSQL cannot keep', async () => {
    const answer = await t.call('GET', '/photos/a%00.webp');
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual([{ field: 'file', message: 'Text cannot contain the NUL character' }]);
  });
});
