import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, rename, utimes, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { buffer } from 'node:stream/consumers';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { s3Client, s3Storage, type ObjectStoreSettings } from '#server/platform/storage-s3.ts';
import type { FileStorage } from '#server/platform/storage.ts';

/** The keys s3rver takes (its own account; checksSignatures below checks the secret). */
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
  /** Makes an object look last written at `when` (its LastModified), as if it had been put then. */
  backdate(key: string, when: Date, options?: { bucket?: string; prefix?: string }): Promise<void>;
  close(): Promise<void>;
};

/**
 * A real S3-protocol server (s3rver, from npm) on a free loopback port, keeping its objects in a
 * temp folder, with one bucket made. One per test file; `close()` removes everything.
 */
export async function startS3Server(bucket = 'rendezvous-test'): Promise<S3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  putsWholeObjects(server);
  checksSignatures(server, { [ACCESS_KEY_ID]: SECRET_ACCESS_KEY });
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
    async backdate(key, when, options = {}) {
      const store = (server as unknown as { store: FilesystemStore }).store;
      // s3rver answers the object file's mtime as its LastModified.
      await utimes(store.getResourcePath(options.bucket ?? bucket, `${options.prefix ?? ''}${key}`, 'object'), when, when);
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

type StoredObject = { bucket: string; key: string; content: Buffer | NodeJS.ReadableStream; metadata: Record<string, string> };
type FilesystemStore = {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
  putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
};

/**
 * An S3 PUT replaces the object whole, however many arrive at once. s3rver writes the file in place
 * and answers before the write has ended, so puts of one key at once can leave a mix of them (seen on
 * a loaded machine): that is s3rver's shortcut, not what the storage code under test relies on. Its
 * store is made to do what S3 does: the puts of one key take turns, each writes a temp file renamed
 * over the object, then its metadata, and answers once both are written.
 */
function putsWholeObjects(server: S3rver) {
  const store = (server as unknown as { store: FilesystemStore }).store;
  const turns = new Map<string, Promise<unknown>>();
  store.putObject = (object) => {
    const key = `${object.bucket}/${object.key}`;
    const put = (turns.get(key) ?? Promise.resolve()).catch(() => {}).then(async () => {
      const bytes = Buffer.isBuffer(object.content) ? object.content : await buffer(object.content);
      const md5 = createHash('md5').update(bytes).digest('hex');
      const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
      await mkdir(path.dirname(objectPath), { recursive: true });
      const temp = `${objectPath}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, objectPath);
      await store.putMetadata(object.bucket, object.key, object.metadata, md5);
      return { size: bytes.length, md5 };
    });
    turns.set(key, put);
    void put.finally(() => turns.get(key) === put && turns.delete(key)).catch(() => {});
    return put;
  };
}

type KoaContext = { req: IncomingMessage; status: number; type: string; body: unknown };
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<unknown>) => unknown;

/**
 * s3rver checks the access key of a V4-signed request but not its signature, so a wrong secret key
 * would pass. This checks it as S3 does, answering 403 SignatureDoesNotMatch: the signature of the
 * canonical request (method, path, query, signed headers, the payload's declared hash) with the
 * key derived from the secret. The payload is taken as its x-amz-content-sha256 header declares it.
 * Unsigned requests (a CDN's, reading a public object) and unknown keys go on to s3rver's own checks.
 */
function checksSignatures(server: S3rver, secrets: Record<string, string>) {
  const verify: KoaMiddleware = async (ctx, next) => {
    const header = ctx.req.headers.authorization ?? '';
    const parsed = /^AWS4-HMAC-SHA256 Credential=([^/,]+)\/([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(header);
    const secret = parsed ? secrets[parsed[1]!] : undefined;
    if (!parsed || secret === undefined) return next();
    const [, , scope, signedHeaders, signature] = parsed as unknown as [string, string, string, string, string];
    if (v4Signature(ctx.req, secret, scope, signedHeaders.split(';')) === signature) return next();
    ctx.status = 403;
    ctx.type = 'application/xml';
    ctx.body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided. Check your key and signing method.</Message></Error>';
  };
  // First, before s3rver's own middleware (Koa composes the list when the server starts).
  (server as unknown as { middleware: KoaMiddleware[] }).middleware.unshift(verify);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();
/** URI encoding as SigV4 wants it: RFC 3986, every character but A-Z a-z 0-9 - _ . ~ escaped. */
const uriEncode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** AWS Signature Version 4 of a request as it arrived, for `scope` (date/region/service/aws4_request). */
function v4Signature(request: IncomingMessage, secret: string, scope: string, signedHeaders: string[]): string {
  const url = request.url ?? '/';
  const queryAt = url.indexOf('?');
  // S3 signs the path as sent (encoded once), not normalised or encoded again.
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const query = (queryAt < 0 ? '' : url.slice(queryAt + 1))
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf('=');
      const [name, value] = equals < 0 ? [pair, ''] : [pair.slice(0, equals), pair.slice(equals + 1)];
      return [uriEncode(decodeURIComponent(name)), uriEncode(decodeURIComponent(value))] as const;
    })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headerValue = (name: string) => String(request.headers[name] ?? '').trim().replace(/\s+/g, ' ');
  const canonicalRequest = [
    request.method,
    path,
    query,
    signedHeaders.map((name) => `${name}:${headerValue(name)}`).join('\n'),
    '',
    signedHeaders.join(';'),
    headerValue('x-amz-content-sha256') || sha256(''),
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', headerValue('x-amz-date'), scope, sha256(canonicalRequest)].join('\n');
  const [date, region, service] = scope.split('/') as [string, string, string];
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex');
}
