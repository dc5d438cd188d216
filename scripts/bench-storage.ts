// The storage part of `npm run bench` (`-- --only storage`): in one run on this machine, two real
// server processes on the embedded database, one keeping uploads in the folder DATA_DIR/photos
// (the default), the other in a bucket of a local S3-protocol server (s3rver, as the test suite
// runs it; STORAGE_URL=s3://rendezvous-bench/bench). On each, a verified member uploads a few
// photos; then wrk serves them (`GET /api/photos/<key>`, in turn) at the API part's connection
// count, and a JPEG of about 2 MB is uploaded one at a time (each deleted again before the next).
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { folderStorage, type FileStorage } from '../src/server/platform/storage.ts';
import { PHOTO_MAX_BYTES } from '../src/shared/domain/profile.ts';
import { startServerProcess, type ServerProcess } from '../tests/support/e2e-server.ts';
import { startS3Server } from '../tests/support/s3-server.ts';
import { CONNECTIONS, measure, percentile, profiled, SECONDS, verifiedViewer, WARM_UP_SECONDS, type Load } from './bench-api.ts';

const SERVED_PHOTOS = 3;
const UPLOADS = 30;
/** Uploads before the measured ones: a new process compiles its code and loads libvips on the first. */
const WARM_UP_UPLOADS = 2;
/** A photo of "about 2 MB" that the server still takes (its limit is PHOTO_MAX_BYTES, 2 MiB). */
const UPLOAD_BYTES = 2_000_000;

type Photo = { _id: string; url: string };
type Figures = { serving: Load; storedBytes: number; uploadMs: number[] };

/** A camera-like picture: a colour gradient with grain of ± `grain` levels, different for each seed. */
function picture(width: number, height: number, grain: number, seed: number) {
  const pixels = new Uint8ClampedArray(width * height * 3);
  let state = seed;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      const noise = ((state >>> 16) % (2 * grain + 1)) - grain;
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width + noise;
      pixels[i + 1] = (y * 255) / height + noise;
      pixels[i + 2] = 128 + noise;
    }
  }
  return sharp(Buffer.from(pixels.buffer), { raw: { width, height, channels: 3 } });
}

/** The largest JPEG quality that keeps a 3000×2250 picture within UPLOAD_BYTES. */
async function twoMegabytePhoto(): Promise<Buffer> {
  const image = picture(3000, 2250, 16, 7);
  for (let quality = 95; quality >= 50; quality -= 1) {
    const bytes = await image.clone().jpeg({ quality }).toBuffer();
    if (bytes.length <= UPLOAD_BYTES) return bytes;
  }
  throw new Error('no JPEG quality gives a picture of about 2 MB');
}

