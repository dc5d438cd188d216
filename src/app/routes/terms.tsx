import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '#app/support/terms-page.tsx';

export const Route = createFileRoute('/terms')({ component: TermsPage });
