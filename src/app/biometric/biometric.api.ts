import type { BiometricVerifyResponseSchema, RegistrationOptionsSchema, BiometricVerifyBody } from '#shared/api/biometric.ts';
import { biometricPaths } from '#shared/api/biometric.paths.ts';
import { http, type AnswerOf } from '#app/platform/http.ts';
import { BIOMETRIC_TEXTS } from './biometric-errors.ts';

export const biometricApi = {
  options: () => http.post<AnswerOf<typeof RegistrationOptionsSchema>>(biometricPaths.options, undefined, { fallback: BIOMETRIC_TEXTS.serverFailure }),
  verify: (body: BiometricVerifyBody) => http.post<AnswerOf<typeof BiometricVerifyResponseSchema>>(biometricPaths.verify, body, { fallback: BIOMETRIC_TEXTS.serverFailure }),
};
