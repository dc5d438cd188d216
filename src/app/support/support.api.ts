import type { FeedbackResponseSchema, SendInvitesResponseSchema, SupportResponseSchema, ContactInput, FeedbackInput, InviteRow, JobApplicationInput } from '#shared/api/support.ts';
import { APPLICATION_FAILED, FEEDBACK_FAILED, INVITES_FAILED } from '#shared/api/support.ts';
import { supportPaths } from '#shared/api/support.paths.ts';
import { http, type AnswerOf } from '#app/platform/http.ts';

/** Support calls are one-off sends: no queries to cache, so no key factory. */
export const supportApi = {
  contact: (body: Omit<ContactInput, 'website'>) =>
    http.post<AnswerOf<typeof SupportResponseSchema>>(supportPaths.contact, body, { fallback: 'Failed to send message. Please try again.' }),
  feedback: (body: FeedbackInput) =>
    http.post<AnswerOf<typeof FeedbackResponseSchema>>(supportPaths.feedback, { ...body, jobApplication: body.category === 'job' }, { fallback: FEEDBACK_FAILED }),
  /** The spec's payload: every row with its `sent` flag. */
  sendInvites: (invites: InviteRow[]) => http.post<AnswerOf<typeof SendInvitesResponseSchema>>(supportPaths.sendInvites, { invites }, { fallback: INVITES_FAILED }),
  apply: (body: JobApplicationInput) => http.post<AnswerOf<typeof SupportResponseSchema>>(supportPaths.careersApply, body, { fallback: APPLICATION_FAILED }),
};
