import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { assertKey, SAFE_KEY, type FileStorage, type StoredEntry } from './storage.ts';

/** An S3-compatible bucket as configured (STORAGE_URL and the S3_* variables). */
export type ObjectStoreSettings = {
  bucket: string;
  /** Put before every key: '' or ending with '/'. */
  prefix: string;
  /** S3_ENDPOINT; undefined: AWS. */
  endpoint: string | undefined;
  region: string;
  /** undefined: the SDK's default chain (AWS_* variables, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** Sent with every object, so a CDN or the bucket serving it directly answers as the API does. */
  cacheControl?: string;
};

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };
const contentTypeOf = (key: string) => CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

type SdkError = Error & { $metadata?: { httpStatusCode?: number }; code?: string };
const statusOf = (error: unknown) => (error as SdkError).$metadata?.httpStatusCode;
const isMissing = (error: unknown) => (error as Error).name === 'NoSuchKey' || (error as Error).name === 'NotFound' || statusOf(error) === 404;

export function s3Client(settings: ObjectStoreSettings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Other S3 servers (MinIO, Ceph, R2 and older versions of them) do not all take the optional
    // checksums AWS's own SDK sends since 2025; on AWS they stay on.
    ...(settings.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
    // A store that stops answering fails the request rather than hold it (and a photo's <img>) open.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

/** Files as objects of an S3-compatible bucket, under the prefix, with the same keys as the folder. */
export function s3Storage(settings: ObjectStoreSettings, client = s3Client(settings)): FileStorage {
  const { bucket, prefix } = settings;
  const where = (key: string) => ({ Bucket: bucket, Key: `${prefix}${key}` });
  async function open(key: string) {
    if (!SAFE_KEY.test(key)) return null;
    try {
      const answer = await client.send(new GetObjectCommand(where(key)));
      return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }
  /** ListObjectsV2 returns keys in order, a page of up to 1,000 at a time. */
  async function* scan(after?: string): AsyncGenerator<StoredEntry> {
    const from = after === undefined ? {} : { StartAfter: `${prefix}${after}` };
    for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix, ...from })) {
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(prefix.length);
        // An object without a date (no S3 server omits it) counts as new: the sweep never takes it.
        if (key && SAFE_KEY.test(key)) yield { key, modifiedAt: object.LastModified ?? new Date() };
      }
    }
  }
  /**
   * A HEAD's 403 has no body to say why; a GET's has (InvalidAccessKeyId, SignatureDoesNotMatch,
   * AccessDenied), so the start can name the one variable to fix.
   */
  async function whyRefused(headRefusal: unknown): Promise<unknown> {
    try {
      const answer = await client.send(new GetObjectCommand(where('.rendezvous-check')));
      (answer.Body as Readable).destroy();
      return headRefusal;
    } catch (refusal) {
      return statusOf(refusal) === 403 ? refusal : headRefusal;
    }
  }
  return {
    async put(key, bytes) {
      assertKey(key);
      // One PutObject: the object appears whole once the request ends, or not at all.
      await client.send(
        new PutObjectCommand({ ...where(key), Body: bytes, ContentLength: bytes.length, ContentType: contentTypeOf(key), CacheControl: settings.cacheControl }),
      );
    },
    async get(key) {
      const file = await open(key);
      if (!file) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    open,
    async size(key) {
      if (!SAFE_KEY.test(key)) return null;
      try {
        return (await client.send(new HeadObjectCommand(where(key)))).ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand(where(key)));
    },
    async list() {
      const keys: string[] = [];
      for await (const { key } of scan()) keys.push(key);
      return keys;
    },
    scan,
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        throw statusOf(error) === 403 ? await whyRefused(error) : error;
      }
    },
  };
}

/**
 * Why the bucket cannot be used, naming the variable to fix: a start that cannot store photos
 * stops here rather than answer 500 to the first upload.
 */
export function objectStoreFailure(error: unknown, settings: ObjectStoreSettings): string {
  const { name, message, code } = error as SdkError;
  const status = statusOf(error);
  const store = settings.endpoint ?? `AWS (${settings.region})`;
  if (name === 'NoSuchBucket' || name === 'NotFound' || status === 404) return `STORAGE_URL: there is no bucket "${settings.bucket}" at ${store}`;
  if (name === 'SignatureDoesNotMatch') return `S3_SECRET_ACCESS_KEY: ${store} refused the signature made with this secret key`;
  if (name === 'InvalidAccessKeyId') return `S3_ACCESS_KEY_ID: ${store} does not know this access key`;
  if (status === 403)
    return `S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: ${store} refused access to the bucket "${settings.bucket}" (403: wrong keys, or keys without rights on it)`;
  if (status === 301 || name === 'PermanentRedirect' || name === 'AuthorizationHeaderMalformed')
    return `S3_REGION: the bucket "${settings.bucket}" is not in ${settings.region} (S3_REGION must be the bucket's region)`;
  if (name === 'CredentialsProviderError') return `S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: not set, and no AWS credentials were found otherwise (${message})`;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || name === 'TimeoutError')
    return `S3_ENDPOINT: ${store} cannot be reached (${code ?? name})`;
  return `STORAGE_URL: the bucket "${settings.bucket}" at ${store} cannot be used (${name}${status ? ` ${status}` : ''}: ${message})`;
}
