import { randomUUID } from 'node:crypto';
import { PHOTO_MAX_BYTES, PHOTOS_MAX } from '#shared/domain/profile.ts';
import { FIRST_PHOTO_POINTS } from '#shared/domain/score.ts';
import { HttpError } from '#shared/http-error.ts';
import { NOT_SIGNED_IN } from '../platform/auth.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/client.ts';
import { isUuid } from '../platform/ids.ts';
import { SAFE_KEY, type FileStorage, type StoredFile } from '../platform/storage.ts';
import { recordScoreEvent } from '../score/score.service.ts';
import { encodePhoto, photoError, type EncodedPhoto } from './photo-image.ts';
import * as repo from './photos.repo.ts';
import { DAY_MS } from '#shared/domain/durations.ts';

/** Erasing a removed member (decision 21) is each feature's own part, called by admin in one transaction. */
export { eraseMember, deleteOwnPhoto } from './photos.repo.ts';
/** For the demo members' photos (their files already stored). */
export { insertPhotos } from './photos.repo.ts';

export const PHOTO_NOT_FOUND = 'Photo not found';
export const NO_PHOTO_CHOSEN = 'Please choose at least one photo';
export const TOO_MANY_PHOTOS = `You can have at most ${PHOTOS_MAX} photos`;
const MAX_MB = PHOTO_MAX_BYTES / (1024 * 1024);

/** One file of an upload as it arrived; `truncated` when it went past PHOTO_MAX_BYTES and was cut off. */
export type UploadedPhoto = { filename: string; bytes: Buffer; truncated: boolean };
export type PhotoUploadResult = { photos: repo.Photo[]; scoreAwarded: number };

/** A file name as it may appear in a message: printable, not too long. */
export function displayName(filename: string): string {
  const clean = filename.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!clean) return 'A photo';
  return clean.length > 60 ? `${clean.slice(0, 57)}…` : clean;
}

function oversizeMessage(names: string[]): string {
  if (names.length === 1) return `${names[0]} is larger than ${MAX_MB} MB`;
  return `${names.length} photos are larger than ${MAX_MB} MB: ${names.join(', ')}`;
}

/** How long a stored file may wait for the row that names it (an upload under way) before the sweep takes it for an orphan. */
export const ORPHAN_FILE_AGE_MS = DAY_MS;
/** Files the sweep looks at in one run; the next run goes on after the last of them. */
export const ORPHAN_SWEEP_BATCH = 1000;

