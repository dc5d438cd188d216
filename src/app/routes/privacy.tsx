import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '#app/support/privacy-page.tsx';

export const Route = createFileRoute('/privacy')({ component: PrivacyPage });
