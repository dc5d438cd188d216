import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '#app/platform/ui/page-placeholder.tsx';

export const Route = createFileRoute('/careers/apply')({ component: () => <PagePlaceholder title="Apply to join the team" /> });
