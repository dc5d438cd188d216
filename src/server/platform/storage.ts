import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, opendir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { HOUR_MS } from '#shared/domain/durations.ts';

/** A stored file being read: its bytes as a stream, and how many there are. */
export type StoredFile = { stream: Readable; size: number };

/** A key held, and when its bytes were last written (the folder's mtime, the object's LastModified). */
export type StoredEntry = { key: string; modifiedAt: Date };

/** Where uploaded files live: a folder (the default) or an object store (storage-s3.ts). */
export type FileStorage = {
  /** Replaces the whole file at once: a reader sees the old bytes or the new ones, never a mix. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** The bytes streamed (served without holding the file in memory), or null when there is no such file. */
  open(key: string): Promise<StoredFile | null>;
  /** The file's size in bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** Every key held, in no set order (backups copy them all). */
  list(): Promise<string[]>;
  /**
   * The keys held with their ages, in key order, from the first key after `after` (from the start
   * when omitted); read a page at a time, so a caller that stops early (the orphan sweep) has not
   * listed the rest.
   */
  scan(after?: string): AsyncIterable<StoredEntry>;
  /** Throws when files cannot be stored now (readiness: GET /api/ready). */
  check(): Promise<void>;
};

/** Keys are plain file names: letters, digits, dash, underscore, one dot. Nothing can climb out. */
export const SAFE_KEY = /^[A-Za-z0-9_-]{1,100}\.[a-z0-9]{2,5}$/;

export function assertKey(key: string) {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
}

const orNullWhenMissing = (error: NodeJS.ErrnoException) => {
  if (error.code === 'ENOENT') return null;
  throw error;
};

/** A put's temporary file, `.<key>.<uuid>.tmp`. */
const TEMPORARY_NAME = /^\.[A-Za-z0-9_.-]+\.tmp$/;

/** A temporary file this old was left by a process that died between writing and renaming it (a put takes seconds). */
export const ABANDONED_WRITE_MS = HOUR_MS;

/** Removes the temporaries that processes killed mid-put left behind; a put under way elsewhere is younger. */
async function removeAbandonedWrites(dir: string): Promise<void> {
  const before = Date.now() - ABANDONED_WRITE_MS;
  for await (const entry of await opendir(dir)) {
    if (!TEMPORARY_NAME.test(entry.name)) continue;
    const file = path.join(dir, entry.name);
    const found = await stat(file).catch(orNullWhenMissing);
    if (found && found.mtimeMs < before) await rm(file, { force: true });
  }
}

/**
 * Files in a folder; writes land under a temporary name first, so a reader never sees half a file.
 * Opening it (a server's start, after a crash) removes the temporaries abandoned writes left.
 */
export function folderStorage(dir: string): FileStorage {
  const ready = mkdir(dir, { recursive: true }).then(() => removeAbandonedWrites(dir));
  return {
    async put(key, bytes) {
      assertKey(key);
      await ready;
      // Unique per write: two puts of one key at once must not share (and interleave in) one file.
      const temporary = path.join(dir, `.${key}.${randomUUID()}.tmp`);
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, path.join(dir, key));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      if (!SAFE_KEY.test(key)) return null;
      await ready;
      return readFile(path.join(dir, key)).catch(orNullWhenMissing);
    },
    async open(key) {
      if (!SAFE_KEY.test(key)) return null;
      await ready;
      const handle = await open(path.join(dir, key), 'r').catch(orNullWhenMissing);
      if (!handle) return null;
      try {
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async size(key) {
      if (!SAFE_KEY.test(key)) return null;
      await ready;
      const found = await stat(path.join(dir, key)).catch(orNullWhenMissing);
      return found ? found.size : null;
    },
    async delete(key) {
      assertKey(key);
      await rm(path.join(dir, key), { force: true });
    },
    async list() {
      await ready;
      return (await readdir(dir)).filter((name) => SAFE_KEY.test(name));
    },
    async *scan(after) {
      await ready;
      // A folder removed under the server (readiness tells of it) holds nothing to go through.
      const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
      for (const key of names.filter((name) => SAFE_KEY.test(name) && (after === undefined || name > after)).sort()) {
        const found = await stat(path.join(dir, key)).catch(orNullWhenMissing);
        if (found) yield { key, modifiedAt: found.mtime };
      }
    },
    async check() {
      await ready;
      await access(dir, constants.W_OK);
    },
  };
}
