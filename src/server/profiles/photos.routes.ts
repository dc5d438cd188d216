import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PhotoDeleteResponseSchema, PhotoUploadResponseSchema, profilesPaths } from '#shared/api/profiles.ts';
import { PHOTO_MAX_BYTES, PHOTOS_MAX } from '#shared/domain/profile.ts';
import { HttpError } from '#shared/http-error.ts';
import { requireMember } from '../platform/auth.ts';
import { uploadError } from '../platform/input-guards.ts';
import { STORED_FILE_CACHE_CONTROL } from '../platform/storage-configured.ts';
import { photoError } from './photo-image.ts';
import { TOO_MANY_PHOTOS, type PhotosService, type UploadedPhoto } from './photos.service.ts';

const PHOTO_FIELD = 'photos';

export const NOT_MULTIPART = 'Send the photos as multipart/form-data in the field photos';

/** Member photos: upload (multipart), delete, and the public files themselves. */
export const photosRoutes =
  (photos: PhotosService): FastifyPluginAsyncZod =>
  async (app) => {
    // Registered here, so only this plugin's routes accept multipart bodies.
    await app.register(multipart, {
      throwFileSizeLimit: false,
      limits: {
        fileSize: PHOTO_MAX_BYTES,
        files: PHOTOS_MAX,
        fields: 10,
        fieldSize: 1024,
        fieldNameSize: 100,
        parts: PHOTOS_MAX + 10,
        headerPairs: 100,
      },
    });

    /** Every file sent in the `photos` field, read to the end (files past the size limit come back truncated). */
    async function readPhotos(request: FastifyRequest): Promise<UploadedPhoto[]> {
      const files: UploadedPhoto[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== PHOTO_FIELD) {
            part.file.resume();
            continue;
          }
          const bytes = await part.toBuffer();
          files.push({ filename: part.filename ?? '', bytes, truncated: part.file.truncated });
        }
      } catch (error) {
        if (error instanceof app.multipartErrors.FilesLimitError) throw photoError(400, TOO_MANY_PHOTOS);
        throw uploadError(error, PHOTO_FIELD);
      }
      return files;
    }

    app.post(
      profilesPaths.photos,
      {
        // Checked before the body is read: anything but multipart is refused without parsing it.
        onRequest: async (request) => {
          if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/form-data')) throw new HttpError(415, NOT_MULTIPART);
        },
        config: { upload: { field: 'photos', files: PHOTOS_MAX } },
        schema: { response: { 201: PhotoUploadResponseSchema } },
      },
      async (request, reply) => {
        const member = requireMember(request);
        const files = await readPhotos(request);
        return reply.code(201).send(await photos.upload(member.id, files));
      },
    );

    app.delete(
      profilesPaths.photo.route,
      { config: { errors: [404] }, schema: { params: z.object({ photoId: z.string() }), response: { 200: PhotoDeleteResponseSchema } } },
      async (request) => ({ photos: await photos.remove(requireMember(request).id, request.params.photoId) }),
    );

    // Public: <img> tags send no bearer token, and the random file names cannot be guessed.
    app.get(
      profilesPaths.photoFile,
      { config: { public: true, servesFile: 'image/webp', errors: [404] }, schema: { params: z.object({ file: z.string() }), response: { 200: z.instanceof(Readable) } } },
      async (request, reply) => {
        const file = await photos.file(request.params.file);
        return reply
          .type('image/webp')
          .header('content-length', file.size)
          .header('cache-control', STORED_FILE_CACHE_CONTROL)
          .header('x-content-type-options', 'nosniff')
          .send(file.stream);
      },
    );
  };
