import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParam } from '#shared/errors.ts';
import {
  createListingSchema,
  listingDetailSchema,
  listingSchema,
  listingSummarySchema,
  listingsQuerySchema,
  mapPointSchema,
  ownListingSchema,
  updateListingSchema,
} from '#shared/listings.ts';
import type { Db } from '../../db/client.ts';
import { ListingsService } from './listings.service.ts';

const errors = errorResponses;
const idParams = z.object({
  id: idParam('Listing id'),
});

export const listingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const service = new ListingsService(db);
  // New listings are matched against saved searches (registered before this feature).
  if (app.hasDecorator('saved')) service.afterCreate = (listing) => app.saved.listingCreated(listing);

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

  // Every listing the filters find, as points at their approximate areas, for the map (ADR 038).
  app.get(
    '/api/listings/map',
    {
      schema: {
        querystring: listingsQuerySchema,
        response: { 200: z.array(mapPointSchema), ...errors },
      },
    },
    // Written by JSON.stringify: a tuple's schema would send every one of 100k points through
    // Zod's serializer (ADR 038); the points are built from typed rows, and the tests read them.
    async (request, reply) =>
      reply.serializer(JSON.stringify).send(await service.mapPoints(request.query, request.user?.id)),
  );

  app.get(
    '/api/listings/:id',
    { schema: { params: idParams, response: { 200: listingDetailSchema, ...errors } } },
    async (request) => service.detail(request.params.id, request.user),
  );

  app.get(
    '/api/users/me/listings',
    { preValidation: app.requireUser, schema: { response: { 200: z.array(ownListingSchema), ...errors } } },
    async (request) => service.dashboard(request.user!.id),
  );

  app.post(
    '/api/listings',
    {
      preValidation: app.requireUser,
      schema: { body: createListingSchema, response: { 201: listingSchema, ...errors } },
    },
    async (request, reply) => {
      const listing = await service.create(request.user!, request.body);
      return reply.status(201).send(listing);
    },
  );

  app.patch(
    '/api/listings/:id',
    {
      preValidation: app.requireUser,
      schema: { params: idParams, body: updateListingSchema, response: { 200: listingSchema, ...errors } },
    },
    async (request) => service.update(request.params.id, request.user!.id, request.body),
  );

  app.delete(
    '/api/listings/:id',
    {
      preValidation: app.requireUser,
      schema: {
        params: idParams,
        response: {
          200: z.object({ message: z.string(), outcome: z.enum(['deleted', 'hidden']) }),
          ...errors,
        },
      },
    },
    async (request) => {
      const outcome = await service.remove(request.params.id, request.user!.id);
      return {
        message: outcome === 'deleted' ? 'Listing deleted' : 'Listing hidden: it has payments on record',
        outcome,
      };
    },
  );
};
