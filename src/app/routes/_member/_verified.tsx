import { createFileRoute } from '@tanstack/react-router';
import { verified } from '#app/platform/guards.ts';

/** Signed in with a verified e-mail; the rest of the product. */
export const Route = createFileRoute('/_member/_verified')({ beforeLoad: verified });