export function createPhotosService(deps: {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  log: { error(obj: object, msg: string): void };
  /** Of these stored files, those another feature names (restaurant banners, their uploads waiting for a save). */
  usedElsewhere?: (keys: string[]) => Promise<string[]>;
}) {
  const { db, clock, storage, log } = deps;
  /** Where the sweep's next run starts (this instance's; undefined: from the first key). */
  let sweptUpTo: string | undefined;

  async function removeFiles(keys: string[]) {
    for (const key of keys) {
      await storage.delete(key).catch((error: unknown) => log.error({ err: error, key }, 'photo file could not be removed'));
    }
  }

  /**
   * Stores every photo under a fresh random key; on any failure, those already stored are removed
   * again, and so is the one that failed (an object store's put that timed out may still have landed).
   */
  async function storeAll(encoded: EncodedPhoto[], prefix = '') {
    const stored: (EncodedPhoto & { key: string })[] = [];
    const keys: string[] = [];
    try {
      for (const photo of encoded) {
        const key = `${prefix}${randomUUID()}.webp`;
        keys.push(key);
        await storage.put(key, photo.bytes);
        stored.push({ ...photo, key });
      }
    } catch (error) {
      await removeFiles(keys);
      throw error;
    }
    return stored;
  }

  return {
    /**
     * Adds photos to the member's profile: checked, re-encoded and stored first, then recorded in
     * one short transaction that holds the member's row, so two uploads at once cannot pass 5.
     */
    async upload(memberId: string, files: UploadedPhoto[]): Promise<PhotoUploadResult> {
      if (files.length === 0) throw photoError(400, NO_PHOTO_CHOSEN);
      const oversize = files.filter((file) => file.truncated || file.bytes.length > PHOTO_MAX_BYTES);
      if (oversize.length > 0) throw photoError(413, oversizeMessage(oversize.map((file) => displayName(file.filename))));
      // A first count spares the encoding when the answer is already no; the transaction decides.
      if ((await repo.photoStats(db, memberId)).count + files.length > PHOTOS_MAX) throw photoError(400, TOO_MANY_PHOTOS);

      const encoded: EncodedPhoto[] = [];
      for (const file of files) encoded.push(await encodePhoto(displayName(file.filename), file.bytes));
      const stored = await storeAll(encoded);

      try {
        const result = await db.transaction(async (tx) => {
          if (!(await repo.lockMember(tx, memberId))) throw new HttpError(401, NOT_SIGNED_IN);
          const { count, newest } = await repo.photoStats(tx, memberId);
          if (count + stored.length > PHOTOS_MAX) throw photoError(400, TOO_MANY_PHOTOS);
          const now = clock.now();
          // Photos are listed oldest first: each new one is stamped after the newest, in upload order.
          const first = Math.max(now.getTime(), newest ? newest.getTime() + 1 : 0);
          await repo.insertPhotos(
            tx,
            stored.map((photo, i) => ({
              userId: memberId,
              storageKey: photo.key,
              width: photo.width,
              height: photo.height,
              createdAt: new Date(first + i),
            })),
          );
          const { awarded } = await recordScoreEvent(tx, {
            userId: memberId,
            category: 'Profile Enhancement',
            points: FIRST_PHOTO_POINTS,
            description: 'Added a profile photo',
            onceKey: 'first-photo',
            at: now,
          });
          return { photos: await repo.listPhotos(tx, memberId), scoreAwarded: awarded };
        });
        return result;
      } catch (error) {
        await removeFiles(stored.map((photo) => photo.key));
        throw error;
      }
    },

    /**
     * Deletes one of the member's photos, named by its id or by its file name (the last segment
     * of its URL). The file goes once the row's deletion has committed, as a removed member's do:
     * a commit that fails keeps both, and no row stays locked over a call to the storage. A file
     * that cannot be removed then is logged, and left to the orphan sweep.
     */
    async remove(memberId: string, photoId: string): Promise<repo.Photo[]> {
      const by = isUuid(photoId) ? { id: photoId.toLowerCase() } : SAFE_KEY.test(photoId) ? { storageKey: photoId } : null;
      if (!by) throw new HttpError(404, PHOTO_NOT_FOUND);
      const key = await repo.deleteOwnPhoto(db, memberId, by);
      if (!key) throw new HttpError(404, PHOTO_NOT_FOUND);
      await removeFiles([key]);
      return repo.listPhotos(db, memberId);
    },

    /** Removes stored files whose rows are gone (an admin's removal of a member); a failure is logged, not thrown. */
    removeFiles,

    /**
     * Part of the hourly prune: stored files older than a day that no photo row, restaurant banner
     * or waiting banner upload names (a crash between a file's put and its row's commit, a removal
     * that failed) are deleted. `batch` files a run, going round the whole storage over the runs.
     * Answers how many went.
     */
    async sweepOrphanFiles(now: Date, batch = ORPHAN_SWEEP_BATCH): Promise<number> {
      const before = now.getTime() - ORPHAN_FILE_AGE_MS;
      const old: string[] = [];
      let seen = 0;
      let last: string | undefined;
      for await (const file of storage.scan(sweptUpTo)) {
        if (file.modifiedAt.getTime() < before) old.push(file.key);
        last = file.key;
        if ((seen += 1) === batch) break;
      }
      sweptUpTo = seen === batch ? last : undefined;
      // Read after the listing: a file listed is over a day old, so any row naming it has committed by now.
      const used = new Set([...(await repo.photoKeysIn(db, old)), ...((await deps.usedElsewhere?.(old)) ?? [])]);
      const orphans = old.filter((key) => !used.has(key));
      await removeFiles(orphans);
      return orphans.length;
    },

    /**
     * Another feature's image (a restaurant banner) through the same pipeline: the type from the
     * bytes, re-encoded to WebP with no metadata, stored under `<prefix><uuid>.webp`, served like a
     * photo. Refusals name `field`. Answers the storage key.
     */
    async storeImage(filename: string, bytes: Buffer, options: { prefix: string; field: string }): Promise<string> {
      const encoded = await encodePhoto(displayName(filename), bytes, options.field);
      const [stored] = await storeAll([encoded], options.prefix);
      return stored!.key;
    },

    /** A photo's stored bytes, streamed, for anyone holding its unguessable URL. */
    async file(key: string): Promise<StoredFile> {
      const file = SAFE_KEY.test(key) ? await storage.open(key) : null;
      if (!file) throw new HttpError(404, PHOTO_NOT_FOUND);
      return file;
    },
  };
}

export type PhotosService = ReturnType<typeof createPhotosService>;
