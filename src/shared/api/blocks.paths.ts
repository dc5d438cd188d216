export const blocksPaths = {
  block: (userId: string) => `/users/${encodeURIComponent(userId)}/block`,
  blocked: '/users/blocked',
} as const;

export const BLOCK_TEXTS = {
  notYourself: 'You cannot block yourself',
  blocked: 'Member blocked',
  unblocked: 'Member unblocked',
} as const;
