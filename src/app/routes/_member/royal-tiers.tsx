import { createFileRoute } from '@tanstack/react-router';
import { ROYAL_TIER_IDS } from '#shared/domain/score.ts';
import { RoyalTiersPage } from '#app/score/royal-tiers-page.tsx';

export const Route = createFileRoute('/_member/royal-tiers')({
  // Checked against the tier table by the page (the table stays out of the first download): an
  // unknown ?tier= shows the list with none selected.
  validateSearch: (search: Record<string, unknown>): { tier?: string } => (typeof search.tier === 'string' ? { tier: search.tier } : {}),
  component: function RoyalTiers() {
    const { tier } = Route.useSearch();
    return <RoyalTiersPage selected={ROYAL_TIER_IDS.find((id) => id === tier)} />;
  },
});
