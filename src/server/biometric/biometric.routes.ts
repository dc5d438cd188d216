import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BiometricVerifyBodySchema, BiometricVerifyResponseSchema, RegistrationOptionsSchema, biometricPaths } from '#shared/api/biometric.ts';
import { requireMember } from '../platform/auth.ts';
import type { BiometricService } from './biometric.service.ts';

/** Signed-in members, e-mail verified or not: the biometric block is on /profile (account-and-admin §6). */
export const biometricRoutes =
  (biometric: BiometricService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(biometricPaths.options, { schema: { response: { 200: RegistrationOptionsSchema } } }, async (request) =>
      biometric.registrationOptions(requireMember(request).id),
    );

    app.post(biometricPaths.verify, { config: { errors: [409] }, schema: { body: BiometricVerifyBodySchema, response: { 200: BiometricVerifyResponseSchema } } }, async (request) => ({
      success: true as const,
      user: await biometric.verify(requireMember(request).id, request.body.credential),
    }));
  };
