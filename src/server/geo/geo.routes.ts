import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ReverseQuerySchema,
  ReverseResponseSchema,
  SearchQuerySchema,
  SearchResponseSchema,
  geoPaths,
} from '#shared/api/geo.ts';
import { reverseGeocode, searchPlaces } from './geo.service.ts';

/** Our own gazetteer: no third party learns where a member is. Open to visitors (sign-up needs it). */
export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
