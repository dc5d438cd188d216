import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import { PUSH_ENDPOINT_HTTPS, PUSH_ENDPOINT_NOT_ALLOWED, type PushMessage, type PushSubscriptionBody } from '#shared/api/push.ts';
import type { NotificationType } from '#shared/domain/notifications.ts';
import type { NotificationSettings } from '#shared/domain/profile.ts';
import { HttpError } from '#shared/http-error.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { enqueue } from '../platform/jobs/jobs.ts';
import { endpointRefusal, type AllowedHosts } from './push-hosts.ts';
import * as repo from './push.repo.ts';
import type { VapidKeys } from './vapid.ts';

export const PUSH_JOB = 'push.send';
/** A member's devices kept at most; subscribing another drops the one renewed longest ago. */
export const MAX_DEVICES = 10;
/** The push service keeps an undelivered push this long (seconds) for a phone that is off. */
export const PUSH_TTL_S = 24 * 60 * 60;
/** How long one post to a push service may take. */
export const PUSH_TIMEOUT_MS = 10_000;
const BODY_MAX = 240;

export type PushDeps = {
  vapid: VapidKeys;
  allowedHosts: AllowedHosts;
  /** Tests only: an agent that trusts the loopback sink's self-signed certificate. */
  agent?: Agent;
};

/** The job's payload: one device, one message, and when it stops being worth delivering. */
export type PushJobPayload = { subscriptionId: string; message: PushMessage; expiresAt: string };

/** The inbox item fields a push is made from (the inbox item is created beside it). */
export type PushSource = {
  userId: string;
  senderId?: string | null;
  type: NotificationType;
  title: string;
  message: string;
  data?: { bookingId?: string; venue?: string } | null;
  createdAt: Date;
};

type Rule = { setting: keyof NotificationSettings['push']; urgency: 'high' | 'normal'; build: (source: PushSource) => PushMessage | null };

const clip = (text: string) => (text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text);

/** The inbox kinds that also go to a member's devices, and how. */
const RULES: Partial<Record<NotificationType, Rule>> = {
  booking_request: {
    setting: 'newBooking',
    urgency: 'high',
    build: (source) => {
      const bookingId = source.data?.bookingId;
      if (!bookingId) return null;
      const venue = source.data?.venue ? ` Venue: ${source.data.venue}.` : '';
      return {
        type: 'booking_request',
        title: source.title,
        body: clip(`${source.message}${venue}`),
        url: '/notifications',
        tag: `booking-request-${bookingId}`,
        bookingId,
        actions: [
          { action: 'accept', title: 'Accept' },
          { action: 'decline', title: 'Decline' },
        ],
      };
    },
  },
  nudge: {
    setting: 'nudgeReceived',
    urgency: 'normal',
    build: (source) => ({
      type: 'nudge',
      title: source.title,
      body: clip(source.message),
      url: '/notifications',
      tag: `nudge-${source.senderId ?? 'member'}`,
    }),
  },
};

/**
 * Queues the push of an inbox item to each of its member's devices, inside the caller's
 * transaction: it exists exactly when the item does, and the request that caused it never waits
 * for a push service. Nothing is queued for a kind that is not pushed, a member who turned it off,
 * or a member with no device.
 */
export async function queuePushFor(tx: Tx, source: PushSource): Promise<number> {
  const rule = RULES[source.type];
  if (!rule) return 0;
  const message = rule.build(source);
  if (!message) return 0;
  const recipient = await repo.recipientOf(tx, source.userId);
  if (!recipient || recipient.subscriptionIds.length === 0 || recipient.settings.push?.[rule.setting] === false) return 0;
  const expiresAt = new Date(source.createdAt.getTime() + PUSH_TTL_S * 1000).toISOString();
  for (const subscriptionId of recipient.subscriptionIds) {
    const payload: PushJobPayload = { subscriptionId, message, expiresAt };
    await enqueue(tx, PUSH_JOB, payload, { runAt: source.createdAt });
  }
  return recipient.subscriptionIds.length;
}

type Log = { info(object: object, message: string): void; warn(object: object, message: string): void };

export function createPushService(deps: { db: Db; clock: Clock; push: PushDeps; log: Log }) {
  const { db, clock, push, log } = deps;

  function checkEndpoint(endpoint: string) {
    const refusal = endpointRefusal(endpoint, push.allowedHosts);
    if (refusal)
      throw new HttpError(400, refusal === 'https' ? PUSH_ENDPOINT_HTTPS : PUSH_ENDPOINT_NOT_ALLOWED, [
        { field: 'endpoint', message: refusal === 'https' ? PUSH_ENDPOINT_HTTPS : PUSH_ENDPOINT_NOT_ALLOWED },
      ]);
  }

  return {
    publicKey: () => push.vapid.publicKey,

    async subscribe(memberId: string, body: PushSubscriptionBody): Promise<void> {
      checkEndpoint(body.endpoint);
      await db.transaction(async (tx) => {
        await repo.upsertSubscription(tx, { userId: memberId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, now: clock.now() });
        await repo.trimSubscriptions(tx, memberId, MAX_DEVICES);
      });
    },

    /** Only the member's own device; an unknown endpoint is already gone, which is what was asked. */
    unsubscribe: (memberId: string, endpoint: string) => repo.deleteOwn(db, memberId, endpoint),

    /**
     * One push to one device (the job's work). A device the push service reports gone (404, 410)
     * is deleted; any other failure throws, and the job retries later.
     */
    async send(payload: PushJobPayload): Promise<'sent' | 'gone' | 'expired' | 'skipped'> {
      const subscription = await repo.findSubscription(db, payload.subscriptionId);
      if (!subscription) return 'skipped';
      const ttl = Math.floor((new Date(payload.expiresAt).getTime() - clock.now().getTime()) / 1000);
      if (ttl <= 0) return 'expired';
      // Checked again: PUSH_ALLOWED_HOSTS may have narrowed since the device subscribed.
      if (endpointRefusal(subscription.endpoint, push.allowedHosts)) {
        log.warn({ subscription: subscription.id }, 'push endpoint no longer allowed; not sent');
        return 'skipped';
      }
      const rule = RULES[payload.message.type]!;
      try {
        await webpush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(payload.message),
          {
            vapidDetails: push.vapid,
            contentEncoding: 'aes128gcm',
            TTL: ttl,
            urgency: rule.urgency,
            // One pending push per booking or sender: the push service replaces an undelivered one.
            topic: payload.message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(-32),
            timeout: PUSH_TIMEOUT_MS,
            ...(push.agent ? { agent: push.agent } : {}),
          },
        );
        return 'sent';
      } catch (error) {
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          await repo.deleteGone(db, subscription);
          log.info({ subscription: subscription.id, status: error.statusCode }, 'push subscription gone; deleted');
          return 'gone';
        }
        if (error instanceof WebPushError) throw new Error(`push service answered ${error.statusCode}: ${String(error.body).slice(0, 200)}`);
        throw error;
      }
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;

/** The push job: one device per job, so a retry never sends twice to a device that got it. */
export function registerPushJobs(jobs: { register(kind: string, handler: (payload: Record<string, unknown>) => Promise<void>): void }, push: PushService) {
  jobs.register(PUSH_JOB, async (payload) => {
    await push.send(payload as PushJobPayload);
  });
}
