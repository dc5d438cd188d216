/**
 * What a visitor's form (sign in, sign up, forgot password) needs only once it is used: the shared
 * schemas (zod) and the HTTP calls (auth-form-calls.ts). The page hydrates without them (a light
 * first render); the form starts loading them on its first focus, and a submit waits for them.
 */
export const authCalls = () => import('./auth-form-calls.ts');

/** For a form's onFocus: starts the download while the visitor types. */
export function preloadAuthCalls() {
  void authCalls();
}
