import {
  AuthResponseSchema,
  MeResponseSchema,
  MessageResponseSchema,
  VerifyEmailResponseSchema,
  authPaths,
  type LoginBody,
  type RegisterBody,
} from '#shared/api/auth.ts';
import { http } from '#app/platform/http.ts';

export { authKeys } from './auth.keys.ts';

export const authApi = {
  register: (body: RegisterBody) => http.post(authPaths.register, AuthResponseSchema, body, { fallback: 'Registration failed' }),
  login: (body: LoginBody) => http.post(authPaths.login, AuthResponseSchema, body, { fallback: 'Login failed' }),
  logout: () => http.post(authPaths.logout, MessageResponseSchema),
  me: () => http.get(authPaths.me, MeResponseSchema),
  verifyEmail: (token: string) => http.post(authPaths.verifyEmail, VerifyEmailResponseSchema, { token }, { fallback: 'Verification failed' }),
  resendVerification: () => http.post(authPaths.resendVerification, MessageResponseSchema, undefined, { fallback: 'Failed to resend email' }),
  forgotPassword: (email: string) =>
    http.post(authPaths.forgotPassword, MessageResponseSchema, { email }, { fallback: 'Something went wrong. Please try again.' }),
  resetPassword: (token: string, password: string) =>
    http.post(authPaths.resetPassword, MessageResponseSchema, { token, password }, { fallback: 'Password reset failed. Please try again.' }),
};
