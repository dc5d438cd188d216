import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { s3Client, s3Storage, type ObjectStoreSettings } from '#server/platform/storage-s3.ts';
import type { FileStorage } from '#server/platform/storage.ts';

/** The keys s3rver takes (it checks the access key, not the V4 signature). */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export type S3Server = {
  endpoint: string;
  /** The bucket made at start. */
  bucket: string;
  /** Settings for a bucket of this server (the one made at start unless named), as config.ts makes them. */
  settings(options?: { bucket?: string; prefix?: string }): ObjectStoreSettings;
  /** The environment a server process or command needs to use it: STORAGE_URL and the S3_* variables. */
  env(options?: { bucket?: string; prefix?: string }): Record<string, string>;
  storage(options?: { bucket?: string; prefix?: string }): FileStorage;
  createBucket(name: string): Promise<void>;
  /** Removes a bucket with everything in it. */
  removeBucket(name: string): Promise<void>;
  close(): Promise<void>;
};

/**
 * A real S3-protocol server (s3rver, from npm) on a free loopback port, keeping its objects in a
 * temp folder, with one bucket made. One per test file; `close()` removes everything.
 */
export async function startS3Server(bucket = 'rendezvous-test'): Promise<S3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = (options: { bucket?: string; prefix?: string } = {}): ObjectStoreSettings => ({
    bucket: options.bucket ?? bucket,
    prefix: options.prefix ?? '',
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    forcePathStyle: true,
  });
  const client = s3Client(settings());
  const createBucket = async (name: string) => void (await client.send(new CreateBucketCommand({ Bucket: name })));
  await createBucket(bucket);
  return {
    endpoint,
    bucket,
    settings,
    env: (options = {}) => ({
      STORAGE_URL: `s3://${options.bucket ?? bucket}${options.prefix ? `/${options.prefix.replace(/\/$/, '')}` : ''}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: '1',
    }),
    storage: (options = {}) => s3Storage(settings(options)),
    createBucket,
    async removeBucket(name) {
      for (;;) {
        const page = await client.send(new ListObjectsV2Command({ Bucket: name }));
        const objects = (page.Contents ?? []).map((object) => ({ Key: object.Key! }));
        if (objects.length === 0) break;
        await client.send(new DeleteObjectsCommand({ Bucket: name, Delete: { Objects: objects } }));
      }
      await client.send(new DeleteBucketCommand({ Bucket: name }));
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
