import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt, memory-hard and built into Node. Stored as `scrypt$N$r$p$salt$hash`: a hash names its own
 * cost, so a check works whatever cost made it.
 */
const COSTS = {
  /** N=2^15, r=8, p=1: about 120 ms of CPU per hash. */
  standard: { n: 2 ** 15, r: 8, p: 1 },
  /** Tests only (TEST_FAST_PASSWORDS=1): N=2^10, about 4 ms. The suites register thousands of members. */
  fast: { n: 2 ** 10, r: 8, p: 1 },
} as const;
export type PasswordCost = keyof typeof COSTS;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: 128 * n * r * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export function createPasswords(cost: PasswordCost = 'standard') {
  const { n, r, p } = COSTS[cost];

  async function hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, n, r, p);
    return ['scrypt', n, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async function verify(password: string, stored: string): Promise<boolean> {
    const [scheme, storedN, storedR, storedP, salt, expectedText] = stored.split('$');
    if (scheme !== 'scrypt' || !storedN || !storedR || !storedP || !salt || !expectedText) return false;
    const expected = Buffer.from(expectedText, 'base64url');
    const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(storedN), Number(storedR), Number(storedP));
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /** A hash of a random password, made at once: checking against it costs the same as a real check, the first time too. */
  const decoy = hash(randomBytes(16).toString('hex'));

  return { hash, verify, decoyHash: () => decoy };
}
