import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '#app/platform/ui/page-placeholder.tsx';

export const Route = createFileRoute('/_member/_verified/availability')({ component: () => <PagePlaceholder title="My Availability" /> });
