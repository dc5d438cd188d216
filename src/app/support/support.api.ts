import {
  APPLICATION_FAILED,
  FEEDBACK_FAILED,
  FeedbackResponseSchema,
  INVITES_FAILED,
  SendInvitesResponseSchema,
  SupportResponseSchema,
  supportPaths,
  type ContactInput,
  type FeedbackInput,
  type InviteRow,
  type JobApplicationInput,
} from '#shared/api/support.ts';
import { http } from '#app/platform/http.ts';

/** Support calls are one-off sends: no queries to cache, so no key factory. */
export const supportApi = {
  contact: (body: Omit<ContactInput, 'website'>) =>
    http.post(supportPaths.contact, SupportResponseSchema, body, { fallback: 'Failed to send message. Please try again.' }),
  feedback: (body: FeedbackInput) =>
    http.post(supportPaths.feedback, FeedbackResponseSchema, { ...body, jobApplication: body.category === 'job' }, { fallback: FEEDBACK_FAILED }),
  /** The spec's payload: every row with its `sent` flag. */
  sendInvites: (invites: InviteRow[]) => http.post(supportPaths.sendInvites, SendInvitesResponseSchema, { invites }, { fallback: INVITES_FAILED }),
  apply: (body: JobApplicationInput) => http.post(supportPaths.careersApply, SupportResponseSchema, body, { fallback: APPLICATION_FAILED }),
};
