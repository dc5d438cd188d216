import { constants } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. A folder today; an object store could stand behind the same calls. */
export type FileStorage = {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Every key held, in no set order (backups copy them all). */
  list(): Promise<string[]>;
  /** Throws when files cannot be stored now (readiness: GET /api/ready). */
  check(): Promise<void>;
};

/** Keys are plain file names: letters, digits, dash, underscore, one dot. Nothing can climb out. */
export const SAFE_KEY = /^[A-Za-z0-9_-]{1,100}\.[a-z0-9]{2,5}$/;

function assertKey(key: string) {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
}

/** Files in a folder; writes land under a temporary name first, so a reader never sees half a file. */
export function folderStorage(dir: string): FileStorage {
  const ready = mkdir(dir, { recursive: true });
  return {
    async put(key, bytes) {
      assertKey(key);
      await ready;
      const temporary = path.join(dir, `.${key}.${process.pid}.tmp`);
      await writeFile(temporary, bytes);
      await rename(temporary, path.join(dir, key));
    },
    async get(key) {
      if (!SAFE_KEY.test(key)) return null;
      await ready;
      return readFile(path.join(dir, key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
    },
    async delete(key) {
      assertKey(key);
      await rm(path.join(dir, key), { force: true });
    },
    async list() {
      await ready;
      return (await readdir(dir)).filter((name) => SAFE_KEY.test(name));
    },
    async check() {
      await ready;
      await access(dir, constants.W_OK);
    },
  };
}
