import { BROWSE_FIRST_PAGE_KEY } from '#shared/shell-first-page.ts';

/** The next start's head script asks for the first page this member last asked for (src/shared/head-script.ts). */
export function rememberFirstPage(memberId: string | undefined, url: string): void {
  if (!memberId) return;
  try {
    localStorage.setItem(BROWSE_FIRST_PAGE_KEY, JSON.stringify({ member: memberId, url }));
  } catch {
    // A full or refused storage only costs the next start its early page.
  }
}
