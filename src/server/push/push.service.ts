import type { Agent } from 'node:https';
import { sql, type SQL } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import { bookingsPage } from '#shared/api/bookings.paths.ts';
import { messagesPage } from '#shared/api/chat.paths.ts';
import { notificationsPage } from '#shared/api/notifications.paths.ts';
import { PUSH_ENDPOINT_HTTPS, PUSH_ENDPOINT_NOT_ALLOWED, type PushMessage, type PushSubscriptionBody } from '#shared/api/push.ts';
import type { NotificationType } from '#shared/domain/notifications.ts';
import type { NotificationSettings } from '#shared/domain/profile.ts';
import { HttpError } from '#shared/http-error.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/client.ts';
import { enqueueEach } from '../platform/jobs/jobs.ts';
import { isOnlineSql } from '../platform/realtime/presence.ts';
import { endpointRefusal, type AllowedHosts } from './push-hosts.ts';
import * as repo from './push.repo.ts';
import type { VapidKeys } from './vapid.ts';

/** Erasing a removed member (decision 21) is each feature's own part, called by admin in one transaction. */
export { eraseMember } from './push.repo.ts';

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

/** Which change a booking_update item tells, when it is one a member can be pushed about. */
export type BookingPushEvent = 'confirmed' | 'cancelled';

/** The inbox item fields a push is made from (the inbox item is created beside it). */
export type PushSource = {
  userId: string;
  senderId?: string | null;
  type: NotificationType;
  title: string;
  message: string;
  data?: { bookingId?: string } | null;
  createdAt: Date;
  /** For a booking_update: the change it tells (its push follows that setting); other updates are not pushed. */
  bookingEvent?: BookingPushEvent;
};

type Setting = keyof NotificationSettings['push'];
type Rule = { setting: Setting; build: (source: PushSource) => PushMessage | null };

const clip = (text: string, max = BODY_MAX) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
/** A chat message's text in its push: enough to read at a glance. */
export const MESSAGE_PUSH_MAX = 120;

/** A booking's confirmation or cancellation; one tag per booking, so the later replaces the earlier. */
const bookingUpdate = (type: 'booking_confirmed' | 'booking_cancelled') => (source: PushSource): PushMessage | null => {
  const bookingId = source.data?.bookingId;
  if (!bookingId) return null;
  return { type, title: source.title, body: clip(source.message), url: bookingsPage.booking(bookingId), tag: `booking-${bookingId}`, bookingId };
};

/** The inbox kinds that also go to a member's devices, and how (booking requests: `bookingRequestPushJobs`). */
const RULES: Partial<Record<NotificationType, Rule>> = {
  nudge: {
    setting: 'nudgeReceived',
    build: (source) => ({
      type: 'nudge',
      title: source.title,
      body: clip(source.message),
      url: notificationsPage.path,
      tag: `nudge-${source.senderId ?? 'member'}`,
    }),
  },
};

/** booking_update items tell many changes; only these are pushed, each under its own setting. */
const BOOKING_UPDATE_RULES: Record<BookingPushEvent, Rule> = {
  confirmed: { setting: 'bookingConfirmed', build: bookingUpdate('booking_confirmed') },
  cancelled: { setting: 'bookingCancelled', build: bookingUpdate('booking_cancelled') },
};

/** What a member would want to see at once (a request to answer, a date called off, a message) goes high. */
const URGENCY: Record<PushMessage['type'], 'high' | 'normal'> = {
  booking_request: 'high',
  nudge: 'normal',
  booking_confirmed: 'normal',
  booking_cancelled: 'high',
  message: 'high',
};

function ruleFor(source: PushSource): Rule | undefined {
  if (source.type === 'booking_update') return source.bookingEvent ? BOOKING_UPDATE_RULES[source.bookingEvent] : undefined;
  return RULES[source.type];
}

/** The jobs that push `message` to each of the member's devices, unless they turned `setting` off (one statement). */
function deviceJobsOf(userId: string, setting: Setting, message: PushMessage, createdAt: Date): SQL {
  return enqueueEach(PUSH_JOB, repo.devicePayloads(userId, setting, message, pushExpiresAt(createdAt)), { runAt: createdAt });
}

/** When a push made at `createdAt` stops being worth delivering (ISO text, as job payloads hold it). */
export const pushExpiresAt = (createdAt: Date) => new Date(createdAt.getTime() + PUSH_TTL_S * 1000).toISOString();

