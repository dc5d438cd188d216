import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { ObjectStoreSettings } from './storage-s3.ts';

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const urlText = (name: string, protocols: string[]) =>
  optionalText.refine(
    (value) => value === undefined || protocols.some((protocol) => value.startsWith(protocol)),
    `${name} must start with ${protocols.join(' or ')}`,
  );

const BACKUP_KEEP_RANGE = 'BACKUP_KEEP must be a whole number from 0 to 365';
const DRAIN_RANGE = 'DRAIN_SECONDS must be a whole number from 0 to 300';
const TRUST_PROXY_FORMAT = 'TRUST_PROXY must be a comma-separated list of the proxies\' addresses (IPv4 or IPv6, optionally with a /prefix), such as 127.0.0.1,10.0.0.0/8';

/** An IP address, optionally with a CIDR prefix length that fits it. */
function isAddressOrRange(text: string): boolean {
  const [address, prefix, ...rest] = text.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}
const POOL_SIZE_RANGE = 'DATABASE_POOL_SIZE must be a whole number from 1 to 100';
const REGISTRATIONS_RANGE = 'REGISTRATIONS_PER_IP must be a whole number from 1 to 100000';

/** s3://bucket or s3://bucket/prefix: a bucket name as S3 allows it, a prefix of plain path segments. */
const STORAGE_URL_FORM = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/((?:(?!\.{1,2}\/)[A-Za-z0-9_.-]+\/)*(?!\.{1,2}\/?$)[A-Za-z0-9_.-]+)?\/?)?$/;
const STORAGE_URL_MESSAGE = 'STORAGE_URL must be s3://bucket or s3://bucket/prefix (bucket: 3 to 63 lowercase letters, digits, dots and dashes; prefix: folders of letters, digits, dot, dash, underscore)';
/** Read only with STORAGE_URL: set without it, they would be silently ignored. */
const OBJECT_STORE_VARIABLES = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'STORAGE_PUBLIC_URL'] as const;

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: urlText('DATABASE_URL', ['postgres://', 'postgresql://']),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: POOL_SIZE_RANGE })
    .refine((size) => Number.isInteger(size) && size >= 1 && size <= 100, POOL_SIZE_RANGE)
    .optional(),
  SMTP_URL: urlText('SMTP_URL', ['smtp://', 'smtps://']),
  MAIL_FROM: z.string().trim().min(3).default('Rendezvous <no-reply@rendezvous.local>'),
  PUBLIC_URL: urlText('PUBLIC_URL', ['http://', 'https://']),
  ADMIN_EMAILS: z.string().default(''),
  SUPPORT_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'SUPPORT_EMAIL must be an e-mail address' }))
    .default('support@rendezvous.local'),
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText,
  PUSH_ALLOWED_HOSTS: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_MEMBERS: z.enum(['0', '1'], { error: 'DEMO_MEMBERS must be 0 or 1' }).default('1'),
  TEST_CLOCK: z.enum(['0', '1'], { error: 'TEST_CLOCK must be 0 or 1' }).default('0'),
  TEST_FAST_PASSWORDS: z.enum(['0', '1'], { error: 'TEST_FAST_PASSWORDS must be 0 or 1' }).default('0'),
  REGISTRATIONS_PER_IP: z.coerce
    .number({ error: REGISTRATIONS_RANGE })
    .refine((max) => Number.isInteger(max) && max >= 1 && max <= 100_000, REGISTRATIONS_RANGE)
    .optional(),
  BACKUP_KEEP: z.coerce
    .number({ error: BACKUP_KEEP_RANGE })
    .refine((keep) => Number.isInteger(keep) && keep >= 0 && keep <= 365, BACKUP_KEEP_RANGE)
    .default(7),
  TRUST_PROXY: optionalText
    .transform((value) => (value === undefined ? [] : value.split(',').map((part) => part.trim())))
    .refine((parts) => parts.every(isAddressOrRange), TRUST_PROXY_FORMAT),
  DRAIN_SECONDS: z.coerce
    .number({ error: DRAIN_RANGE })
    .refine((seconds) => Number.isInteger(seconds) && seconds >= 0 && seconds <= 300, DRAIN_RANGE)
    .default(0),
  STORAGE_URL: optionalText.refine((value) => value === undefined || STORAGE_URL_FORM.test(value), STORAGE_URL_MESSAGE),
  S3_ENDPOINT: urlText('S3_ENDPOINT', ['http://', 'https://']),
  S3_REGION: optionalText.refine((value) => value === undefined || /^[a-z0-9-]{2,40}$/.test(value), 'S3_REGION must be a region name such as us-east-1 (lowercase letters, digits, dashes)'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.enum(['0', '1'], { error: 'S3_FORCE_PATH_STYLE must be 0 or 1' }).optional(),
  STORAGE_PUBLIC_URL: urlText('STORAGE_PUBLIC_URL', ['http://', 'https://']),
}).superRefine((env, context) => {
  const vapid = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT];
  if (vapid.some(Boolean) && !vapid.every(Boolean))
    context.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message: 'set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together, or none of them' });
  if (!env.STORAGE_URL) {
    for (const name of OBJECT_STORE_VARIABLES)
      if (env[name] !== undefined) context.addIssue({ code: 'custom', path: [name], message: `${name} is read only with STORAGE_URL=s3://…: set STORAGE_URL, or remove ${name}` });
    return;
  }
  if (!env.S3_ENDPOINT && !env.S3_REGION)
    context.addIssue({ code: 'custom', path: ['S3_REGION'], message: "S3_REGION is needed on AWS (no S3_ENDPOINT): the bucket's region, such as us-east-1" });
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    context.addIssue({
      code: 'custom',
      path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together, or neither (then the AWS SDK looks for credentials itself)',
    });
});

