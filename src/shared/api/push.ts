import { z } from 'zod';

export { pushPaths } from './push.paths.ts';

export const PUSH_ENDPOINT_NOT_ALLOWED = 'This push service is not allowed';
export const PUSH_ENDPOINT_HTTPS = 'A push endpoint must be an https address';

/** Base64url (padding dropped), as browsers give a subscription's keys, of exactly `bytes` bytes. */
const base64url = (name: string, bytes: number) =>
  z
    .string()
    .transform((value) => value.replace(/=+$/, ''))
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]+$/, `${name} must be base64url`)
        .length(Math.ceil((bytes * 4) / 3), `${name} must be ${bytes} bytes`),
    );

/** A browser's PushSubscription.toJSON(); expirationTime is accepted and not kept. */
export const PushSubscriptionBodySchema = z.object({
  endpoint: z.string().trim().max(2048).url('endpoint must be a URL'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url('keys.p256dh', 65),
    /** The shared auth secret (16 bytes). */
    auth: base64url('keys.auth', 16),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

export const PushUnsubscribeBodySchema = z.object({ endpoint: z.string().trim().min(1).max(2048) });

export const VapidPublicKeyResponseSchema = z.object({ publicKey: z.string() });
export const PushSubscribeResponseSchema = z.object({ success: z.literal(true) });

export const PUSH_ACTIONS = ['accept', 'decline'] as const;
export type PushAction = (typeof PUSH_ACTIONS)[number];

/**
 * What the server sends to a device (encrypted, aes128gcm) and the service worker shows. Kept small:
 * a push payload must stay under about 4 KB.
 */
export const PushMessageSchema = z.object({
  type: z.enum(['booking_request', 'nudge', 'booking_confirmed', 'booking_cancelled', 'message']),
  title: z.string(),
  body: z.string(),
  /** The screen to open, same origin. */
  url: z.string(),
  /** One notification per tag: a newer one replaces it. */
  tag: z.string(),
  bookingId: z.string().optional(),
  actions: z.array(z.object({ action: z.enum(PUSH_ACTIONS), title: z.string() })).optional(),
  /** The member's unread messages plus inbox items when the push left: the installed app icon's badge. */
  badge: z.number().int().nonnegative().optional(),
});
export type PushMessage = z.infer<typeof PushMessageSchema>;
