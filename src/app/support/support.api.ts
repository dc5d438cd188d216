import { SupportResponseSchema, supportPaths, type ContactInput } from '#shared/api/support.ts';
import { http } from '#app/platform/http.ts';

/** Support calls are one-off sends: no queries to cache, so no key factory. */
export const supportApi = {
  contact: (body: Omit<ContactInput, 'website'>) =>
    http.post(supportPaths.contact, SupportResponseSchema, body, { fallback: 'Failed to send message. Please try again.' }),
};
