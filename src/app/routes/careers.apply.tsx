import { createFileRoute } from '@tanstack/react-router';
import { CareersApplyPage } from '#app/support/careers-apply-page.tsx';

export const Route = createFileRoute('/careers/apply')({ component: CareersApplyPage });
