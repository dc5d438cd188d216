import { queryOptions } from '@tanstack/react-query';
import type { User } from '#shared/api/auth.ts';
import type { NotificationSettings } from '#shared/domain/profile.ts';
import type { NotificationSettingsResponseSchema, PhotoDeleteResponseSchema, PhotoUploadResponseSchema, ProfileUpdateResponseSchema, ProfileUpdateBody } from '#shared/api/profiles.ts';
import { profilesPaths } from '#shared/api/profiles.paths.ts';
import { authApi, authKeys } from '#app/auth/auth.api.ts';
import { api, http, toHttpError, type AnswerOf } from '#app/platform/http.ts';
import { keepChange, queryClient } from '#app/platform/query.ts';
import { useSession } from '#app/platform/session.store.ts';

/** Photos travel slower than JSON on a phone's network. */
const UPLOAD_TIMEOUT_MS = 60_000;

export const PROFILE_SAVE_FAILED = 'Failed to update profile';
export const PHOTO_UPLOAD_FAILED = 'Failed to upload photos';
export const PHOTO_DELETE_FAILED = 'Failed to delete photo';
export const NOTIFICATION_SETTINGS_FAILED = 'Failed to save notification settings';

export const profilesApi = {
  update: (body: ProfileUpdateBody) => http.put<AnswerOf<typeof ProfileUpdateResponseSchema>>(profilesPaths.profile, body, { fallback: PROFILE_SAVE_FAILED }),
  setNotificationSettings: (settings: NotificationSettings) =>
    http.put<AnswerOf<typeof NotificationSettingsResponseSchema>>(profilesPaths.notificationSettings, settings, { fallback: NOTIFICATION_SETTINGS_FAILED }),
  async uploadPhotos(files: readonly File[]) {
    const form = new FormData();
    for (const file of files) form.append('photos', file, file.name);
    try {
      return await api.post(profilesPaths.photos.replace(/^\//, ''), { body: form, timeout: UPLOAD_TIMEOUT_MS }).json<AnswerOf<typeof PhotoUploadResponseSchema>>();
    } catch (error) {
      throw await toHttpError(error, PHOTO_UPLOAD_FAILED);
    }
  },
  deletePhoto: (photoId: string) => http.delete<AnswerOf<typeof PhotoDeleteResponseSchema>>(profilesPaths.photo(photoId), undefined, { fallback: PHOTO_DELETE_FAILED }),
};

/** The member's own record from the server (`ask`), kept in the cache entry the session keeps; the session store follows it. */
const ownRecord = (ask: () => ReturnType<typeof authApi.me>) =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: async () => {
      const { user } = await ask();
      useSession.getState().setUser(user);
      return user;
    },
    staleTime: 0,
    retry: false,
  });

/**
 * The member's own record fresh from the server (the same cache entry the session keeps); the
 * session store follows it, so the header's score chip shows what the server says. A page opened
 * with the session check at start takes that check's answer (decision 53).
 */
export const ownRecordQuery = () => ownRecord(authApi.ownRecord);

/** Changes the member in the session store (and so in the header) at once. */
export function updateOwnRecord(change: (user: User) => User) {
  const { user, setUser } = useSession.getState();
  if (user) setUser(change(user));
}

/** The member's record the server just answered with: on screen, in the cache and on the device before the success shows. */
export async function keepOwnRecord(user: User): Promise<void> {
  useSession.getState().setUser(user);
  queryClient.setQueryData(authKeys.me(), user);
  await keepChange([authKeys.me()]);
}

/** After a photo change: the server's record, for the score and anything else it moved. */
export function refreshOwnRecord(): Promise<User> {
  return queryClient.fetchQuery(ownRecord(authApi.me));
}
