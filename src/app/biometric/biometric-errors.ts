import { HttpError } from '#shared/http-error.ts';

/** account-and-admin §8: every text the biometric flow shows. */
export const BIOMETRIC_TEXTS = {
  success: 'Biometric verification successful! You are now a verified user.',
  noSensor: 'No biometric sensors (fingerprint/Face ID) found on this device',
  noBrowserSupport: 'Biometric verification is not supported on this device or browser',
  serverFailure: 'Verification failed. Please try again.',
  cancelled: 'Biometric verification was cancelled or denied',
  notSupported: 'Biometric verification is not supported on this device',
  security: 'Security error during biometric verification',
  timeout: 'Biometric verification timed out',
  other: 'Biometric verification failed. Please ensure you have fingerprint/Face ID set up on your device.',
} as const;

/** What the flow throws before it reaches the browser's WebAuthn call. */
export class BiometricUnavailable extends Error {
  readonly reason: 'no-webauthn' | 'no-platform-authenticator';

  constructor(reason: 'no-webauthn' | 'no-platform-authenticator') {
    super(reason);
    this.name = 'BiometricUnavailable';
    this.reason = reason;
  }
}

/**
 * The member's text for whatever stopped the flow: our server's refusal, the device having no
 * WebAuthn or no platform authenticator, or the DOMException navigator.credentials.create()
 * rejected with (@simplewebauthn/browser keeps its name on the WebAuthnError it throws).
 */
export function biometricErrorText(error: unknown): string {
  if (error instanceof HttpError) return BIOMETRIC_TEXTS.serverFailure;
  if (error instanceof BiometricUnavailable) return error.reason === 'no-webauthn' ? BIOMETRIC_TEXTS.noBrowserSupport : BIOMETRIC_TEXTS.noSensor;
  const name = typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : '';
  switch (name) {
    // The member cancelled, refused, or the time-out passed (browsers report all three so).
    case 'NotAllowedError':
      return BIOMETRIC_TEXTS.cancelled;
    // User verification was required and no authenticator here can do it.
    case 'ConstraintError':
      return BIOMETRIC_TEXTS.noSensor;
    case 'NotSupportedError':
      return BIOMETRIC_TEXTS.notSupported;
    case 'SecurityError':
      return BIOMETRIC_TEXTS.security;
    case 'AbortError':
    case 'TimeoutError':
      return BIOMETRIC_TEXTS.timeout;
    // InvalidStateError (this device is already registered), UnknownError and anything else.
    default:
      return BIOMETRIC_TEXTS.other;
  }
}
