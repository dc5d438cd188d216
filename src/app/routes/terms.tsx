import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '#app/platform/ui/page-placeholder.tsx';

export const Route = createFileRoute('/terms')({ component: () => <PagePlaceholder title="Terms of Service" /> });
