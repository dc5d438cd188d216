import { createFileRoute } from '@tanstack/react-router';
import { signedIn } from '#app/platform/guards.ts';

/** Signed in only: /verify-email, /profile, /score, /subscription, /car-tier, /payment, /contact, /royal-tiers. */
export const Route = createFileRoute('/_member')({ beforeLoad: signedIn });
