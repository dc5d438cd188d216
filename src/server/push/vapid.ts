import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

/** The server's VAPID identity (RFC 8292): push services check each request was signed with it. */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

export const VAPID_FILE = 'vapid.json';

/** Throws unless the keys are a P-256 pair in base64url and the subject a mailto: or https: URL. */
export function checkVapidKeys(keys: VapidKeys): VapidKeys {
  const publicKey = Buffer.from(keys.publicKey, 'base64url');
  if (!/^[A-Za-z0-9_-]+$/.test(keys.publicKey) || publicKey.length !== 65 || publicKey[0] !== 4)
    throw new Error('VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (65 bytes)');
  if (!/^[A-Za-z0-9_-]+$/.test(keys.privateKey) || Buffer.from(keys.privateKey, 'base64url').length !== 32)
    throw new Error('VAPID_PRIVATE_KEY must be a P-256 private key in base64url (32 bytes)');
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(keys.subject)) throw new Error('VAPID_SUBJECT must be a mailto: or https: URL');
  return keys;
}

/** The address in "Name <address>" (MAIL_FROM) as a mailto: subject. */
export function subjectFromMailFrom(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/**
 * The keys from the environment when given (all three), else the pair kept in DATA_DIR, made on
 * the first start and read on every next one: subscriptions are bound to the public key, so a new
 * pair would silently orphan every device.
 */
export function resolveVapidKeys(options: { fromEnv: VapidKeys | undefined; dataDir: string; subject: string }): {
  keys: VapidKeys;
  source: 'environment' | 'data-dir' | 'generated';
} {
  if (options.fromEnv) return { keys: checkVapidKeys(options.fromEnv), source: 'environment' };
  const file = path.join(options.dataDir, VAPID_FILE);
  const read = () => {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string; subject?: string };
    return checkVapidKeys({ publicKey: kept.publicKey, privateKey: kept.privateKey, subject: kept.subject ?? options.subject });
  };
  try {
    return { keys: read(), source: 'data-dir' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`${file}: ${(error as Error).message}`);
  }
  const pair = webpush.generateVAPIDKeys();
  mkdirSync(options.dataDir, { recursive: true });
  try {
    // 'wx': of two instances starting at once on one DATA_DIR, one writes and the other reads it.
    writeFileSync(file, `${JSON.stringify({ publicKey: pair.publicKey, privateKey: pair.privateKey }, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { keys: read(), source: 'data-dir' };
    throw error;
  }
  return { keys: checkVapidKeys({ ...pair, subject: options.subject }), source: 'generated' };
}
