import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '#app/landing/landing-page.tsx';

export const Route = createFileRoute('/_public/')({ component: LandingPage });
