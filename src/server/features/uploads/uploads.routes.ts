import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_MAX_BYTES, IMAGES_PER_UPLOAD } from '#shared/constants.ts';
import { errorSchema } from '#shared/errors.ts';
import { parseVariantName } from '#shared/photos.ts';
import { badRequest, HttpError, notFound } from '../../errors.ts';
import { signedIn } from '../../plugins/guards.ts';
import { isUploadName, type UploadStore } from './upload-store.ts';
import type { UploadsService } from './uploads.service.ts';

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService; store: UploadStore }> = async (
  app,
  { uploads: service, store },
) => {
  await app.register(multipart, {
    limits: {
      fileSize: IMAGE_MAX_BYTES,
      files: IMAGES_PER_UPLOAD,
      fields: 10,
      parts: IMAGES_PER_UPLOAD + 10,
    },
  });

  app.post(
    '/api/upload',
    {
      config: signedIn,
      schema: {
        // for=listing: photos for a listing, held to its minimum size (ADR 038).
        querystring: z.object({ for: z.enum(['listing'], { error: 'for must be listing' }).optional() }),
        response: {
          200: z.array(z.string()),
          400: errorSchema,
          401: errorSchema,
          413: errorSchema,
          415: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw new HttpError(
          415,
          'Send the images as multipart/form-data in the field "images"',
          'NOT_MULTIPART',
        );
      const files: Buffer[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'images')
            throw badRequest('Images must be sent in the field "images"', 'WRONG_FIELD');
          files.push(await part.toBuffer());
        }
      } catch (err) {
        if (err instanceof HttpError) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, 'Each image must be 5 MB or smaller', 'FILE_TOO_LARGE');
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
          throw new HttpError(413, `At most ${IMAGES_PER_UPLOAD} images at a time`, 'TOO_MANY_FILES');
        if (code === 'FST_FIELDS_LIMIT') throw new HttpError(413, 'Too many form fields', 'TOO_MANY_FIELDS');
        // Anything else while reading the body is a malformed body (no boundary, a truncated
        // part, garbage): the parser's own errors carry no status.
        throw badRequest(
          'The upload could not be read: send a complete multipart/form-data body with its boundary',
          'MALFORMED_MULTIPART',
        );
      }
      if (!files.length) throw badRequest('No images were sent', 'NO_FILES');
      return service.store(request.user.id, files, request.query.for === 'listing');
    },
  );

  // Uploaded photos, the same answer from every store and every instance: a random name's bytes
  // never change, so they are cached for a year and the name itself is the ETag.
  app.get(
    '/uploads/:name',
    {
      schema: {
        params: z.object({ name: z.string().max(200) }),
        response: {
          200: z.custom<Buffer>((v) => Buffer.isBuffer(v)),
          304: z.undefined(),
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const missing = () => notFound('No such upload', 'UPLOAD_NOT_FOUND');
      if (!isUploadName(name)) throw missing();
      // A narrower copy belongs to its photo (ADR 039).
      const photo = parseVariantName(name)?.original ?? name;
      const etag = `"${name}"`;
      reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
      const match = request.headers['if-none-match'];
      if (match?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
        // Only an upload that still exists is "not modified" (its row, without reading the bytes).
        if (await service.exists(`/uploads/${photo}`)) return reply.status(304).send();
        reply.removeHeader('cache-control').removeHeader('etag');
        throw missing();
      }
      const file = await store.read(name);
      if (file) return reply.type(file.contentType).send(file.bytes);
      reply.removeHeader('cache-control').removeHeader('etag');
      // No copy at this width: the photo is no wider, or its copies are not made yet. The photo
      // itself answers, cached briefly (its copy may come).
      const whole = photo === name ? null : await store.read(photo);
      if (!whole) throw missing();
      return reply.header('cache-control', 'public, max-age=600').type(whole.contentType).send(whole.bytes);
    },
  );
};
