import { pathWithId } from './path-with-id.ts';

export const profilesPaths = {
  profile: '/users/profile',
  notificationSettings: '/users/notification-settings',
  photos: '/users/photos',
  photo: pathWithId('/users/photos', '', 'photoId'),
  member: pathWithId('/users'),
  /** Photo files: public, unguessable names, cached for a year. */
  photoFile: '/photos/:file',
} as const;
