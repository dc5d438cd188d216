import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ReverseQuerySchema,
  ReverseResponseSchema,
  SearchQuerySchema,
  SearchResponseSchema,
  TimeZoneQuerySchema,
  TimeZoneResponseSchema,
  geoPaths,
} from '#shared/api/geo.ts';
import type { Clock } from '../platform/clock.ts';
import { reverseGeocode, searchPlaces, zoneReading } from './geo.service.ts';

/** Our own gazetteer and zone rules: no third party learns where a member is. Open to visitors (sign-up needs it). */
export const geoRoutes =
  (clock: Clock): FastifyPluginAsyncZod =>
  async (app) => {
  app.get(
    geoPaths.reverse,
    { config: { public: true }, schema: { querystring: ReverseQuerySchema, response: { 200: ReverseResponseSchema } } },
    async (request) => ({ place: reverseGeocode(request.query.lat, request.query.lon) }),
  );
  app.get(
    geoPaths.search,
    { config: { public: true }, schema: { querystring: SearchQuerySchema, response: { 200: SearchResponseSchema } } },
    async (request) => ({ places: searchPlaces(request.query.q, request.query.limit) }),
  );
  app.get(
    geoPaths.timeZone,
    { config: { public: true }, schema: { querystring: TimeZoneQuerySchema, response: { 200: TimeZoneResponseSchema } } },
    async (request) => zoneReading(request.query.zone, clock.now()),
  );
};
