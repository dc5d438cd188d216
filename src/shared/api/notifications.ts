import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../domain/notifications.ts';
import { PhotoSchema } from './auth.ts';

export { notificationsPaths } from './notifications.paths.ts';

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1')
  .default(false);

/** Active items by default; includeArchived adds archived ones; archivedOnly gives only those. */
export const NotificationsQuerySchema = z.object({ includeArchived: flag, archivedOnly: flag });

export const NotificationSchema = z.object({
  _id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  isArchived: z.boolean(),
  createdAt: z.string(),
  sender: z.object({ _id: z.string(), profile: z.object({ name: z.string(), photos: z.array(PhotoSchema) }) }).nullable(),
  data: z.object({
    profileId: z.string().optional(),
    bookingId: z.string().optional(),
    date: z.string().optional(),
    proposedTime: z.string().optional(),
    venue: z.string().optional(),
    requestMessage: z.string().optional(),
  }),
  /** For booking requests once answered: confirmed, declined, or another outcome. */
  status: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsResponseSchema = z.object({
  notifications: z.array(NotificationSchema),
  counts: z.object({ active: z.number(), archived: z.number() }),
});
export const UnreadCountResponseSchema = z.object({ count: z.number() });
export const NotificationActionResponseSchema = z.object({ notification: NotificationSchema });
