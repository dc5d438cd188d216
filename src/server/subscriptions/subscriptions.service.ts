import { randomUUID } from 'node:crypto';
import {
  CANCELLED,
  CARD_DECLINED,
  CARD_EXPIRED,
  HONDA_IS_FREE,
  NOTHING_TO_CANCEL,
  PAYMENT_FAILED,
  WOMEN_FREE,
  alreadyOn,
  welcomeTo,
  type CancelSubscriptionResponse,
  type CreateSubscriptionInput,
  type CreateSubscriptionResponse,
  type SubscriptionStatus,
} from '#shared/api/subscriptions.ts';
import { carTierOf } from '#shared/domain/car-tiers.ts';
import { CURRENCY, addMonths, chargeFor, isExpired } from '#shared/domain/payment.ts';
import { HttpError } from '#shared/http-error.ts';
import { takesPart } from '../auth/auth.read.ts';
import { setCarTier } from '../auth/auth.service.ts';
import { NOT_SIGNED_IN, type Member } from '../platform/auth.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { enqueue, type Jobs } from '../platform/jobs/jobs.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { grantReferralPoints } from '../support/support.service.ts';
import type { ChargeResult, PaymentProvider } from './payment-provider.ts';
import { membershipEndedMail } from './subscriptions.mails.ts';
import * as repo from './subscriptions.repo.ts';

export const RENEW_JOB = 'subscriptions.renew';
export type RenewJobPayload = { subscriptionId: string; periodEnd: string };

export type SubscriptionsDeps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  payments: PaymentProvider;
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
};

/** The status call's answer (account-and-admin §3) from the member's active membership, or the free Honda Team. */
function statusOf(active: repo.SubscriptionRow | undefined): SubscriptionStatus {
  if (!active) {
    const honda = carTierOf('honda');
    const subscription = { tier: honda.id, tierName: honda.label, amount: 0, status: 'free' as const, nextBillingDate: null, startedAt: null, card: null };
    return { subscription, tier: subscription.tier, tierName: subscription.tierName, amount: 0, status: 'free' };
  }
  const tier = carTierOf(active.tier);
  const subscription = {
    tier: tier.id,
    tierName: tier.label,
    amount: active.priceCents / 100,
    status: 'active' as const,
    nextBillingDate: active.currentPeriodEnd.toISOString(),
    startedAt: active.startedAt.toISOString(),
    card: { brand: active.cardBrand, last4: active.cardLast4 },
  };
  return { subscription, tier: tier.id, tierName: tier.label, amount: subscription.amount, status: 'active' };
}

/**
 * An admin's removal of a member (decision 21), inside its transaction: an active
 * membership ends with no further charge, and the badge goes (the renewal job then finds nothing).
 */
export async function endMembershipOfRemovedMember(tx: Tx, userId: string, now: Date): Promise<void> {
  const active = await repo.activeOf(tx, userId);
  if (active) await repo.endSubscription(tx, active.id, 'ended', now);
  await setCarTier(tx, userId, 'honda');
}

const cardFields = (message: string) => [{ field: 'paymentData.cardNumber', message }];

