import { createFileRoute, redirect } from '@tanstack/react-router';
import { CAR_TIERS, type CarTierId } from '#shared/domain/car-tiers.ts';
import { stringParam } from '#app/platform/guards.ts';
import { PaymentPage } from '#app/subscriptions/payment-page.tsx';

/** A paid team, or nothing: a missing, unknown or free (honda) tier goes back to /car-tier. */
const paidTier = (tier: string | undefined) => CAR_TIERS.find((t) => t.id === tier && t.monthlyPrice > 0)?.id;

export const Route = createFileRoute('/_member/payment')({
  validateSearch: (search: Record<string, unknown>): { tier?: string } => ({ tier: stringParam(search, 'tier', 40) }),
  beforeLoad: ({ search }) => {
    if (!paidTier(search.tier)) throw redirect({ to: '/car-tier', replace: true });
  },
  component: function Payment() {
    const { tier } = Route.useSearch();
    return <PaymentPage tier={paidTier(tier) as CarTierId} />;
  },
});
