export const pushPaths = {
  vapidPublicKey: '/push/vapid-public-key',
  subscribe: '/push/subscribe',
} as const;
