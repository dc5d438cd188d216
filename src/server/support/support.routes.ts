import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPLICATION_SENT,
  CONTACT_SENT,
  ContactBodySchema,
  FEEDBACK_SENT,
  FeedbackBodySchema,
  FeedbackResponseSchema,
  INVITES_SENT,
  JobApplicationBodySchema,
  SendInvitesBodySchema,
  SendInvitesResponseSchema,
  SupportResponseSchema,
  supportPaths,
} from '#shared/api/support.ts';
import { requireMember } from '../platform/auth.ts';
import type { SupportService } from './support.service.ts';

export const supportRoutes =
  (support: SupportService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      supportPaths.contact,
      { config: { errors: [429] }, schema: { body: ContactBodySchema, response: { 200: SupportResponseSchema } } },
      async (request) => {
        await support.contact(requireMember(request), request.body, request.ip);
        return { success: true, message: CONTACT_SENT };
      },
    );

    app.post(
      supportPaths.feedback,
      { config: { guard: 'verified', errors: [429] }, schema: { body: FeedbackBodySchema, response: { 200: FeedbackResponseSchema } } },
      async (request) => {
        const { jobApplication } = await support.feedback(requireMember(request), request.body);
        return { success: true, message: FEEDBACK_SENT, jobApplication };
      },
    );

    app.post(
      supportPaths.careersApply,
      { config: { errors: [429] }, schema: { body: JobApplicationBodySchema, response: { 200: SupportResponseSchema } } },
      async (request) => {
        await support.apply(requireMember(request), request.body);
        return { success: true, message: APPLICATION_SENT };
      },
    );

    app.post(
      supportPaths.sendInvites,
      { config: { guard: 'verified', errors: [429] }, schema: { body: SendInvitesBodySchema, response: { 200: SendInvitesResponseSchema } } },
      async (request) => {
        const sent = await support.sendInvites(requireMember(request), request.body);
        return { success: true, message: INVITES_SENT, sent };
      },
    );
  };
