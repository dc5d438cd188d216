import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '#app/platform/ui/page-placeholder.tsx';

export const Route = createFileRoute('/_member/subscription')({ component: () => <PagePlaceholder title="Membership" /> });
