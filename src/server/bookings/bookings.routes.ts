import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookingActionResponseSchema,
  BookingRequestBodySchema,
  BookingResponseSchema,
  CancelBodySchema,
  CompleteBodySchema,
  MyBookingsQuerySchema,
  MyBookingsResponseSchema,
  NoShowBodySchema,
  RespondBodySchema,
  bookingsPaths,
} from '#shared/api/bookings.ts';
import { requireMember } from '../platform/auth.ts';
import { BOOKING_MESSAGES, type BookingsService } from './bookings.service.ts';

/** Any text: an id that names no booking of the caller answers 404, never a 400. */
const BookingParams = z.object({ id: z.string() });
const verified = { guard: 'verified' as const };
/** A change to a booking: it may be gone (404) or no longer in a state that allows it (409). */
const changeOfBooking = { ...verified, errors: [404, 409] as const };
/**
 * Writes the answer as the handler built it, without zod checking it again: for a list of bookings
 * (200 of them, 320 KB) that check cost more than writing it. The schema still types the handler,
 * `toBooking` builds every field from typed rows, and tests/api/bookings.test.ts checks lists of
 * every status against it (decision 51).
 */
const asBuilt = () => (data: unknown) => JSON.stringify(data);

export const bookingsRoutes =
  (bookings: BookingsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      bookingsPaths.request,
      { config: { ...verified, errors: [404, 409] }, schema: { body: BookingRequestBodySchema, response: { 201: BookingActionResponseSchema } } },
      async (request, reply) => {
        const booking = await bookings.request(requireMember(request), request.body);
        return reply.code(201).send({ message: BOOKING_MESSAGES.requested, booking });
      },
    );

    app.get(
      bookingsPaths.mine,
      { config: verified, schema: { querystring: MyBookingsQuerySchema, response: { 200: MyBookingsResponseSchema } }, serializerCompiler: asBuilt },
      async (request) => ({ bookings: await bookings.mine(requireMember(request).id, request.query) }),
    );

    app.get(
      bookingsPaths.booking.route,
      { config: { ...verified, errors: [404] }, schema: { params: BookingParams, response: { 200: BookingResponseSchema } } },
      async (request) => ({ booking: await bookings.get(requireMember(request).id, request.params.id) }),
    );

    const actionSchema = <B extends z.ZodType>(body: B) => ({ params: BookingParams, body, response: { 200: BookingActionResponseSchema } });

    app.post(bookingsPaths.respond.route, { config: changeOfBooking, schema: actionSchema(RespondBodySchema) }, async (request) => {
      const booking = await bookings.respond(requireMember(request), request.params.id, request.body);
      return { message: request.body.action === 'confirm' ? BOOKING_MESSAGES.confirmed : BOOKING_MESSAGES.declined, booking };
    });

    app.post(bookingsPaths.cancel.route, { config: changeOfBooking, schema: actionSchema(CancelBodySchema) }, async (request) => ({
      message: BOOKING_MESSAGES.cancelled,
      booking: await bookings.cancel(requireMember(request), request.params.id, request.body),
    }));

    app.post(bookingsPaths.complete.route, { config: changeOfBooking, schema: actionSchema(CompleteBodySchema) }, async (request) => ({
      message: BOOKING_MESSAGES.completed,
      booking: await bookings.complete(requireMember(request), request.params.id, request.body),
    }));

    app.post(bookingsPaths.noShow.route, { config: changeOfBooking, schema: actionSchema(NoShowBodySchema) }, async (request) => ({
      message: BOOKING_MESSAGES.noShow,
      booking: await bookings.noShow(requireMember(request), request.params.id, request.body),
    }));
  };
