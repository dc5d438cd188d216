import { describe, expect, it } from 'vitest';
import { HttpError } from '#shared/http-error.ts';
import { BIOMETRIC_TEXTS, BiometricUnavailable, biometricErrorText } from './biometric-errors.ts';

const domError = (name: string) => new DOMException('from the browser', name);
/** As @simplewebauthn/browser rethrows it: a WebAuthnError carrying the DOMException's name and the DOMException as cause. */
const wrapped = (name: string) => Object.assign(new Error('wrapped', { cause: domError(name) }), { name, code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' });

describe('biometric error texts (account-and-admin §8)', () => {
  it.each([
    ['NotAllowedError', 'Biometric verification was cancelled or denied'],
    ['NotSupportedError', 'Biometric verification is not supported on this device'],
    ['SecurityError', 'Security error during biometric verification'],
    ['AbortError', 'Biometric verification timed out'],
    ['ConstraintError', 'No biometric sensors (fingerprint/Face ID) found on this device'],
    ['InvalidStateError', 'Biometric verification failed. Please ensure you have fingerprint/Face ID set up on your device.'],
    ['UnknownError', 'Biometric verification failed. Please ensure you have fingerprint/Face ID set up on your device.'],
  ])('%s gives %j, raw or wrapped', (name, text) => {
    expect(biometricErrorText(domError(name))).toBe(text);
    expect(biometricErrorText(wrapped(name))).toBe(text);
  });

  it('a device without WebAuthn, or without a platform authenticator', () => {
    expect(biometricErrorText(new BiometricUnavailable('no-webauthn'))).toBe('Biometric verification is not supported on this device or browser');
    expect(biometricErrorText(new BiometricUnavailable('no-platform-authenticator'))).toBe('No biometric sensors (fingerprint/Face ID) found on this device');
  });

  it("the server's refusal, whatever its reason", () => {
    expect(biometricErrorText(new HttpError(400, 'This verification request has expired or was already used'))).toBe('Verification failed. Please try again.');
    expect(biometricErrorText(new HttpError(0, "You're offline."))).toBe(BIOMETRIC_TEXTS.serverFailure);
  });

  it('anything else', () => {
    expect(biometricErrorText(new TypeError('boom'))).toBe(BIOMETRIC_TEXTS.other);
    expect(biometricErrorText('strange')).toBe(BIOMETRIC_TEXTS.other);
  });
});
