import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  CARD_EXPIRED,
  CreateSubscriptionBodySchema,
  PAYMENT_FAILED,
  WOMEN_FREE,
  welcomeTo,
  type CreateSubscriptionInput,
  type CreateSubscriptionResponse,
} from '#shared/api/subscriptions.ts';
import { CAR_TIERS, carTierOf, type CarTierId } from '#shared/domain/car-tiers.ts';
import { HttpError } from '#shared/http-error.ts';
import {
  CARD_NUMBER_MAX,
  CVV_MAX,
  DEFAULT_COUNTRY,
  DEFAULT_PROVINCE,
  EXPIRY_MAX,
  HST_PERCENT,
  PROVINCES,
  chargeFor,
  formatCents,
  formatCvv,
  formatExpiry,
  formatPostalCode,
  groupCardNumber,
  isExpired,
} from '#shared/domain/payment.ts';
import { useFormSubmit } from '#app/platform/forms.ts';
import { useSession } from '#app/platform/session.store.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Alert, SelectField, TextField } from '#app/platform/ui/field.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { membershipChanged, subscriptionsApi } from './subscriptions.api.ts';
import './subscriptions.css';

/** After a successful payment the screen goes to /profile this long after (account-and-admin §9). */
export const PAYMENT_REDIRECT_MS = 1500;

type Draft = {
  cardNumber: string;
  expiryDate: string;
  cvv: string;
  cardholderName: string;
  billingEmail: string;
  street: string;
  city: string;
  province: string;
  postalCode: string;
  country: string;
};

const blankDraft = (email: string, name: string): Draft => ({
  cardNumber: '',
  expiryDate: '',
  cvv: '',
  cardholderName: name,
  billingEmail: email,
  street: '',
  city: '',
  province: DEFAULT_PROVINCE,
  postalCode: '',
  country: DEFAULT_COUNTRY,
});

/** How each field formats what is typed (account-and-admin §5). */
const FORMAT: Partial<Record<keyof Draft, (value: string) => string>> = {
  cardNumber: groupCardNumber,
  expiryDate: formatExpiry,
  cvv: formatCvv,
  postalCode: formatPostalCode,
};

