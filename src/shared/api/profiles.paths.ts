export const profilesPaths = {
  profile: '/users/profile',
  notificationSettings: '/users/notification-settings',
  photos: '/users/photos',
  photo: (photoId: string) => `/users/photos/${encodeURIComponent(photoId)}`,
  member: (userId: string) => `/users/${encodeURIComponent(userId)}`,
  /** The server's route for `member`. */
  memberRoute: '/users/:id',
  /** Photo files: public, unguessable names, cached for a year. */
  photoFile: '/photos/:file',
} as const;
