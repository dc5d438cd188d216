import { BiometricVerifyResponseSchema, RegistrationOptionsSchema, biometricPaths, type BiometricVerifyBody } from '#shared/api/biometric.ts';
import { http } from '#app/platform/http.ts';
import { BIOMETRIC_TEXTS } from './biometric-errors.ts';

export const biometricApi = {
  options: () => http.post(biometricPaths.options, RegistrationOptionsSchema, undefined, { fallback: BIOMETRIC_TEXTS.serverFailure }),
  verify: (body: BiometricVerifyBody) => http.post(biometricPaths.verify, BiometricVerifyResponseSchema, body, { fallback: BIOMETRIC_TEXTS.serverFailure }),
};
