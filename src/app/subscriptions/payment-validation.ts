import { CARD_EXPIRED, CreateSubscriptionBodySchema } from '#shared/api/subscriptions.ts';
import type { CarTierId } from '#shared/domain/car-tiers.ts';
import { isExpired } from '#shared/domain/payment.ts';
import { HttpError } from '#shared/http-error.ts';
import { FIELD_OF, paymentBodyOf, type PaymentDraft, type PaymentFieldErrors } from './payment-draft.ts';

/**
 * The draft checked before anything is sent: the shared schema's rules, then the card's expiry
 * against the device's date (`now`, asked only once the rest is valid). A refusal shows on the
 * fields and gives null.
 */
export function validatePayment(fields: PaymentFieldErrors, tier: CarTierId, draft: PaymentDraft, now: () => Date) {
  const body = fields.validate(CreateSubscriptionBodySchema, paymentBodyOf(tier, draft));
  if (!body) return null;
  if (isExpired(body.paymentData.expiryDate, now())) {
    fields.fromServer(new HttpError(400, CARD_EXPIRED, [{ field: FIELD_OF.expiryDate, message: CARD_EXPIRED }]));
    return null;
  }
  return body;
}
