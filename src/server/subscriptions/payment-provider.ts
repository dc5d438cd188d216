import { randomBytes } from 'node:crypto';
import { brandOf, isExpired, luhnValid, type CardBrand } from '#shared/domain/payment.ts';
import type { Clock } from '../platform/clock.ts';

/** What the member typed; handed to the provider and never stored or logged. */
export type CardDetails = { number: string; expiry: string; cvv: string; holder: string };

export type ChargeRequest = {
  amountCents: number;
  currency: string;
  description: string;
  /** The same key asks for the same charge: a retry never charges twice. */
  idempotencyKey: string;
} & ({ card: CardDetails; paymentMethod?: never } | { paymentMethod: string; card?: never });

export type ChargeResult =
  | { status: 'succeeded'; reference: string; paymentMethod: string; brand: CardBrand; last4: string }
  | { status: 'declined'; code: string; message: string; brand: CardBrand; last4: string };

/**
 * A card processor. A first charge takes the card's details and answers a reusable, opaque
 * payment-method token (as a real processor's customer or payment-method id); renewals charge that
 * token, so the server never keeps a card. A decline is an answer; an outage throws.
 */
export interface PaymentProvider {
  readonly mode: 'test' | 'live';
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

/** Test cards (docs/payments.md): any Luhn-valid number pays, except these. */
export const TEST_CARDS = {
  /** Pays, and so do its renewals. */
  success: '4242424242424242',
  /** Always declined. */
  declined: '4000000000000002',
  /** The first payment succeeds; every later charge of its payment method (a renewal) is declined (any card ending 0341). */
  declinesRenewals: '4000000000000341',
} as const;

/** Idempotency keys remembered (the oldest forgotten first), as a processor keeps them for a while. */
const KEYS_KEPT = 10_000;

const TOKEN = /^pm_test_([a-z]+)_(\d{4})_(\d{4})_([0-9a-f]{16})$/;

/**
 * The test-mode processor (DESIGN.md "Test payment"): checks the card as a processor would (Luhn,
 * expiry in the future by the server's clock, CVV of 3–4 digits), declines the documented test
 * cards, and remembers idempotency keys in this process. Nothing leaves the machine.
 */
export function createTestPaymentProvider(deps: { clock: Clock }): PaymentProvider {
  const answered = new Map<string, ChargeResult>();
  let sequence = 0;
  const reference = () => `ch_test_${(++sequence).toString(36)}${randomBytes(8).toString('hex')}`;

  function chargeCard(card: CardDetails): ChargeResult {
    const number = card.number.replace(/\D/g, '');
    const brand = brandOf(number);
    const last4 = number.slice(-4).padStart(4, '0');
    const declined = (code: string, message: string): ChargeResult => ({ status: 'declined', code, message, brand, last4 });
    if (!luhnValid(number)) return declined('incorrect_number', 'Your card number is incorrect.');
    if (isExpired(card.expiry, deps.clock.now())) return declined('expired_card', 'Your card has expired.');
    if (!/^\d{3,4}$/.test(card.cvv)) return declined('incorrect_cvc', "Your card's security code is incorrect.");
    if (number === TEST_CARDS.declined) return declined('card_declined', 'Your card was declined.');
    const expiry = card.expiry.replace('/', '');
    const paymentMethod = `pm_test_${brand}_${last4}_${expiry}_${randomBytes(8).toString('hex')}`;
    return { status: 'succeeded', reference: reference(), paymentMethod, brand, last4 };
  }

  function chargeToken(token: string): ChargeResult {
    const match = TOKEN.exec(token);
    if (!match) return { status: 'declined', code: 'payment_method_unknown', message: 'This payment method is unknown.', brand: 'card', last4: '0000' };
    const [, brand, last4, expiry] = match as unknown as [string, CardBrand, string, string];
    const declined = (code: string, message: string): ChargeResult => ({ status: 'declined', code, message, brand, last4 });
    if (isExpired(`${expiry.slice(0, 2)}/${expiry.slice(2)}`, deps.clock.now())) return declined('expired_card', 'Your card has expired.');
    if (last4 === TEST_CARDS.declinesRenewals.slice(-4)) return declined('card_declined', 'Your card was declined.');
    return { status: 'succeeded', reference: reference(), paymentMethod: token, brand, last4 };
  }

  return {
    mode: 'test',
    async charge(request) {
      if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) throw new Error('A charge is a positive whole number of cents');
      const earlier = answered.get(request.idempotencyKey);
      if (earlier) return earlier;
      const result = request.card ? chargeCard(request.card) : chargeToken(request.paymentMethod);
      answered.set(request.idempotencyKey, result);
      if (answered.size > KEYS_KEPT) answered.delete(answered.keys().next().value!);
      return result;
    },
  };
}
