/**
 * What the shell's head script (head-script.ts) and the app (app/browse/shell-page.ts) share about
 * the first browse page the head script asks for before the app's code arrives.
 */

/** Where the app keeps the first browse page a member last asked for: `{ member, url }` (JSON). */
export const BROWSE_FIRST_PAGE_KEY = 'rendezvous-browse-first-page';
/** The window property the head script leaves that page's call in for the app. */
export const SHELL_FIRST_PAGE = '__rendezvousFirstPage';
