import { pathWithId } from './path-with-id.ts';

export const blocksPaths = {
  block: pathWithId('/users', '/block'),
  blocked: '/users/blocked',
} as const;

export const BLOCK_TEXTS = {
  notYourself: 'You cannot block yourself',
  blocked: 'Member blocked',
  unblocked: 'Member unblocked',
} as const;