export function createSubscriptionsService(deps: SubscriptionsDeps) {
  const { db, clock, payments } = deps;

  async function sendQuietly(message: Parameters<Mailer['send']>[0]) {
    try {
      await deps.mailer.send(message);
    } catch (error) {
      deps.log.error({ err: error, to: message.to }, 'membership mail could not be sent');
    }
  }

  /** Ends the member's membership in `tx`; the badge goes back to the Honda Team. */
  async function endMembership(tx: Tx, active: repo.SubscriptionRow, status: 'cancelled' | 'replaced' | 'lapsed' | 'ended', now: Date) {
    await repo.endSubscription(tx, active.id, status, now);
    if (status !== 'replaced') await setCarTier(tx, active.userId, 'honda');
  }

  /**
   * One renewal, at the end of a period: charges the stored payment method for the next month.
   * A decline ends the membership (Honda Team again) and tells the member in the inbox and by
   * mail. A stale job (the membership was cancelled, changed or already renewed) does nothing; a
   * provider outage throws, so the queue retries the same charge (same idempotency key).
   */
  async function renew(payload: RenewJobPayload, now: Date): Promise<void> {
    const told = await db.transaction(async (tx) => {
      // Locks in the order every membership change takes them: the member's row, then the membership.
      const owner = await repo.ownerOf(tx, payload.subscriptionId);
      if (!owner) return null;
      const member = await repo.lockMember(tx, owner);
      const active = await repo.lockSubscription(tx, payload.subscriptionId);
      if (!active || active.status !== 'active' || active.currentPeriodEnd.getTime() !== Date.parse(payload.periodEnd)) return null;
      if (!member || !takesPart(member)) {
        await endMembership(tx, active, 'ended', now);
        return null;
      }
      const tier = carTierOf(active.tier);
      const charge = chargeFor(active.priceCents / 100);
      const period = { periods: active.periods + 1, start: active.currentPeriodEnd, end: addMonths(active.startedAt, active.periods + 1) };
      const idempotencyKey = `renew:${active.id}:${period.periods}`;
      const result = await payments.charge({
        amountCents: charge.totalCents,
        currency: CURRENCY,
        paymentMethod: active.paymentMethod,
        description: `${tier.label} membership, month ${period.periods}`,
        idempotencyKey,
      });
      await repo.insertPayment(tx, {
        userId: active.userId,
        subscriptionId: active.id,
        kind: 'renewal',
        tier: tier.id,
        ...chargeRecord(result, charge, idempotencyKey),
        periodStart: period.start,
        periodEnd: period.end,
        createdAt: now,
      });
      if (result.status === 'succeeded') {
        await repo.renewSubscription(tx, active.id, period);
        await enqueue(tx, RENEW_JOB, { subscriptionId: active.id, periodEnd: period.end.toISOString() } satisfies RenewJobPayload, { runAt: period.end, now });
        return null;
      }
      await endMembership(tx, active, 'lapsed', now);
      const reason = `${result.message} (${result.brand} ending ${result.last4}).`;
      await createNotification(tx, {
        userId: active.userId,
        senderId: null,
        type: 'membership',
        title: 'Team membership ended',
        message: `We could not renew your ${tier.label} membership: ${reason} You are now on the Honda Team; you can choose a team again at any time.`,
        data: {},
        createdAt: now,
      });
      return { email: member.email, name: member.name, tierName: tier.label, reason };
    });
    if (told) await sendQuietly(membershipEndedMail(told.email, { ...told, link: `${deps.publicUrl}/car-tier` }));
  }

  return {
    renew,

    async status(member: Member): Promise<SubscriptionStatus> {
      return statusOf(await repo.activeOf(db, member.id));
    },

    /**
     * Starts (or changes to) a paid membership. The tier and its price come from the server's
     * table; the member's row is locked first, so two purchases at once queue and the second finds
     * the first (one charge). The card is handed to the provider and never kept: the membership
     * keeps the provider's payment-method token, the brand and the last four digits.
     */
    async create(member: Member, input: CreateSubscriptionInput): Promise<CreateSubscriptionResponse> {
      const tier = carTierOf(input.tier);
      if (tier.id === 'honda') throw new HttpError(400, HONDA_IS_FREE, [{ field: 'tier', message: HONDA_IS_FREE }]);
      const charge = chargeFor(tier.monthlyPrice);
      const { paymentData } = input;

      const outcome = await db.transaction(async (tx) => {
        const now = clock.now();
        const row = await repo.lockMember(tx, member.id);
        if (!row) throw new HttpError(401, NOT_SIGNED_IN);
        if (row.gender === 'female') throw new HttpError(403, WOMEN_FREE);
        const current = await repo.activeOf(tx, member.id);
        if (current?.tier === tier.id) throw new HttpError(409, alreadyOn(tier.label), [{ field: 'tier', message: alreadyOn(tier.label) }]);
        if (isExpired(paymentData.expiryDate, now)) throw new HttpError(400, CARD_EXPIRED, [{ field: 'paymentData.expiryDate', message: CARD_EXPIRED }]);
        const first = !(await repo.hasEverSubscribed(tx, member.id));

        const idempotencyKey = `create:${member.id}:${randomUUID()}`;
        let result: ChargeResult;
        try {
          result = await payments.charge({
            amountCents: charge.totalCents,
            currency: CURRENCY,
            card: { number: paymentData.cardNumber, expiry: paymentData.expiryDate, cvv: paymentData.cvv, holder: paymentData.cardholderName },
            description: `${tier.label} membership, first month`,
            idempotencyKey,
          });
        } catch (error) {
          // The processor could not answer: nothing is recorded; the member may try again. (Only its message is logged: never the request.)
          deps.log.error({ err: { message: error instanceof Error ? error.message : String(error) }, idempotencyKey }, 'payment provider failed');
          throw new HttpError(503, PAYMENT_FAILED);
        }
        const payment = {
          userId: member.id,
          kind: 'initial' as const,
          tier: tier.id,
          ...chargeRecord(result, charge, idempotencyKey),
          createdAt: now,
        };
        if (result.status === 'declined') {
          // Kept (this transaction commits); the answer is a refusal.
          await repo.insertPayment(tx, payment);
          return { declined: result, subscription: null, receipt: null };
        }

        if (current) await endMembership(tx, current, 'replaced', now);
        const periodEnd = addMonths(now, 1);
        const subscription = await repo.insertSubscription(tx, {
          userId: member.id,
          tier: tier.id,
          status: 'active',
          priceCents: charge.subtotalCents,
          paymentMethod: result.paymentMethod,
          cardBrand: result.brand,
          cardLast4: result.last4,
          startedAt: now,
          periods: 1,
          currentPeriodStart: now,
          currentPeriodEnd: periodEnd,
        });
        await repo.insertPayment(tx, { ...payment, subscriptionId: subscription.id, periodStart: now, periodEnd });
        await setCarTier(tx, member.id, tier.id);
        await enqueue(tx, RENEW_JOB, { subscriptionId: subscription.id, periodEnd: periodEnd.toISOString() } satisfies RenewJobPayload, { runAt: periodEnd, now });
        // Issue 12: whoever invited this member earns their referral points with the first paid membership.
        if (first) await grantReferralPoints(tx, member.id, now);
        return { declined: null, subscription, receipt: { ...charge, currency: CURRENCY, reference: result.reference, card: { brand: result.brand, last4: result.last4 } } };
      });

      if (outcome.declined) {
        const { code } = outcome.declined;
        const message = code === 'expired_card' ? CARD_EXPIRED : code === 'card_declined' ? CARD_DECLINED : outcome.declined.message;
        throw new HttpError(402, message, cardFields(message));
      }
      return { success: true, message: welcomeTo(tier.label), ...statusOf(outcome.subscription!), payment: outcome.receipt! };
    },

    /** Cancels at once (account-and-admin §4: cancelling returns to honda): no further charge, no refund of the month begun. */
    async cancel(member: Member): Promise<CancelSubscriptionResponse> {
      await db.transaction(async (tx) => {
        const row = await repo.lockMember(tx, member.id);
        if (!row) throw new HttpError(401, NOT_SIGNED_IN);
        const active = await repo.activeOf(tx, member.id);
        if (!active) throw new HttpError(409, NOTHING_TO_CANCEL);
        await endMembership(tx, active, 'cancelled', clock.now());
      });
      return { success: true, message: CANCELLED, ...statusOf(undefined) };
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

export function registerSubscriptionJobs(jobs: Jobs, service: SubscriptionsService) {
  jobs.register(RENEW_JOB, async (payload, { now }) => {
    await service.renew(payload as RenewJobPayload, now);
  });
}


/** What a payment row keeps of one charge: the amounts, the outcome, the card's brand and last four. */
function chargeRecord(result: ChargeResult, charge: ReturnType<typeof chargeFor>, idempotencyKey: string) {
  return {
    status: result.status,
    ...charge,
    currency: CURRENCY,
    providerReference: result.status === 'succeeded' ? result.reference : null,
    declineCode: result.status === 'declined' ? result.code : null,
    cardBrand: result.brand,
    cardLast4: result.last4,
    idempotencyKey,
  };
}
