import { createFileRoute } from '@tanstack/react-router';
import { CarTierPage } from '#app/subscriptions/car-tier-page.tsx';

export const Route = createFileRoute('/_member/car-tier')({ component: CarTierPage });
