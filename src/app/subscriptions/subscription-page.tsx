import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { User } from '#shared/api/auth.ts';
import type { SubscriptionStatus } from '#shared/api/subscriptions.ts';
import { CANCEL_FAILED } from '#shared/api/subscriptions.paths.ts';
import { carTierOf } from '#shared/domain/car-tiers.ts';
import { chargeFor, formatCents } from '#shared/domain/payment.ts';
import { royalTitleFor } from '#shared/domain/score.ts';
import { messageOf } from '#app/platform/forms.ts';
import { useSession } from '#app/platform/session.store.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Dialog } from '#app/platform/ui/dialog.tsx';
import { Alert } from '#app/platform/ui/field.tsx';
import { CarIcon, CrownIcon } from '#app/platform/ui/member.tsx';
import { Spinner } from '#app/platform/ui/spinner.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { membershipChanged, subscriptionStatusQuery, subscriptionsApi } from './subscriptions.api.ts';
import './subscriptions.css';

/** The spec's fallback when the status cannot load (account-and-admin §8): what the member's own record says. */
export function statusFromUser(user: User): SubscriptionStatus {
  const tier = carTierOf(user.carTier);
  const status = tier.id === 'honda' ? ('free' as const) : ('active' as const);
  const subscription = { tier: tier.id, tierName: tier.label, amount: tier.monthlyPrice, status, nextBillingDate: null, startedAt: null, card: null };
  return { subscription, tier: tier.id, tierName: tier.label, amount: tier.monthlyPrice, status };
}

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-CA', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Women: the Royal Status view (navigation label Partner Guide). */
function RoyalStatus({ user }: { user: User }) {
  const title = royalTitleFor(user.reliabilityScore.current);
  return (
    <main id="main" className="page stack membership-page">
      <div>
        <h1>Royal Status</h1>
        <p className="muted">Royal tiers are free and automatic for all women, based on your reliability score.</p>
      </div>
      <section className="card stack-sm" aria-labelledby="royal-title">
        <h2 id="royal-title" className="row">
          <CrownIcon /> {title}
        </h2>
        <p>
          Your reliability score is <strong>{user.reliabilityScore.current}</strong>. Keep your dates, arrive on time and your title rises with it.
        </p>
        <p className="muted">Car-team memberships are for men: Rendezvous is free for you.</p>
        <div className="row">
          <Link to="/royal-tiers" className="btn btn-primary btn-sm">
            See the royal tiers
          </Link>
          <Link to="/score" className="btn btn-sm">
            My score
          </Link>
          <Link to="/car-tier" className="btn btn-sm btn-ghost">
            Partner psychology guide
          </Link>
        </div>
      </section>
    </main>
  );
}

function CarTeamMembership({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const query = useQuery(subscriptionStatusQuery());
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (query.isPending) return <Spinner label="Loading your membership" />;
  const status = query.data ?? statusFromUser(user);
  const { subscription } = status;
  const paid = subscription.status === 'active';

  async function cancel() {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await subscriptionsApi.cancel();
      membershipChanged(queryClient, answer);
      toast.success(answer.message);
      setConfirming(false);
    } catch (error) {
      setFailure(messageOf(error, CANCEL_FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {query.isError && <Alert tone="warning">We could not load your membership details; this is what your profile says.</Alert>}
      <section className="card stack membership-status" aria-labelledby="team-name">
        <h2 id="team-name" className="row">
          <CarIcon /> {subscription.tierName}
        </h2>
        <dl>
          <dt>Status</dt>
          <dd>{paid ? 'Active' : 'Free'}</dd>
          <dt>Monthly price</dt>
          <dd>{paid ? `${formatCents(chargeFor(subscription.amount).subtotalCents)} + HST (${formatCents(chargeFor(subscription.amount).totalCents)})` : 'Free'}</dd>
          {subscription.nextBillingDate && (
            <>
              <dt>Next billing date</dt>
              <dd>{dateOf(subscription.nextBillingDate)}</dd>
            </>
          )}
          {subscription.card && (
            <>
              <dt>Card</dt>
              <dd>
                {subscription.card.brand} ending {subscription.card.last4}
              </dd>
            </>
          )}
        </dl>
        <p className="muted">A car team is a status badge only: it gives no extra access.</p>
        <div className="row">
          <Link to="/car-tier" className="btn btn-primary">
            {paid ? 'Change Tier' : 'Upgrade Tier'}
          </Link>
          {paid && (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Cancel Membership
            </Button>
          )}
        </div>
        {failure && !confirming && <Alert>{failure}</Alert>}
      </section>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title="Cancel your team membership?">
        <div className="stack">
          <Alert tone="warning">
            You will be downgraded to the Honda Team at once and lose your {subscription.tierName} badge. Nothing more will be charged; the
            month already paid is not refunded.
          </Alert>
          {failure && <Alert>{failure}</Alert>}
          <div className="row">
            <Button variant="danger" busy={busy} onClick={() => void cancel()}>
              {busy ? 'Cancelling…' : 'Yes, cancel membership'}
            </Button>
            <Button onClick={() => setConfirming(false)} disabled={busy}>
              Keep membership
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}

/** /subscription (account-and-admin §2): women see Royal Status; everyone else their car-team membership. */
export function SubscriptionPage() {
  const user = useSession((state) => state.user);
  if (!user) return null;
  if (user.profile.gender === 'female') return <RoyalStatus user={user} />;
  return (
    <main id="main" className="page stack membership-page">
      <div>
        <h1>Team Membership</h1>
        <p className="muted">Your car team, its price and billing, and the way to change or cancel it.</p>
      </div>
      <CarTeamMembership user={user} />
    </main>
  );
}
