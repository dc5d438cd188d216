import { HST_PERCENT, formatCents, type Charge } from '#shared/domain/payment.ts';

/** What the member pays: the team's monthly price, 13 % HST and the total. */
export function PaymentSummary({ label, charge }: { label: string; charge: Charge }) {
  return (
    <section className="card stack-sm" aria-labelledby="payment-summary">
      <h2 id="payment-summary">{label}</h2>
      <dl className="payment-summary">
        <dt>Monthly price</dt>
        <dd>{formatCents(charge.subtotalCents)}</dd>
        <dt>HST ({HST_PERCENT}%)</dt>
        <dd>{formatCents(charge.taxCents)}</dd>
        <dt>Total</dt>
        <dd>
          <strong>{formatCents(charge.totalCents)}</strong>
        </dd>
      </dl>
      <p className="muted">Charged today, then every month on the same day until you cancel.</p>
    </section>
  );
}
