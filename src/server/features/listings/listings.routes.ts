import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParam } from '#shared/errors.ts';
import {
  createListingSchema,
  listingDetailSchema,
  listingSchema,
  listingSummarySchema,
  listingsQuerySchema,
  ownListingSchema,
  updateListingSchema,
} from '#shared/listings.ts';
import { signedIn } from '../../plugins/guards.ts';
import type { ListingsService } from './listings.service.ts';

const errors = errorResponses;
const idParams = z.object({
  id: idParam('Listing id'),
});

export const listingsRoutes: FastifyPluginAsyncZod<{ listings: ListingsService }> = async (
  app,
  { listings: service },
) => {
  app.get(
    '/api/listings',
    {
      schema: {
        querystring: listingsQuerySchema,
        response: { 200: z.array(listingSummarySchema), ...errors },
      },
    },
    async (request, reply) => {
      const { items, nextCursor } = await service.search(request.query, undefined, request.user?.id);
      if (nextCursor) reply.header('X-Next-Cursor', nextCursor);
      reply.header('Access-Control-Expose-Headers', 'X-Next-Cursor');
      return items;
    },
  );

  app.get(
    '/api/listings/:id',
    { schema: { params: idParams, response: { 200: listingDetailSchema, ...errors } } },
    async (request) => service.detail(request.params.id, request.user?.id),
  );

  app.get(
    '/api/users/me/listings',
    { config: signedIn, schema: { response: { 200: z.array(ownListingSchema), ...errors } } },
    async (request) => service.dashboard(request.user.id),
  );

  app.post(
    '/api/listings',
    {
      config: signedIn,
      schema: { body: createListingSchema, response: { 201: listingSchema, ...errors } },
    },
    async (request, reply) => {
      const listing = await service.create(request.user, request.body);
      return reply.status(201).send(listing);
    },
  );

  app.patch(
    '/api/listings/:id',
    {
      config: signedIn,
      schema: { params: idParams, body: updateListingSchema, response: { 200: listingSchema, ...errors } },
    },
    async (request) => service.update(request.params.id, request.user.id, request.body),
  );

  app.delete(
    '/api/listings/:id',
    {
      config: signedIn,
      schema: {
        params: idParams,
        response: {
          200: z.object({ message: z.string(), outcome: z.enum(['deleted', 'hidden']) }),
          ...errors,
        },
      },
    },
    async (request) => {
      const outcome = await service.remove(request.params.id, request.user.id);
      return {
        message: outcome === 'deleted' ? 'Listing deleted' : 'Listing hidden: it has payments on record',
        outcome,
      };
    },
  );
};
