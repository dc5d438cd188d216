import type { BrowseResponseSchema } from '#shared/api/browse.ts';
import { BROWSE_FIRST_PAGE_KEY, SHELL_FIRST_PAGE } from '#shared/shell-first-page.ts';
import type { AnswerOf } from '#app/platform/http.ts';

type BrowseAnswer = AnswerOf<typeof BrowseResponseSchema>;

/**
 * The first browse page the shell's head script asked for before the app's code arrived
 * (src/shared/head-script.ts): its address, the answer (null when it failed: the app then asks
 * itself, and shows what goes wrong), and `data` once that answer is in.
 */
type ShellPage = { url: string; answer: Promise<BrowseAnswer | null>; data?: BrowseAnswer | null };

declare global {
  interface Window {
    [SHELL_FIRST_PAGE]?: ShellPage;
  }
}

/** The shell's first page if it asked for this address; each is taken once (a later visit asks afresh). */
export function takeShellPage(url: string): ShellPage | undefined {
  const page = window[SHELL_FIRST_PAGE];
  if (page?.url !== url) return undefined;
  delete window[SHELL_FIRST_PAGE];
  return page;
}

/** The shell's first page, when it is the one asked for and already in (else undefined, and it stays). */
export function shellPageIfIn(url: string): BrowseAnswer | undefined {
  return window[SHELL_FIRST_PAGE]?.data ? (takeShellPage(url)?.data ?? undefined) : undefined;
}

/** The next start's head script asks for the first page this member last asked for. */
export function rememberFirstPage(memberId: string | undefined, url: string): void {
  if (!memberId) return;
  try {
    localStorage.setItem(BROWSE_FIRST_PAGE_KEY, JSON.stringify({ member: memberId, url }));
  } catch {
    // A full or refused storage only costs the next start its early page.
  }
}
