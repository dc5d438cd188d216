import {
  AuthResponseSchema,
  MeResponseSchema,
  MessageResponseSchema,
  VerifyEmailResponseSchema,
  authPaths,
  type LoginBody,
  type RegisterBody,
} from '#shared/api/auth.ts';
import { OPENED_FRESH_MS } from '#app/platform/fresh.ts';
import { http } from '#app/platform/http.ts';

export { authKeys } from './auth.keys.ts';

type MeAnswer = ReturnType<typeof askMe>;
const askMe = () => http.get(authPaths.me, MeResponseSchema);

/** The last `me()` answer (the session check's, at start) until a page takes it; `at`: when it came. */
let lastMe: { answer: MeAnswer; at: number | null } | null = null;

export const authApi = {
  register: (body: RegisterBody) => http.post(authPaths.register, AuthResponseSchema, body, { fallback: 'Registration failed' }),
  login: (body: LoginBody) => http.post(authPaths.login, AuthResponseSchema, body, { fallback: 'Login failed' }),
  logout: () => http.post(authPaths.logout, MessageResponseSchema),
  me: () => {
    const kept = { answer: askMe(), at: null as number | null };
    lastMe = kept;
    kept.answer.then(
      () => (kept.at = Date.now()),
      () => lastMe === kept && (lastMe = null),
    );
    return kept.answer;
  },
  /**
   * The member's record for their own page (decision 54): the last `me()` answer if it is still
   * coming or came less than a few seconds ago (the page opened at start, with the session check),
   * taken once; otherwise asked afresh.
   */
  ownRecord: (): MeAnswer => {
    const kept = lastMe;
    lastMe = null;
    return kept && (kept.at === null || Date.now() - kept.at < OPENED_FRESH_MS) ? kept.answer : askMe();
  },
  verifyEmail: (token: string) => http.post(authPaths.verifyEmail, VerifyEmailResponseSchema, { token }, { fallback: 'Verification failed' }),
  resendVerification: () => http.post(authPaths.resendVerification, MessageResponseSchema, undefined, { fallback: 'Failed to resend email' }),
  forgotPassword: (email: string) =>
    http.post(authPaths.forgotPassword, MessageResponseSchema, { email }, { fallback: 'Something went wrong. Please try again.' }),
  resetPassword: (token: string, password: string) =>
    http.post(authPaths.resetPassword, MessageResponseSchema, { token, password }, { fallback: 'Password reset failed. Please try again.' }),
};
