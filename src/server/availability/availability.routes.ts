import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MyCalendarQuerySchema,
  MyCalendarResponseSchema,
  SLOT_MESSAGES,
  SlotCreateBodySchema,
  SlotCreateResponseSchema,
  SlotDeleteBodySchema,
  SlotDeleteResponseSchema,
  availabilityPaths,
} from '#shared/api/availability.ts';
import { requireMember } from '../platform/auth.ts';
import type { Idempotency } from '../platform/idempotency/idempotency.ts';
import type { AvailabilityService } from './availability.service.ts';

/** Any text: an id that names no slot answers 'Availability slot not found', never a 400. */
const SlotParams = z.object({ id: z.string().max(100) });
const verified = { guard: 'verified' as const };
/** A DELETE sent without a body reaches validation as null: it means the default reason. */
const DeleteBody = z.preprocess((body) => body ?? undefined, SlotDeleteBodySchema);

export const availabilityRoutes =
  (availability: AvailabilityService, idempotency: Idempotency): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      availabilityPaths.create,
      { config: { ...verified, errors: [404, 409, 422] }, schema: { body: SlotCreateBodySchema, response: { 200: SlotCreateResponseSchema, 201: SlotCreateResponseSchema } } },
      async (request, reply) => {
        const member = requireMember(request);
        // The app's outbox replays a queued slot with its Idempotency-Key: created and answered once.
        return idempotency.reply(
          request,
          reply,
          (transact) => availability.create(member, request.body, transact),
          ({ created, slot }) => ({ status: created ? 201 : 200, body: { message: SLOT_MESSAGES.created, slot } }),
        );
      },
    );

    app.get(
      availabilityPaths.myCalendar,
      { config: verified, schema: { querystring: MyCalendarQuerySchema, response: { 200: MyCalendarResponseSchema } } },
      async (request) => ({ calendar: await availability.calendar(requireMember(request), request.query.year, request.query.month) }),
    );

    app.delete(
      availabilityPaths.slot.route,
      { config: { ...verified, errors: [404, 409, 422] }, schema: { params: SlotParams, body: DeleteBody, response: { 200: SlotDeleteResponseSchema } } },
      async (request, reply) => {
        const member = requireMember(request);
        return idempotency.reply(
          request,
          reply,
          (transact) => availability.remove(member, request.params.id, request.body.reason, transact),
          ({ declinedRequests }) => ({ status: 200, body: { message: SLOT_MESSAGES.removed, declinedRequests } }),
        );
      },
    );
  };