async function upload(server: ServerProcess, token: string, jpeg: Buffer): Promise<{ ms: number; photos: Photo[] }> {
  const form = new FormData();
  form.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  const started = performance.now();
  const response = await fetch(`${server.url}/api/users/photos`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = await response.json();
  const ms = performance.now() - started;
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${JSON.stringify(body)}`);
  return { ms, photos: body.photos };
}

async function remove(server: ServerProcess, token: string, photo: Photo) {
  const response = await fetch(`${server.url}/api/users/photos/${photo._id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`delete: ${response.status} ${await response.text()}`);
}

/** One server process on `env`'s storage (read back through `storage`): its photos served under load, then the 2 MB uploads. */
async function measureStorage(
  env: Record<string, string>,
  storage: (server: ServerProcess) => FileStorage,
  served: Buffer[],
  large: Buffer,
): Promise<Figures> {
  const server = await startServerProcess({ env: { DEMO_MEMBERS: '0', LOG_LEVEL: 'info', ...env }, quiet: true, ...profiled });
  try {
    const token = await verifiedViewer(server);
    let photos: Photo[] = [];
    for (const jpeg of served) photos = (await upload(server, token, jpeg)).photos;
    const paths = photos.map((photo) => photo.url);
    // Each photo is in this storage, and served whole before the load starts.
    const keys = await storage(server).list();
    let storedBytes = 0;
    for (const url of paths) {
      if (!keys.includes(url.split('/').pop()!)) throw new Error(`${url} is not in the storage`);
      const response = await fetch(`${server.url}${url}`);
      if (response.status !== 200 || response.headers.get('content-type') !== 'image/webp') throw new Error(`GET ${url}: ${response.status}`);
      storedBytes += (await response.arrayBuffer()).byteLength;
    }
    const serving = await measure(`${server.url}${paths[0]}`, null, { paths, pids: { server: server.child.pid! } });

    const uploadMs: number[] = [];
    for (let i = 0; i < WARM_UP_UPLOADS + UPLOADS; i += 1) {
      const { ms, photos: after } = await upload(server, token, large);
      if (i >= WARM_UP_UPLOADS) uploadMs.push(ms);
      await remove(server, token, after.at(-1)!);
    }
    return { serving, storedBytes: storedBytes / paths.length, uploadMs: uploadMs.sort((a, b) => a - b) };
  } finally {
    await server.stop();
  }
}

export async function benchStorage() {
  const served = await Promise.all(Array.from({ length: SERVED_PHOTOS }, (_, i) => picture(1600, 1200, 8, i + 1).jpeg({ quality: 85 }).toBuffer()));
  const large = await twoMegabytePhoto();
  if (large.length > PHOTO_MAX_BYTES) throw new Error('the upload is larger than the server takes');
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
  const kb = (bytes: number) => `${Math.round(bytes / 1e3)} KB`;
  console.log(
    `\nStorage: photos served by the folder and by an object store (s3rver, in this process), ${CONNECTIONS} connections, ${SECONDS} s after a ${WARM_UP_SECONDS} s warm-up, ` +
      `wrk (one thread) on the same cores; ${UPLOADS} uploads of a ${mb(large.length)} JPEG (3000×2250) one at a time after ${WARM_UP_UPLOADS} unmeasured; ` +
      `${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the start.`,
  );

  const folder = await measureStorage({}, (server) => folderStorage(path.join(server.dataDir, 'photos')), served, large);
  const s3 = await startS3Server('rendezvous-bench');
  let objectStore: Figures;
  try {
    objectStore = await measureStorage(s3.env({ prefix: 'bench' }), () => s3.storage({ prefix: 'bench/' }), served, large);
  } finally {
    await s3.close();
  }

  const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`);
  type Row = [figure: string, value: string, goal: string, result: string];
  const rows: Row[] = [];
  // The issue sets no targets here: the object store's figures are read beside the folder's, from the same run.
  for (const [name, figures, isObjectStore] of [['folder', folder, false], ['object store', objectStore, true]] as const) {
    const { serving, uploadMs } = figures;
    const errors = serving.failed > 0 ? `ERRORS (${serving.failed} failed answers)` : null;
    const beside = (value: string) => (isObjectStore ? `folder ${value}` : '—');
    const uploadP95 = percentile(uploadMs, 95);
    rows.push(
      [`GET /api/photos/<key> (${kb(figures.storedBytes)} WebP), ${name}: req/s`, Math.round(serving.rps).toLocaleString('en'), beside(Math.round(folder.serving.rps).toLocaleString('en')), errors ?? '(reported)'],
      [`  ${name}: p50`, ms(serving.p50), '—', '(reported)'],
      [`  ${name}: p95`, ms(serving.p95), beside(ms(folder.serving.p95)), errors ?? '(reported)'],
      [`  ${name}: CPU per photo, server process`, `${serving.cpu!.server.toFixed(2)} ms`, '—', '(reported)'],
      // This process: wrk's reaped CPU, and for the object store s3rver's, which runs in it.
      [`  ${name}: CPU per photo, ${isObjectStore ? 'wrk + s3rver' : 'wrk'}`, `${serving.cpu!.client.toFixed(2)} ms`, '—', '(reported)'],
      [`upload of the ${mb(large.length)} JPEG, ${name}: p50`, ms(percentile(uploadMs, 50)), '—', '(reported)'],
      [`  ${name}: p95`, ms(uploadP95), beside(ms(percentile(folder.uploadMs, 95))), '(reported)'],
    );
  }
  console.log(`\n${'figure'.padEnd(62)}${'value'.padStart(12)}${'goal'.padStart(16)}  result`);
  for (const [figure, value, goal, result] of rows) console.log(`${figure.padEnd(62)}${value.padStart(12)}${goal.padStart(16)}  ${result}`);
}
