import path from 'node:path';
import type { Config } from './config.ts';
import { objectStoreFailure, s3Storage } from './storage-s3.ts';
import { folderStorage, type FileStorage } from './storage.ts';

/** What the photo route answers with: the keys are random and never rewritten, so a year, immutable. */
export const STORED_FILE_CACHE_CONTROL = `public, max-age=${365 * 24 * 60 * 60}, immutable`;

/** The uploads' storage the configuration names: the bucket of STORAGE_URL, or else the folder DATA_DIR/photos. */
export function configuredStorage(config: Pick<Config, 'dataDir' | 'objectStore'>): FileStorage {
  if (config.objectStore) return s3Storage({ ...config.objectStore, cacheControl: STORED_FILE_CACHE_CONTROL });
  return folderStorage(path.join(config.dataDir, 'photos'));
}

/** Where the configured storage is, as a person would name it in a message. */
export function storageName(config: Pick<Config, 'dataDir' | 'objectStore'>): string {
  const store = config.objectStore;
  return store ? `s3://${store.bucket}/${store.prefix}` : path.join(config.dataDir, 'photos');
}

/** Null when the configured storage can be used now; else why not, naming the variable to fix. */
export async function storageRefusal(storage: FileStorage, config: Pick<Config, 'dataDir' | 'objectStore'>): Promise<string | null> {
  try {
    await storage.check();
    return null;
  } catch (error) {
    if (config.objectStore) return objectStoreFailure(error, config.objectStore);
    return `DATA_DIR: files cannot be written to ${path.join(config.dataDir, 'photos')} (${(error as Error).message})`;
  }
}
