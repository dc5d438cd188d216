import { pathWithId } from './path-with-id.ts';

export const notificationsPaths = {
  list: '/users/notifications',
  unreadCount: '/users/notifications/unread-count',
  read: pathWithId('/users/notifications', '/read'),
  archive: pathWithId('/users/notifications', '/archive'),
  acknowledge: pathWithId('/users/notifications', '/acknowledge'),
} as const;

/** The app's inbox page (a page, not an API call): where a notification and a push without a page of its own open. */
export const notificationsPage = { path: '/notifications' } as const;
