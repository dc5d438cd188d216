import { createFileRoute } from '@tanstack/react-router';
import { CareersPage } from '#app/support/careers-page.tsx';

export const Route = createFileRoute('/_public/careers/')({ component: CareersPage });
