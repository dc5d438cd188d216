import { SHELL_FIRST_PAGE } from '#shared/shell-first-page.ts';

/**
 * The first data of the page at the start address, which the shell's head script asked for before
 * the app's code arrived and drew into the page's skeleton (src/shared/head-script.ts, decisions 64
 * and 81): its address, the answer (null when the call failed: the app then asks itself, and shows
 * what goes wrong), and `data` once that answer is in.
 */
type ShellAnswer = { url: string; answer: Promise<unknown>; data?: unknown };

declare global {
  interface Window {
    [SHELL_FIRST_PAGE]?: ShellAnswer;
  }
}

/** The shell's answer if it asked for this address; it is taken once (a later visit asks afresh). */
export function takeShellAnswer<T>(url: string): { answer: Promise<T | null>; data?: T | null } | undefined {
  const early = window[SHELL_FIRST_PAGE];
  if (early?.url !== url) return undefined;
  delete window[SHELL_FIRST_PAGE];
  return early as { answer: Promise<T | null>; data?: T | null };
}

/**
 * The shell's answer when it is the one asked for and already in (else undefined, and it stays): a
 * route's loader puts it in the cache, so the page's first render draws what the shell drew.
 */
export function shellAnswerIfIn<T>(url: string): T | undefined {
  return window[SHELL_FIRST_PAGE]?.data ? (takeShellAnswer<T>(url)?.data ?? undefined) : undefined;
}

/** The shell's answer for this address when it asked for it and had one, else the app's own call. */
export async function shellAnswerOr<T>(url: string, ask: () => Promise<T>): Promise<T> {
  const early = await takeShellAnswer<T>(url)?.answer.catch(() => null);
  return early ?? ask();
}
