import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '#app/platform/ui/page-placeholder.tsx';

export const Route = createFileRoute('/_member/royal-tiers')({ component: () => <PagePlaceholder title="Royal tiers" /> });
