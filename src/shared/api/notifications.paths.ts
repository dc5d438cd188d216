export const notificationsPaths = {
  list: '/users/notifications',
  unreadCount: '/users/notifications/unread-count',
  read: (id: string) => `/users/notifications/${encodeURIComponent(id)}/read`,
  archive: (id: string) => `/users/notifications/${encodeURIComponent(id)}/archive`,
  acknowledge: (id: string) => `/users/notifications/${encodeURIComponent(id)}/acknowledge`,
} as const;
