import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/*
 * A software platform authenticator for the API suite: an ES256 (P-256) key from node:crypto,
 * 'none' attestation, authenticator data with the UP, UV and AT flags, the public key as a COSE
 * map. It answers what a browser's navigator.credentials.create() (through @simplewebauthn/browser)
 * would send, so the server's real verification runs on it.
 */

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));

export type AttestOptions = {
  /** The challenge as the server's options give it (base64url). */
  challenge: string;
  rpId: string;
  origin: string;
  /** Default true: the user was verified (fingerprint, face). */
  userVerified?: boolean;
  userPresent?: boolean;
  type?: string;
};

export type SoftwareAuthenticator = ReturnType<typeof softwareAuthenticator>;

export function softwareAuthenticator() {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const x = isoBase64URL.toBuffer(jwk.x!);
  const y = isoBase64URL.toBuffer(jwk.y!);
  const credentialId = new Uint8Array(randomBytes(32));
  // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
  const coseKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, x],
      [-3, y],
    ]),
  );

  return {
    credentialId: b64url(credentialId),
    /** The registration response (RegistrationResponseJSON) for these options. */
    attest(options: AttestOptions) {
      const clientDataJSON = new TextEncoder().encode(
        JSON.stringify({ type: options.type ?? 'webauthn.create', challenge: options.challenge, origin: options.origin, crossOrigin: false }),
      );
      const flags = (options.userPresent === false ? 0 : FLAG_UP) | (options.userVerified === false ? 0 : FLAG_UV) | FLAG_AT;
      const idLength = new Uint8Array([credentialId.length >> 8, credentialId.length & 0xff]);
      const authData = Buffer.concat([
        sha256(options.rpId),
        Buffer.from([flags]),
        Buffer.from([0, 0, 0, 0]), // signature counter
        Buffer.alloc(16), // AAGUID: none
        idLength,
        credentialId,
        coseKey,
      ]);
      const attestation = new Map<string, Parameters<typeof isoCBOR.encode>[0]>();
      attestation.set('fmt', 'none');
      attestation.set('attStmt', new Map());
      attestation.set('authData', new Uint8Array(authData));
      const attestationObject = isoCBOR.encode(attestation);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
      };
    },
  };
}
