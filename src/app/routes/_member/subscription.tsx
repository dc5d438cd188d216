import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionPage } from '#app/subscriptions/subscription-page.tsx';

export const Route = createFileRoute('/_member/subscription')({ component: SubscriptionPage });
