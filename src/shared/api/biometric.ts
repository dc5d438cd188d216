import { z } from 'zod';
import { UserSchema } from './auth.ts';

/**
 * Biometric verification with WebAuthn (account-and-admin §2, §4, §7, §9). The spec's one call,
 * `POST /users/biometric-verification {verified: true}`, is kept, but a bare claim proves nothing:
 * the body must carry the platform credential's attestation, made against a challenge this server
 * issued through `…/options` (decision 35).
 */
export { biometricPaths } from './biometric.paths.ts';

/** 32 random bytes, 60 s (account-and-admin §9). */
export const BIOMETRIC_CHALLENGE_BYTES = 32;
export const BIOMETRIC_TIMEOUT_MS = 60_000;

const base64url = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .min(1, `${name} is required`)
    .max(max, `${name} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} must be base64url`);

/** What `startRegistration()` of @simplewebauthn/browser answers (RegistrationResponseJSON). */
export const RegistrationCredentialSchema = z.object({
  id: base64url('credential.id', 1024),
  rawId: base64url('credential.rawId', 1024),
  type: z.literal('public-key', { error: 'credential.type must be public-key' }),
  response: z.object({
    clientDataJSON: base64url('credential.response.clientDataJSON', 4096),
    attestationObject: base64url('credential.response.attestationObject', 16_384),
    authenticatorData: base64url('credential.response.authenticatorData', 16_384).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url('credential.response.publicKey', 4096).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  // Only what the browser reports about the credential; the server checks no extension.
  clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }).default({}),
});
export type RegistrationCredential = z.infer<typeof RegistrationCredentialSchema>;

export const BiometricVerifyBodySchema = z.object({
  /** The spec's flag; accepted and ignored — only `credential` counts. */
  verified: z.boolean().optional(),
  credential: RegistrationCredentialSchema,
});
export type BiometricVerifyBody = z.input<typeof BiometricVerifyBodySchema>;

export const BiometricVerifyResponseSchema = z.object({ success: z.literal(true), user: UserSchema });

/** The creation options handed to `startRegistration({ optionsJSON })` (PublicKeyCredentialCreationOptionsJSON). */
export const RegistrationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(z.object({ id: z.string(), type: z.literal('public-key'), transports: z.array(z.string()).optional() })).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  hints: z.array(z.string()).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});
export type RegistrationOptions = z.infer<typeof RegistrationOptionsSchema>;

/** Why the server refused (the client shows §8's 'Verification failed. Please try again.' for any of them). */
export const BIOMETRIC_ERRORS = {
  challenge: 'This verification request has expired or was already used',
  failed: 'The device credential could not be verified',
  taken: 'This device credential is already registered',
} as const;
