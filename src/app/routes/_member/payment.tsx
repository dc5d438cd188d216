import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '#app/platform/guards.ts';
import { PaymentRoute } from '#app/subscriptions/payment-page.tsx';

/** The tier is checked in the (code-split) screen: the tier table imports zod, which the first visit must not download. */
export const Route = createFileRoute('/_member/payment')({
  validateSearch: (search: Record<string, unknown>): { tier?: string } => ({ tier: stringParam(search, 'tier', 40) }),
  component: function Payment() {
    const { tier } = Route.useSearch();
    return <PaymentRoute tier={tier} />;
  },
});
