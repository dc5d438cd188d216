import { createHash, randomBytes } from 'node:crypto';

/** Opaque bearer and link tokens: 32 random bytes out, only their SHA-256 kept. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newReferralCode(): string {
  return randomBytes(6).toString('base64url').replace(/[-_]/g, 'x').toUpperCase();
}
