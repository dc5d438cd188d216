import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { WOMEN_FREE, welcomeTo, type CreateSubscriptionInput, type CreateSubscriptionResponse } from '#shared/api/subscriptions.ts';
import { CAR_TIERS, carTierOf, type CarTierId } from '#shared/domain/car-tiers.ts';
import { chargeFor, formatCents } from '#shared/domain/payment.ts';
import { useFormSubmit } from '#app/platform/forms.ts';
import { useSession } from '#app/platform/session.store.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Alert } from '#app/platform/ui/field.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { usePaymentDraft } from './payment-draft.ts';
import { BillingAddressFields, CardFields } from './payment-fields.tsx';
import { PaymentSummary } from './payment-summary.tsx';
import { membershipChanged, subscriptionsApi } from './subscriptions.api.ts';
import { usePaymentSubmit } from './use-payment-submit.ts';
import './subscriptions.css';

/** After a successful payment the screen goes to /profile this long after (account-and-admin §9). */
export const PAYMENT_REDIRECT_MS = 1500;

/**
 * The payment form on its own (testable without a server): the spec's fields and rules, the price,
 * 13 % HST and the total. `pay` is the call; `now` the device's time for the expiry check.
 */
export function PaymentForm({
  tier,
  pay,
  onPaid,
  initial,
  now = () => new Date(),
}: {
  tier: CarTierId;
  pay: (body: CreateSubscriptionInput) => Promise<CreateSubscriptionResponse>;
  onPaid: (answer: CreateSubscriptionResponse) => void;
  initial?: { email?: string; name?: string };
  now?: () => Date;
}) {
  const team = carTierOf(tier);
  const charge = chargeFor(team.monthlyPrice);
  const form = useFormSubmit();
  const { busy, failure } = form;
  const draftFields = usePaymentDraft(form.fields, initial);
  const { paid, formRef, submit } = usePaymentSubmit({ form, tier, draft: draftFields.draft, pay, onPaid, now });

  return (
    <form ref={formRef} className="stack" onSubmit={submit} noValidate aria-labelledby="payment-form-title">
      <PaymentSummary label={team.label} charge={charge} />

      <h2 id="payment-form-title">Card</h2>
      <Alert tone="info">
        Test payment: no real card is charged. Use 4242 4242 4242 4242 with any future expiry and any CVV; 4000 0000 0000 0002 is declined.
      </Alert>
      {paid && <Alert tone="success">{welcomeTo(team.label)}</Alert>}
      {failure && <Alert>{failure}</Alert>}
      <CardFields {...draftFields} />

      <BillingAddressFields {...draftFields} />

      <Button type="submit" variant="primary" block busy={busy} disabled={paid}>
        {busy ? 'Processing…' : `Pay ${formatCents(charge.totalCents)}`}
      </Button>
    </form>
  );
}

/** /payment?tier= (account-and-admin §2): the route already sent a missing or unknown tier to /car-tier. */
export function PaymentPage({ tier }: { tier: CarTierId }) {
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [paidAt, setPaidAt] = useState<number | null>(null);
  useEffect(() => {
    if (paidAt === null) return;
    const timer = setTimeout(() => void navigate({ to: '/profile' }), PAYMENT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [paidAt, navigate]);
  if (!user) return null;

  return (
    <main id="main" className="page stack membership-page">
      <div>
        <Link to="/car-tier" className="btn btn-ghost">
          ← Back
        </Link>
      </div>
      <div>
        <h1>Payment</h1>
        <p className="muted">Join the {carTierOf(tier).label}: a monthly status badge on your profile.</p>
      </div>
      {user.profile.gender === 'female' ? (
        <div className="stack">
          <Alert tone="info">{WOMEN_FREE}</Alert>
          <div>
            <Link to="/browse" className="btn btn-primary">
              Start Browsing Partners
            </Link>
          </div>
        </div>
      ) : (
        <PaymentForm
          tier={tier}
          pay={subscriptionsApi.create}
          initial={{ email: user.email, name: user.profile.name }}
          onPaid={(answer) => {
            membershipChanged(queryClient, answer);
            toast.success(answer.message);
            setPaidAt(Date.now());
          }}
        />
      )}
    </main>
  );
}

/** A paid team, or nothing: a missing, unknown or free (honda) tier. */
export const paidTier = (tier: string | undefined) => CAR_TIERS.find((t) => t.id === tier && t.monthlyPrice > 0)?.id;

/** /payment?tier=: a missing or unknown tier (or the free Honda Team) goes to /car-tier (account-and-admin §2). */
export function PaymentRoute({ tier }: { tier: string | undefined }) {
  const paid = paidTier(tier);
  if (!paid) return <Navigate to="/car-tier" replace />;
  return <PaymentPage tier={paid} />;
}
