import { createFileRoute } from '@tanstack/react-router';
import { ROYAL_TIER_IDS, type RoyalTierId } from '#shared/domain/score.ts';
import { RoyalTiersPage } from '#app/score/royal-tiers-page.tsx';

export const Route = createFileRoute('/_member/royal-tiers')({
  // An unknown ?tier= shows the list with none selected.
  validateSearch: (search: Record<string, unknown>): { tier?: RoyalTierId } => ({
    tier: ROYAL_TIER_IDS.find((id) => id === search.tier),
  }),
  component: function RoyalTiers() {
    const { tier } = Route.useSearch();
    return <RoyalTiersPage selected={tier} />;
  },
});
