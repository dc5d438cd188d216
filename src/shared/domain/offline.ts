import { apiUrl } from '../api/api-prefix.ts';

/**
 * The service worker's runtime cache of member photos already seen (a photo never changes under
 * its URL, decision 9), so they show offline. Bounded; the page deletes it at sign-out so the
 * next member on a shared phone never sees the last one's photos.
 */
export const PHOTO_CACHE = 'rendezvous-photos';
export const PHOTO_CACHE_MAX_ENTRIES = 200;
export const PHOTO_CACHE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** Where member photos are served from (the profiles feature's `photoFile` route). */
export const PHOTO_PATH_PREFIX = apiUrl('/photos/');
