import { pathWithId } from './path-with-id.ts';

export const likesPaths = {
  like: pathWithId('/users', '/like'),
  likeStatus: pathWithId('/users', '/like-status'),
  likes: '/users/likes',
  nudge: pathWithId('/users', '/nudge'),
} as const;

export const CANNOT_LIKE_YOURSELF = 'Cannot like yourself';
export const NUDGE_ONCE_A_DAY = 'You can only send one nudge per day to each user';
