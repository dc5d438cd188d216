/**
 * Biometric verification with WebAuthn (account-and-admin §2, §4, §7, §9). The spec's one call,
 * `POST /users/biometric-verification {verified: true}`, is kept, but a bare claim proves nothing:
 * the body must carry the platform credential's attestation, made against a challenge this server
 * issued through `…/options` (README decision 35).
 */
export const biometricPaths = {
  options: '/users/biometric-verification/options',
  verify: '/users/biometric-verification',
} as const;
