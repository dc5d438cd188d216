import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CalendarFeedResponseSchema, calendarPaths } from '#shared/api/calendar.ts';
import { requireMember } from '../platform/auth.ts';
import type { CalendarService } from './calendar.service.ts';

const ICS = 'text/calendar; charset=utf-8';
/** Any text: an id that names no booking of the caller answers 404, never a 400. */
const BookingParams = z.object({ id: z.string() });
const verified = { guard: 'verified' as const };

/** The calls under /api: a booking's file, and the member's feed address. */
export const calendarRoutes =
  (calendar: CalendarService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      calendarPaths.bookingFile.route,
      {
        config: { ...verified, servesFile: 'text/calendar', errors: [404, 409] },
        schema: { params: BookingParams, response: { 200: z.string() } },
      },
      async (request, reply) => {
        const file = await calendar.bookingFile(requireMember(request).id, request.params.id);
        return reply
          .type(ICS)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(file.text);
      },
    );

    app.get(calendarPaths.feed, { schema: { response: { 200: CalendarFeedResponseSchema } } }, async (request) => ({
      url: await calendar.feedUrl(requireMember(request).id),
    }));

    app.post(calendarPaths.resetFeed, { schema: { response: { 200: CalendarFeedResponseSchema } } }, async (request) => ({
      url: await calendar.resetFeed(requireMember(request).id),
    }));
  };

/**
 * The feed itself, on the site's root: calendar apps fetch it with no bearer token, so the secret
 * in its name is the key. Registered outside /api and left out of the API's document (it is a
 * calendar's address, not a call of the app).
 */
export const calendarFeedRoutes =
  (calendar: CalendarService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      calendarPaths.feedFileRoute,
      { config: { public: true }, schema: { hide: true, params: z.object({ file: z.string() }) } },
      async (request, reply) =>
        reply
          .type(ICS)
          .header('cache-control', 'private, max-age=300')
          .header('x-robots-tag', 'noindex')
          .send(await calendar.feed(request.params.file)),
    );
  };
