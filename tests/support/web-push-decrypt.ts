import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';

/** A browser's side of a push subscription: its P-256 key pair and auth secret (RFC 8291). */
export type BrowserKeys = { ecdh: ECDH; auth: Buffer; p256dh: string; authText: string };

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString('base64url'), authText: auth.toString('base64url') };
}

/** A PushSubscription.toJSON() as a browser would send it. */
export const subscriptionJson = (endpoint: string, keys: BrowserKeys) => ({ endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.authText } });

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * Decrypts a Web Push message body as the browser does: RFC 8188 aes128gcm framing with the keys
 * of RFC 8291. Written here from the RFCs (node:crypto only), independent of the web-push package.
 */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const serverPublicKey = body.subarray(21, 21 + keyIdLength);
  const ciphertext = body.subarray(21 + keyIdLength);
  if (keyIdLength !== 65) throw new Error(`keyid must be the sender's 65-byte public key, got ${keyIdLength}`);
  if (ciphertext.length > recordSize) throw new Error('one record expected');

  const sharedSecret = keys.ecdh.computeSecret(serverPublicKey);
  // RFC 8291 §3.4: IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" || 0x00 || ua_public || as_public, 32)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublicKey]);
  const ikm = hkdf(sharedSecret, keys.auth, keyInfo, 32);
  // RFC 8188 §2.2, 2.3: content-encryption key and nonce from the salt.
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('missing the last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks a `vapid t=<JWT>, k=<key>` Authorization header (RFC 8292): the key is the server's, the
 * ES256 signature verifies with it, and the claims name this push service's origin. Returns the claims.
 */
export function verifyVapid(header: string | undefined, expected: { publicKey: string; audience: string; nowS: number }) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== expected.publicKey) throw new Error('k is not the server’s public key');
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString());
  if (header_.alg !== 'ES256') throw new Error(`alg ${header_.alg}`);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (body.aud !== expected.audience) throw new Error(`aud ${body.aud} is not ${expected.audience}`);
  if (!(body.exp > expected.nowS && body.exp <= expected.nowS + 24 * 3600)) throw new Error(`exp ${body.exp} out of range`);
  return body;
}