const FIELD_OF: Record<keyof Draft, string> = {
  cardNumber: 'paymentData.cardNumber',
  expiryDate: 'paymentData.expiryDate',
  cvv: 'paymentData.cvv',
  cardholderName: 'paymentData.cardholderName',
  billingEmail: 'paymentData.billingEmail',
  street: 'paymentData.billingAddress.street',
  city: 'paymentData.billingAddress.city',
  province: 'paymentData.billingAddress.province',
  postalCode: 'paymentData.billingAddress.postalCode',
  country: 'paymentData.billingAddress.country',
};

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
  const [draft, setDraft] = useState<Draft>(() => blankDraft(initial?.email ?? '', initial?.name ?? ''));
  const [paid, setPaid] = useState(false);
  const { fields, busy, failure, run } = useFormSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  // A refused submission (here or by the server) takes the keyboard to the first field at fault, once.
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    focusPending.current = false;
    first.focus();
  }, [fields.errors]);
  const errorOf = (key: keyof Draft) => fields.errors[FIELD_OF[key]];
  const set = (key: keyof Draft) => (value: string) => {
    setDraft((current) => ({ ...current, [key]: FORMAT[key]?.(value) ?? value }));
    fields.clearField(FIELD_OF[key]);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || paid) return;
    focusPending.current = true;
    const body = fields.validate(CreateSubscriptionBodySchema, {
      tier,
      paymentData: {
        cardNumber: draft.cardNumber,
        expiryDate: draft.expiryDate,
        cvv: draft.cvv,
        cardholderName: draft.cardholderName,
        billingEmail: draft.billingEmail,
        billingAddress: { street: draft.street, city: draft.city, province: draft.province, postalCode: draft.postalCode, country: draft.country },
        bypass: true,
      },
    });
    if (!body) return;
    if (isExpired(body.paymentData.expiryDate, now())) {
      fields.fromServer(new HttpError(400, CARD_EXPIRED, [{ field: FIELD_OF.expiryDate, message: CARD_EXPIRED }]));
      return;
    }
    let answer: CreateSubscriptionResponse | null = null;
    if (
      await run(async () => {
        answer = await pay(body);
      }, PAYMENT_FAILED)
    ) {
      setPaid(true);
      onPaid(answer!);
    }
  }

  return (
    <form ref={formRef} className="stack" onSubmit={submit} noValidate aria-labelledby="payment-form-title">
      <section className="card stack-sm" aria-labelledby="payment-summary">
        <h2 id="payment-summary">{team.label}</h2>
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

      <h2 id="payment-form-title">Card</h2>
      <Alert tone="info">
        Test payment: no real card is charged. Use 4242 4242 4242 4242 with any future expiry and any CVV; 4000 0000 0000 0002 is declined.
      </Alert>
      {paid && <Alert tone="success">{welcomeTo(team.label)}</Alert>}
      {failure && <Alert>{failure}</Alert>}
      <TextField
        label="Card number"
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
        maxLength={CARD_NUMBER_MAX}
        value={draft.cardNumber}
        onChange={(e) => set('cardNumber')(e.target.value)}
        error={errorOf('cardNumber')}
        required
      />
      <div className="payment-row">
        <TextField
          label="Expiry (MM/YY)"
          name="expiryDate"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={EXPIRY_MAX}
          value={draft.expiryDate}
          onChange={(e) => set('expiryDate')(e.target.value)}
          error={errorOf('expiryDate')}
          required
        />
        <TextField
          label="CVV"
          name="cvv"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={CVV_MAX}
          value={draft.cvv}
          onChange={(e) => set('cvv')(e.target.value)}
          error={errorOf('cvv')}
          required
        />
      </div>
      <TextField
        label="Cardholder name"
        name="cardholderName"
        autoComplete="cc-name"
        maxLength={100}
        value={draft.cardholderName}
        onChange={(e) => set('cardholderName')(e.target.value)}
        error={errorOf('cardholderName')}
        required
      />
      <TextField
        label="Billing email"
        type="email"
        name="billingEmail"
        autoComplete="email"
        inputMode="email"
        maxLength={255}
        value={draft.billingEmail}
        onChange={(e) => set('billingEmail')(e.target.value)}
        error={errorOf('billingEmail')}
      />

      <fieldset className="stack-sm">
        <legend>Billing address</legend>
        <TextField
          label="Street"
          name="street"
          autoComplete="address-line1"
          maxLength={200}
          value={draft.street}
          onChange={(e) => set('street')(e.target.value)}
          error={errorOf('street')}
          required
        />
        <TextField
          label="City"
          name="city"
          autoComplete="address-level2"
          maxLength={100}
          value={draft.city}
          onChange={(e) => set('city')(e.target.value)}
          error={errorOf('city')}
          required
        />
        <div className="payment-row">
          <SelectField
            label="Province or territory"
            name="province"
            autoComplete="address-level1"
            value={draft.province}
            onChange={(e) => set('province')(e.target.value)}
            error={errorOf('province')}
          >
            {PROVINCES.map((province) => (
              <option key={province.code} value={province.code}>
                {province.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Postal code"
            name="postalCode"
            autoComplete="postal-code"
            maxLength={7}
            value={draft.postalCode}
            onChange={(e) => set('postalCode')(e.target.value)}
            error={errorOf('postalCode')}
            required
          />
        </div>
        <TextField
          label="Country"
          name="country"
          autoComplete="country-name"
          maxLength={60}
          value={draft.country}
          onChange={(e) => set('country')(e.target.value)}
          error={errorOf('country')}
        />
      </fieldset>

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