/** `clip` in SQL (PostgreSQL counts characters where JavaScript counts UTF-16 units: they differ only past the BMP). */
const clipSql = (text: SQL, max = BODY_MAX) =>
  sql`(case when char_length(${text}) > ${sql.raw(String(max))} then left(${text}, ${sql.raw(String(max - 1))}) || '…' else ${text} end)`;

/**
 * The push of a booking request to each of its host's devices (unless `newBooking` is off), as
 * SQL inside the statement that makes the request (bookings.repo `requestBooking`): the inbox
 * item's text is built there, from the slot it reads. Each value is an SQL expression of that
 * statement (text, uuid, ISO timestamps as text); none when `hostId` is null.
 */
export function bookingRequestPushJobs(item: { hostId: SQL; bookingId: SQL; title: SQL; message: SQL; venue: SQL; createdAt: SQL; expiresAt: SQL }): SQL {
  const venue = sql`(case when ${item.venue} = '' then '' else ' Venue: ' || ${item.venue} || '.' end)`;
  const message = sql`jsonb_build_object('type', 'booking_request', 'title', ${item.title}, 'body', ${clipSql(sql`(${item.message} || ${venue})`)},
    'url', ${sql.raw(`'${notificationsPage.path}'`)}, 'tag', 'booking-request-' || ${item.bookingId}, 'bookingId', ${item.bookingId},
    'actions', ${sql.raw(`'${JSON.stringify(BOOKING_REQUEST_ACTIONS)}'`)}::jsonb)`;
  return enqueueEach(PUSH_JOB, repo.devicePayloads(item.hostId, 'newBooking' satisfies Setting, message, item.expiresAt), { runAt: item.createdAt });
}
const BOOKING_REQUEST_ACTIONS: PushMessage['actions'] = [
  { action: 'accept', title: 'Accept' },
  { action: 'decline', title: 'Decline' },
];

/** One push.send job per device of the member, unless they have none or turned `setting` off. */
/**
 * The push of an inbox item to each of its member's devices, as one insert to run inside the
 * statement that stores the item: it exists exactly when the item does, and the request that caused
 * it never waits for a push service. Null for a kind that is not pushed; the insert adds nothing for
 * a member who turned it off or has no device.
 */
export function pushJobsFor(source: PushSource): SQL | null {
  const rule = ruleFor(source);
  if (!rule) return null;
  const message = rule.build(source);
  if (!message) return null;
  return deviceJobsOf(source.userId, rule.setting, message, source.createdAt);
}

/** A new chat message's push: the sender's name, the text shortened, their thread; one tag per conversation (a newer message replaces the older notification). */
export function messagePushOf(message: { senderId: string; senderName: string; content: string }): PushMessage {
  return {
    type: 'message',
    title: message.senderName,
    body: clip(message.content, MESSAGE_PUSH_MAX),
    url: messagesPage.thread(message.senderId),
    tag: `message-${message.senderId}`,
  };
}

/**
 * A chat message's push (`messagePushOf`, JSON) as one insert to ride in the send's statement
 * (its values SQL: a prepared statement's placeholders): to each of the recipient's devices, where
 * `when` holds (the message was stored), the recipient has no open realtime connection on any
 * instance (one who has sees it arrive live) and keeps `push.messages` on.
 */
export function messagePushJobs(values: { recipientId: SQL; push: SQL; createdAt: SQL; expiresAt: SQL }, when: SQL): SQL {
  const devices = repo.devicePayloads(values.recipientId, 'messages' satisfies Setting, values.push, values.expiresAt);
  return enqueueEach(PUSH_JOB, sql`select * from (${devices}) as d where ${when} and not ${isOnlineSql(values.recipientId)}`, { runAt: values.createdAt });
}

type Log = { info(object: object, message: string): void; warn(object: object, message: string): void };

export function createPushService(deps: {
  db: Db;
  clock: Clock;
  push: PushDeps;
  log: Log;
  /** The member's unread messages plus inbox items (from chat and notifications), for the app icon's badge. */
  unreadTotal: (memberId: string) => Promise<number>;
}) {
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
      // Counted as it leaves rather than when queued: the cause is committed by then, and a retry tells the count of its own moment.
      const badge = await deps.unreadTotal(subscription.userId);
      try {
        await webpush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify({ ...payload.message, badge } satisfies PushMessage),
          {
            vapidDetails: push.vapid,
            contentEncoding: 'aes128gcm',
            TTL: ttl,
            urgency: URGENCY[payload.message.type],
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
