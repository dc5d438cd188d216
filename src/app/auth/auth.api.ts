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

/** The session check's answer until the member's own page takes it; `at`: when it came. */
let checked: { answer: MeAnswer; at: number | null } | null = null;
/** A change of member: the session check's answer no longer speaks for the one signed in. */
const forgettingCheck = <T>(call: T): T => ((checked = null), call);

export const authApi = {
  register: (body: RegisterBody) => forgettingCheck(http.post(authPaths.register, AuthResponseSchema, body, { fallback: 'Registration failed' })),
  login: (body: LoginBody) => forgettingCheck(http.post(authPaths.login, AuthResponseSchema, body, { fallback: 'Login failed' })),
  logout: () => forgettingCheck(http.post(authPaths.logout, MessageResponseSchema)),
  /** The member's record as the server has it now. */
  me: (): MeAnswer => {
    checked = null;
    return askMe();
  },
  /** The session check at start: its answer also serves the member's own page opened with it. */
  check: (): MeAnswer => {
    const kept = { answer: askMe(), at: null as number | null };
    checked = kept;
    kept.answer.then(
      () => (kept.at = Date.now()),
      () => checked === kept && (checked = null),
    );
    return kept.answer;
  },
  /**
   * The member's record for their own page (decision 53): the session check's answer if it is still
   * coming or came less than a few seconds ago (the page opened at start), taken once; otherwise
   * asked afresh.
   */
  ownRecord: (): MeAnswer => {
    const kept = checked;
    checked = null;
    return kept && (kept.at === null || Date.now() - kept.at < OPENED_FRESH_MS) ? kept.answer : askMe();
  },
  verifyEmail: (token: string) => http.post(authPaths.verifyEmail, VerifyEmailResponseSchema, { token }, { fallback: 'Verification failed' }),
  resendVerification: () => http.post(authPaths.resendVerification, MessageResponseSchema, undefined, { fallback: 'Failed to resend email' }),
  forgotPassword: (email: string) =>
    http.post(authPaths.forgotPassword, MessageResponseSchema, { email }, { fallback: 'Something went wrong. Please try again.' }),
  resetPassword: (token: string, password: string) =>
    http.post(authPaths.resetPassword, MessageResponseSchema, { token, password }, { fallback: 'Password reset failed. Please try again.' }),
};
