import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.ts';

export const SUBSCRIPTION_RECORD_STATUSES = ['active', 'cancelled', 'replaced', 'lapsed', 'ended'] as const;
export type SubscriptionRecordStatus = (typeof SUBSCRIPTION_RECORD_STATUSES)[number];

/**
 * Car-team memberships (account-and-admin §3, §4). At most one active row per member (a unique
 * partial index); the member's `users.car_tier` follows it in the same transaction. A row keeps the
 * provider's opaque payment-method token for renewals, and only the card's brand and last four.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier').notNull(),
    status: text('status', { enum: SUBSCRIPTION_RECORD_STATUSES }).notNull(),
    /** The monthly price before tax, in cents, as charged when it started. */
    priceCents: integer('price_cents').notNull(),
    /** The provider's reusable payment method (never a card number). */
    paymentMethod: text('payment_method').notNull(),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Months billed so far; the current period ends `periods` calendar months after started_at. */
    periods: integer('periods').notNull().default(1),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    /** The next billing date while active. */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('subscriptions_one_active_idx').on(t.userId).where(sql`${t.status} = 'active'`),
    index('subscriptions_user_idx').on(t.userId, t.startedAt),
    check('subscriptions_price_positive', sql`${t.priceCents} > 0`),
    check('subscriptions_last4', sql`${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);

/** Every charge asked of the provider, paid or declined: amounts in cents, the provider's reference, brand and last four only. */
export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null for a first payment that was declined (no membership started). */
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['initial', 'renewal'] }).notNull(),
    tier: text('tier').notNull(),
    status: text('status', { enum: ['succeeded', 'declined'] }).notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    providerReference: text('provider_reference'),
    declineCode: text('decline_code'),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('subscription_payments_idempotency_idx').on(t.idempotencyKey),
    index('subscription_payments_user_idx').on(t.userId, t.createdAt),
    index('subscription_payments_subscription_idx').on(t.subscriptionId),
    check('subscription_payments_total', sql`${t.totalCents} = ${t.subtotalCents} + ${t.taxCents}`),
    check('subscription_payments_last4', sql`${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);
