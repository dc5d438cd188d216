import { toast } from '#app/platform/ui/toast.store.ts';

/**
 * What a visitor's form (sign in, sign up, forgot password) needs only once it is used: the shared
 * schemas (zod) and the HTTP calls (auth-form-calls.ts). The page hydrates without them (a light
 * first render); the form starts loading them on its first focus, and a submit waits for them.
 */
const load = () => import('./auth-form-calls.ts');

/** For a form's onFocus: starts the download while the visitor types. */
export function preloadAuthCalls() {
  load().catch(() => undefined);
}

/** The calls for a submit; null, with `failure` as a toast, when they cannot be downloaded (offline before they ever loaded). */
export async function authCalls(failure: string) {
  try {
    return await load();
  } catch {
    toast.error(failure);
    return null;
  }
}