/** The bucket STORAGE_URL names, with the S3_* settings; undefined without STORAGE_URL. */
function objectStoreOf(e: z.infer<typeof EnvSchema>): (ObjectStoreSettings & { publicUrl: string | undefined }) | undefined {
  const match = e.STORAGE_URL ? STORAGE_URL_FORM.exec(e.STORAGE_URL) : null;
  if (!match) return undefined;
  return {
    bucket: match[1]!,
    prefix: match[2] ? `${match[2]}/` : '',
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    // Servers other than AWS mostly ignore the region, but the SDK signs with one.
    region: e.S3_REGION ?? 'us-east-1',
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === '1',
    publicUrl: e.STORAGE_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections to DATABASE_URL the server keeps at most; undefined: the pool's default (the embedded database has one). */
  databasePoolSize: number | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  adminEmails: Set<string>;
  /** Where contact messages and careers applications are mailed. */
  supportEmail: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Add fictional members to a new embedded database; never with DATABASE_URL. */
  demoMembers: boolean;
  /** Daily backups of the embedded database kept in DATA_DIR/backups; 0: none made. */
  backupKeep: number;
  /** On SIGTERM, how long GET /api/ready answers 503 (draining) before the server closes. */
  drainSeconds: number;
  /** The proxies whose X-Forwarded-For names the client (empty: the connection's address is the client's). */
  trustProxy: string[];
  /** Browser tests only: an adjustable clock and POST /api/test/clock to move it. */
  testClock: boolean;
  /** Tests only: passwords hashed at a low cost, as the suites register thousands of members. */
  fastPasswords: boolean;
  /**
   * Accounts one client address may open per hour; undefined: the auth feature's limit (5). The
   * browser and process tests, which register every member from 127.0.0.1, raise it.
   */
  registrationsPerIp: number | undefined;
  /** VAPID_*: all three, or undefined (then the push feature keeps a generated pair in DATA_DIR). */
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
  /** PUSH_ALLOWED_HOSTS as given (a comma list); undefined means the push feature's defaults. */
  pushAllowedHosts: string | undefined;
  /**
   * STORAGE_URL and the S3_* variables: uploads go to this bucket; undefined: the folder
   * DATA_DIR/photos. `publicUrl` (STORAGE_PUBLIC_URL) is where photos are then shown from, if not the API.
   */
  objectStore: (ObjectStoreSettings & { publicUrl: string | undefined }) | undefined;
};

/** Reads the environment; a bad value stops the start with one line per variable at fault. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    adminEmails: parseEmailList(e.ADMIN_EMAILS),
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    demoMembers: e.DEMO_MEMBERS === '1' && !e.DATABASE_URL,
    testClock: e.TEST_CLOCK === '1',
    fastPasswords: e.TEST_FAST_PASSWORDS === '1',
    registrationsPerIp: e.REGISTRATIONS_PER_IP,
    backupKeep: e.BACKUP_KEEP,
    drainSeconds: e.DRAIN_SECONDS,
    trustProxy: e.TRUST_PROXY,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && e.VAPID_SUBJECT
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT }
        : undefined,
    pushAllowedHosts: e.PUSH_ALLOWED_HOSTS,
    objectStore: objectStoreOf(e),
  };
}

export function parseEmailList(list: string): Set<string> {
  return new Set(
    list
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** For a command: the configuration, or the process stops with what is wrong in it. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
