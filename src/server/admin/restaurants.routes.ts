import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BANNER_IMAGE_FIELD,
  BANNER_IMAGE_MAX_BYTES,
  BannerCountResponseSchema,
  BannersResponseSchema,
  BannerUploadResponseSchema,
  RestaurantBodySchema,
  RestaurantDeleteResponseSchema,
  RestaurantResponseSchema,
  RestaurantsResponseSchema,
  restaurantsPaths,
} from '#shared/api/restaurants.ts';
import { HttpError } from '#shared/http-error.ts';
import { requireMember } from '../platform/auth.ts';
import { uploadError } from '../platform/input-guards.ts';
import type { RestaurantsService, UploadedImage } from './restaurants.service.ts';

const Params = z.object({ id: z.string().max(100) });
/** Every admin call: a session (401 without), then an admin (403 to members). */
const admin = { guard: 'admin' as const };
const verified = { guard: 'verified' as const };

export const NOT_MULTIPART = `Send the image as multipart/form-data in the field ${BANNER_IMAGE_FIELD}`;

/** Restaurant banners: the admin's list and changes, the banner upload, and the members' banners. */
export const restaurantsRoutes =
  (service: RestaurantsService): FastifyPluginAsyncZod =>
  async (app) => {
    // Registered here, so only this plugin's routes accept multipart bodies.
    await app.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: BANNER_IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, fieldNameSize: 100, parts: 11, headerPairs: 100 },
    });

    /** The file sent in the `image` field, read to the end (past the size limit it comes back truncated). */
    async function readImage(request: FastifyRequest): Promise<UploadedImage> {
      let image: UploadedImage = null;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== BANNER_IMAGE_FIELD || image) {
            part.file.resume();
            continue;
          }
          const bytes = await part.toBuffer();
          image = { filename: part.filename ?? '', bytes, truncated: part.file.truncated };
        }
      } catch (error) {
        if (error instanceof app.multipartErrors.FilesLimitError) {
          throw new HttpError(400, 'Send one image', [{ field: BANNER_IMAGE_FIELD, message: 'Send one image' }]);
        }
        throw uploadError(error, BANNER_IMAGE_FIELD);
      }
      return image;
    }

    app.get(restaurantsPaths.list, { config: admin, schema: { response: { 200: RestaurantsResponseSchema } } }, async () => ({
      restaurants: await service.list(),
    }));

    app.post(
      restaurantsPaths.list,
      { config: admin, schema: { body: RestaurantBodySchema, response: { 201: RestaurantResponseSchema } } },
      async (request, reply) => reply.code(201).send({ restaurant: await service.create(requireMember(request), request.body) }),
    );

    app.put(
      restaurantsPaths.one.route,
      { config: { ...admin, errors: [404] }, schema: { params: Params, body: RestaurantBodySchema, response: { 200: RestaurantResponseSchema } } },
      async (request) => ({ restaurant: await service.update(requireMember(request), request.params.id, request.body) }),
    );

    app.patch(
      restaurantsPaths.toggle.route,
      { config: { ...admin, errors: [404] }, schema: { params: Params, response: { 200: RestaurantResponseSchema } } },
      async (request) => ({ restaurant: await service.toggle(requireMember(request), request.params.id) }),
    );

    app.delete(
      restaurantsPaths.one.route,
      { config: { ...admin, errors: [404] }, schema: { params: Params, response: { 200: RestaurantDeleteResponseSchema } } },
      async (request) => {
        await service.remove(requireMember(request), request.params.id);
        return { success: true as const };
      },
    );

    app.post(
      restaurantsPaths.upload,
      {
        config: { ...admin, upload: { field: BANNER_IMAGE_FIELD, files: 1 } },
        // Checked before the body is read: anything but multipart is refused without parsing it.
        preValidation: async (request) => {
          if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/form-data')) throw new HttpError(415, NOT_MULTIPART);
        },
        schema: { response: { 201: BannerUploadResponseSchema } },
      },
      async (request, reply) => reply.code(201).send(await service.upload(await readImage(request))),
    );

    app.get(restaurantsPaths.banners, { config: verified, schema: { response: { 200: BannersResponseSchema } } }, async () => ({
      banners: await service.banners(),
    }));

    for (const [event, path] of [['view', restaurantsPaths.bannerView], ['click', restaurantsPaths.bannerClick]] as const) {
      app.post(
        path.route,
        { config: { ...verified, errors: [404, 429] }, schema: { params: Params, response: { 200: BannerCountResponseSchema } } },
        async (request) => {
          await service.count(requireMember(request).id, request.params.id, event);
          return { success: true as const };
        },
      );
    }
  };
