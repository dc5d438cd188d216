import { TAGLINES } from '#shared/domain/ab-test.ts';

/** Each prerendered page's heading and a line of its main content (tests/e2e: prerender, offline). */
export const PRERENDERED_CONTENT: Record<string, { heading: string | RegExp; text: string | RegExp }> = {
  // The visitor's tagline: the original one without JavaScript, else the variant of their id.
  '/': { heading: new RegExp(Object.values(TAGLINES).map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')), text: 'Made for both sides of the table' },
  '/login': { heading: 'Sign in', text: 'Email' },
  '/register': { heading: 'Create your account', text: 'Email' },
  '/forgot-password': { heading: 'Forgot your password?', text: 'Email' },
  '/about': { heading: 'How It Works', text: /./ },
  '/careers': { heading: 'Careers at Rendezvous', text: /./ },
  '/terms': { heading: 'Terms of Service', text: /./ },
  '/privacy': { heading: 'Privacy Policy', text: /./ },
};
