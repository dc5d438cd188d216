import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthResponseSchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  MeResponseSchema,
  MessageResponseSchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  TokenBodySchema,
  VerifyEmailResponseSchema,
  authPaths,
} from '#shared/api/auth.ts';
import { requireMember } from '../platform/auth.ts';
import { FORGOT_ANSWER, type AuthService } from './auth.service.ts';

export const authRoutes =
  (auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    const open = { public: true };

    app.post(
      authPaths.register,
      { config: { ...open, errors: [409, 429] }, schema: { body: RegisterBodySchema, response: { 201: AuthResponseSchema } } },
      async (request, reply) => reply.code(201).send(await auth.register(request.body, request.ip)),
    );

    app.post(
      authPaths.login,
      { config: { ...open, errors: [401, 403, 429] }, schema: { body: LoginBodySchema, response: { 200: AuthResponseSchema } } },
      async (request) => auth.login(request.body, request.ip),
    );

    app.post(authPaths.logout, { schema: { response: { 200: MessageResponseSchema } } }, async (request) => {
      await auth.logout(requireMember(request));
      return { success: true, message: 'Signed out' };
    });

    app.get(authPaths.me, { schema: { response: { 200: MeResponseSchema } } }, async (request) => ({
      user: await auth.me(requireMember(request)),
    }));

    app.post(
      authPaths.verifyEmail,
      { config: open, schema: { body: TokenBodySchema, response: { 200: VerifyEmailResponseSchema } } },
      async (request) => {
        const user = await auth.verifyEmail(request.body.token);
        return { success: true, message: 'Email verified', user: request.member?.id === user._id ? user : undefined };
      },
    );

    app.post(authPaths.resendVerification, { config: { errors: [429] }, schema: { response: { 200: MessageResponseSchema } } }, async (request) => {
      await auth.resendVerification(requireMember(request));
      return { success: true, message: 'Verification email sent! Check your inbox.' };
    });

    app.post(
      authPaths.forgotPassword,
      { config: { ...open, errors: [429] }, schema: { body: ForgotPasswordBodySchema, response: { 200: MessageResponseSchema } } },
      async (request) => {
        await auth.forgotPassword(request.body.email, request.ip);
        return { success: true, message: FORGOT_ANSWER };
      },
    );

    app.post(
      authPaths.resetPassword,
      { config: { ...open, errors: [429] }, schema: { body: ResetPasswordBodySchema, response: { 200: MessageResponseSchema } } },
      async (request) => {
        await auth.resetPassword(request.body.token, request.body.password, request.ip);
        return { success: true, message: 'Password reset successfully! You can now login with your new password.' };
      },
    );
  };
