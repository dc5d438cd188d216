import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '#app/platform/ui/page-placeholder.tsx';

export const Route = createFileRoute('/_public/forgot-password')({ component: () => <PagePlaceholder title="Forgot your password?" /> });
