import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, errorSchema, idParam } from '#shared/errors.ts';
import { listingSummarySchema } from '#shared/listings.ts';
import {
  createSavedSearchSchema,
  savedIdsSchema,
  savedSearchSchema,
  savedStateSchema,
} from '#shared/saved.ts';
import { signedIn } from '../../plugins/guards.ts';
import type { SavedService } from './saved.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    // Saved listings and searches; the listings feature tells it of each new listing.
    saved: SavedService;
  }
}

const errors = errorResponses;
const listingParams = z.object({ listingId: idParam('Listing id') });
const searchParams = z.object({ id: idParam('Saved search id') });

const routes: FastifyPluginAsyncZod<{ saved: SavedService }> = async (app, { saved: service }) => {
  app.get(
    '/api/saved',
    {
      config: signedIn,
      schema: { response: { 200: z.array(listingSummarySchema), ...errors } },
    },
    async (request) => service.list(request.user.id),
  );

  app.get(
    '/api/saved/ids',
    { config: signedIn, schema: { response: { 200: savedIdsSchema, ...errors } } },
    async (request) => service.ids(request.user.id),
  );

  app.put(
    '/api/saved/:listingId',
    {
      config: signedIn,
      schema: { params: listingParams, response: { 200: savedStateSchema, ...errors } },
    },
    async (request) => service.save(request.user.id, request.params.listingId),
  );

  app.delete(
    '/api/saved/:listingId',
    {
      config: signedIn,
      schema: { params: listingParams, response: { 200: savedStateSchema, ...errors } },
    },
    async (request) => service.unsave(request.user.id, request.params.listingId),
  );

  app.get(
    '/api/saved-searches',
    { config: signedIn, schema: { response: { 200: z.array(savedSearchSchema), ...errors } } },
    async (request) => service.searches(request.user.id),
  );

  app.post(
    '/api/saved-searches',
    {
      config: signedIn,
      schema: {
        body: createSavedSearchSchema,
        response: { 200: savedSearchSchema, 201: savedSearchSchema, ...errors, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { search, created } = await service.createSearch(request.user.id, request.body);
      return reply.status(created ? 201 : 200).send(search);
    },
  );

  app.delete(
    '/api/saved-searches/:id',
    {
      config: signedIn,
      schema: { params: searchParams, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (request) => {
      await service.removeSearch(request.user.id, request.params.id);
      return { message: 'Saved search deleted' };
    },
  );
};

export const savedRoutes = fp(routes, { name: 'saved', dependencies: ['notifications'] });
