import type { AuthResponseSchema, MeResponseSchema, MessageResponseSchema, VerifyEmailResponseSchema, LoginBody, RegisterBody } from '#shared/api/auth.ts';
import { apiUrl } from '#shared/api/api-prefix.ts';
import { authPaths } from '#shared/api/auth.paths.ts';
import { OPENED_FRESH_MS } from '#app/platform/fresh.ts';
import { changeCount, http, type AnswerOf } from '#app/platform/http.ts';
import { useSession } from '#app/platform/session.store.ts';
import { shellAnswerOr } from '#app/platform/shell-answer.ts';

export { authKeys } from './auth.keys.ts';

type MeAnswer = ReturnType<typeof askMe>;
/** The member's record's address, which the shell's head script asks for on a cold /profile. */
export const meUrl = () => apiUrl(authPaths.me);
const askMe = () => http.get<AnswerOf<typeof MeResponseSchema>>(authPaths.me);

/** The session check's answer until the member's own page takes it; `at`: when it came; `changes`: the app's changes asked before it. */
let checked: { answer: MeAnswer; at: number | null; changes: number } | null = null;
/** A change of member: the session check's answer no longer speaks for the one signed in. */
const forgettingCheck = <T>(call: T): T => ((checked = null), call);

export const authApi = {
  register: (body: RegisterBody) => forgettingCheck(http.post<AnswerOf<typeof AuthResponseSchema>>(authPaths.register, body, { fallback: 'Registration failed' })),
  login: (body: LoginBody) => forgettingCheck(http.post<AnswerOf<typeof AuthResponseSchema>>(authPaths.login, body, { fallback: 'Login failed' })),
  logout: () => forgettingCheck(http.post<AnswerOf<typeof MessageResponseSchema>>(authPaths.logout)),
  /** The member's record as the server has it now. */
  me: (): MeAnswer => {
    checked = null;
    return askMe();
  },
  /**
   * The session check at start: its answer also serves the member's own page opened with it. On a
   * cold /profile the shell has already asked (src/shared/head-script.ts): its answer is this one.
   */
  check: (): MeAnswer => {
    const kept = { answer: shellAnswerOr(meUrl(), askMe), at: null as number | null, changes: changeCount() };
    checked = kept;
    kept.answer.then(
      () => (kept.at = Date.now()),
      () => checked === kept && (checked = null),
    );
    return kept.answer;
  },
  /**
   * The member's record for their own page (decision 53): the session check's answer if it is still
   * coming or came less than a few seconds ago (the page opened at start) and the member has changed
   * nothing since (a payment, a saved profile: the record may have moved), taken once; otherwise
   * asked afresh.
   */
  ownRecord: (): MeAnswer => {
    const kept = checked;
    checked = null;
    const fresh = kept && kept.changes === changeCount() && (kept.at === null || Date.now() - kept.at < OPENED_FRESH_MS);
    return fresh ? kept.answer : askMe();
  },
  verifyEmail: (token: string) => http.post<AnswerOf<typeof VerifyEmailResponseSchema>>(authPaths.verifyEmail, { token }, { fallback: 'Verification failed' }),
  resendVerification: () => http.post<AnswerOf<typeof MessageResponseSchema>>(authPaths.resendVerification, undefined, { fallback: 'Failed to resend email' }),
  forgotPassword: (email: string) =>
    http.post<AnswerOf<typeof MessageResponseSchema>>(authPaths.forgotPassword, { email }, { fallback: 'Something went wrong. Please try again.' }),
  resetPassword: (token: string, password: string) =>
    http.post<AnswerOf<typeof MessageResponseSchema>>(authPaths.resetPassword, { token, password }, { fallback: 'Password reset failed. Please try again.' }),
};

/** Sign out: the server revokes the session; the device forgets it even when that call fails. */
export async function endSession(): Promise<void> {
  await authApi.logout().catch(() => undefined);
  useSession.getState().clear();
}
