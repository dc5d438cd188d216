// npm run storage:migrate: copies every uploaded file from the folder DATA_DIR/photos to the object
// store STORAGE_URL names (S3_* as for the server). Idempotent and resumable: an object already
// there with the same size is skipped, so a run that stopped half-way is simply run again.
import path from 'node:path';
import { loadConfigOrExit } from '../src/server/platform/config.ts';
import { configuredStorage, storageName, storageRefusal } from '../src/server/platform/storage-configured.ts';
import { folderStorage } from '../src/server/platform/storage.ts';

/** Files copied at once: a few requests in flight hide the store's latency without flooding it. */
const AT_ONCE = 8;

const config = loadConfigOrExit();
if (!config.objectStore) {
  console.error('STORAGE_URL is not set: name the object store to copy the files to (s3://bucket/prefix, with the S3_* variables as for the server).');
  process.exit(2);
}
const folder = path.join(config.dataDir, 'photos');
const source = folderStorage(folder);
const target = configuredStorage(config);
const refusal = await storageRefusal(target, config);
if (refusal) {
  console.error(`Invalid configuration:\n  ${refusal}`);
  process.exit(1);
}

const counts = { copied: 0, alreadyThere: 0, failed: 0 };
const keys = (await source.list()).sort();
console.log(`Copying ${keys.length} files from ${folder} to ${storageName(config)}…`);

async function copy(key: string) {
  const bytes = await source.get(key);
  if (!bytes) return; // removed meanwhile (a photo deleted while the server runs)
  if ((await target.size(key)) === bytes.length) {
    counts.alreadyThere += 1;
    return;
  }
  await target.put(key, bytes);
  counts.copied += 1;
}

let next = 0;
await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      await copy(key).catch((error: unknown) => {
        counts.failed += 1;
        console.error(`${key}: ${(error as Error).message}`);
      });
    }
  }),
);

console.log(`Copied ${counts.copied}, already there ${counts.alreadyThere}, failed ${counts.failed} (of ${keys.length} files).`);
if (counts.failed > 0) {
  console.error('Run it again to copy the files that failed; the others are skipped.');
  process.exitCode = 1;
}
