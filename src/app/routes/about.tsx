import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '#app/support/about-page.tsx';

export const Route = createFileRoute('/about')({ component: AboutPage });
