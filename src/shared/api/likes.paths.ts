export const likesPaths = {
  like: (userId: string) => `/users/${encodeURIComponent(userId)}/like`,
  likeStatus: (userId: string) => `/users/${encodeURIComponent(userId)}/like-status`,
  likes: '/users/likes',
  nudge: (userId: string) => `/users/${encodeURIComponent(userId)}/nudge`,
} as const;

export const CANNOT_LIKE_YOURSELF = 'Cannot like yourself';
export const NUDGE_ONCE_A_DAY = 'You can only send one nudge per day to each user';
