import { z } from 'zod';
import { CAR_TIER_IDS } from '../domain/car-tiers.ts';
import {
  CARD_NUMBER_MAX,
  CVV_MAX,
  DEFAULT_COUNTRY,
  DEFAULT_PROVINCE,
  EXPIRY_MAX,
  EXPIRY_PATTERN,
  PROVINCE_CODES,
  digitsOf,
  luhnValid,
} from '../domain/payment.ts';

export { subscriptionsPaths, PAYMENT_FAILED, CANCEL_FAILED } from './subscriptions.paths.ts';

/** The spec's texts (account-and-admin §5, §8). */
export const FILL_PAYMENT = 'Please fill in all payment information';
export const COMPLETE_ADDRESS = 'Please complete your billing address';
/** Ours: the spec names the rules but not these texts. */
export const INVALID_CARD_NUMBER = 'Please enter a valid card number';
export const INVALID_EXPIRY = 'Please enter the expiry date as MM/YY';
export const CARD_EXPIRED = 'Your card has expired';
export const INVALID_CVV = 'Please enter the 3 or 4 digit CVV';
export const INVALID_BILLING_EMAIL = 'Please enter a valid email address';
export const INVALID_PROVINCE = 'Please choose a province or territory';
export const CARD_DECLINED = 'Your card was declined. Please use another card.';
export const WOMEN_FREE = 'Rendezvous is free for women: car-team memberships are not for sale to women.';
export const HONDA_IS_FREE = 'The Honda Team is free: there is nothing to pay.';
export const NOTHING_TO_CANCEL = 'You have no paid team membership to cancel.';
export const UNKNOWN_TIER = 'Please choose a team';
export const alreadyOn = (tierName: string) => `You are already on the ${tierName}.`;
export const welcomeTo = (tierName: string) => `Payment successful! Welcome to the ${tierName}.`;
export const CANCELLED = 'Your team membership is cancelled. You are now on the Honda Team.';

const required = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, message);

/** The card fields. No field is ever stored or logged; the server keeps only the brand and last four digits. */
export const CardSchema = z.object({
  cardNumber: required(FILL_PAYMENT, CARD_NUMBER_MAX + 4)
    .refine((value) => /^[\d ]+$/.test(value), INVALID_CARD_NUMBER)
    .transform(digitsOf)
    .refine((digits) => digits.length >= 13 && digits.length <= 19 && luhnValid(digits), INVALID_CARD_NUMBER),
  expiryDate: required(FILL_PAYMENT, EXPIRY_MAX + 2).refine((value) => EXPIRY_PATTERN.test(value), INVALID_EXPIRY),
  cvv: required(FILL_PAYMENT, CVV_MAX + 2).refine((value) => /^\d{3,4}$/.test(value), INVALID_CVV),
  cardholderName: required(FILL_PAYMENT, 100),
});

export const BillingAddressSchema = z.object({
  street: required(COMPLETE_ADDRESS, 200),
  city: required(COMPLETE_ADDRESS, 100),
  province: z.enum(PROVINCE_CODES, { error: INVALID_PROVINCE }).default(DEFAULT_PROVINCE),
  postalCode: required(COMPLETE_ADDRESS, 12).transform((code) => code.toUpperCase()),
  country: z.string().trim().max(60).optional().transform((country) => country || DEFAULT_COUNTRY),
});

/**
 * The spec's payload: the tier and the form's fields (with the old client's `bypass` flag, which
 * means nothing here). A price or amount the client sends is not part of it: the server's table
 * decides what is charged.
 */
export const PaymentDataSchema = CardSchema.extend({
  billingEmail: z
    .string()
    .trim()
    .max(255, INVALID_BILLING_EMAIL)
    .optional()
    .transform((email) => email || undefined)
    .pipe(z.email(INVALID_BILLING_EMAIL).optional()),
  billingAddress: BillingAddressSchema,
  bypass: z.boolean().optional(),
});
export type PaymentData = z.input<typeof PaymentDataSchema>;

export const CreateSubscriptionBodySchema = z.object({
  tier: z.enum(CAR_TIER_IDS, { error: UNKNOWN_TIER }),
  paymentData: PaymentDataSchema,
});
export type CreateSubscriptionBody = z.input<typeof CreateSubscriptionBodySchema>;
export type CreateSubscriptionInput = z.output<typeof CreateSubscriptionBodySchema>;

export const SUBSCRIPTION_STATUSES = z.enum(['active', 'free']);

/** account-and-admin §3 "Subscription status", with the card's brand and last four digits. */
export const SubscriptionSchema = z.object({
  tier: z.enum(CAR_TIER_IDS),
  tierName: z.string(),
  /** The monthly price in dollars, before tax. */
  amount: z.number(),
  status: SUBSCRIPTION_STATUSES,
  nextBillingDate: z.string().nullable(),
  startedAt: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const SubscriptionStatusSchema = z.object({
  subscription: SubscriptionSchema,
  tier: z.enum(CAR_TIER_IDS),
  tierName: z.string(),
  amount: z.number(),
  status: SUBSCRIPTION_STATUSES,
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export const PaymentReceiptSchema = z.object({
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
  reference: z.string(),
  card: z.object({ brand: z.string(), last4: z.string() }),
});
export type PaymentReceipt = z.infer<typeof PaymentReceiptSchema>;

export const CreateSubscriptionResponseSchema = SubscriptionStatusSchema.extend({
  success: z.literal(true),
  message: z.string(),
  payment: PaymentReceiptSchema,
});
export type CreateSubscriptionResponse = z.infer<typeof CreateSubscriptionResponseSchema>;

export const CancelSubscriptionResponseSchema = SubscriptionStatusSchema.extend({ success: z.literal(true), message: z.string() });
export type CancelSubscriptionResponse = z.infer<typeof CancelSubscriptionResponseSchema>;
