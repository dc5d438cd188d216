/**
 * The public pages the build renders to real HTML (`dist/pages/<file>`), so a visitor sees them
 * before any JavaScript runs. The server sends each for its own path, and the service worker
 * precaches them and answers each path offline with its own page (other paths get the shell).
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'home.html',
  '/login': 'login.html',
  '/register': 'register.html',
  '/forgot-password': 'forgot-password.html',
  '/about': 'about.html',
  '/careers': 'careers.html',
  '/terms': 'terms.html',
  '/privacy': 'privacy.html',
};

export const PRERENDERED_DIR = 'pages';

/** The prerendered file for a path (trailing slash ignored), if it has one. */
export function prerenderedFileFor(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const file = PRERENDERED_PAGES[path];
  return file ? `${PRERENDERED_DIR}/${file}` : undefined;
}
