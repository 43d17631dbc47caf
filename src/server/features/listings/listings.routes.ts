import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParam } from '#shared/errors.ts';
import {
  createListingSchema,
  type ListingSummary,
  listingDetailSchema,
  listingSchema,
  listingSummarySchema,
  listingsQuerySchema,
  type MapPoint,
  mapPointSchema,
  ownListingSchema,
  updateListingSchema,
} from '#shared/listings.ts';
import { placeSchema, placesQuerySchema } from '#shared/places.ts';
import { signedIn } from '../../plugins/guards.ts';
import type { ListingsService } from './listings.service.ts';

const errors = errorResponses;

// The searcher whose blocks filter a search: none when the member has no blocks, so the search is
// the visitors' one (ADR 041).
const searcher = (request: FastifyRequest) => (request.viewerBlocks ? request.user?.id : undefined);
// JSON the database wrote goes out as it is, never through a serializer that would walk it again;
// the tests read it against the route's schema.
const asWritten = <R extends FastifyReply>(reply: R): R =>
  reply.type('application/json; charset=utf-8').serializer(String) as R;
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
      const { json, nextCursor, place, nearPlace, total } = await service.search(
        request.query,
        undefined,
        searcher(request),
      );
      if (nextCursor) reply.header('X-Next-Cursor', nextCursor);
      // The first page: how many in all; a misspelt location: the place it was read as (ADR 038).
      if (total !== undefined) reply.header('X-Total-Count', String(total));
      if (place) reply.header('X-Place', encodeURIComponent(place));
      // A misspelt "near": the place it was read as (ADR 051).
      if (nearPlace) reply.header('X-Near-Place', encodeURIComponent(nearPlace));
      reply.header('Access-Control-Expose-Headers', 'X-Next-Cursor, X-Total-Count, X-Place, X-Near-Place');
      // PostgreSQL wrote the page (ADR 041).
      return asWritten(reply).send(json as unknown as ListingSummary[]);
    },
  );

  // Places for what is typed in a location box, forgiving typos, ranked by their listings.
  app.get(
    '/api/places',
    { schema: { querystring: placesQuerySchema, response: { 200: z.array(placeSchema), ...errors } } },
    async (request) => service.places.suggest(request.query.q),
  );

  // The places with listings nearest the one typed, for a search that found none.
  app.get(
    '/api/places/nearby',
    { schema: { querystring: placesQuerySchema, response: { 200: z.array(placeSchema), ...errors } } },
    async (request) => service.places.nearby(request.query.q),
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
    // The database writes the JSON (ADR 038): 100k tuples.
    async (request, reply) => {
      const json = await service.mapPointsJson(request.query, searcher(request));
      return asWritten(reply).send(json as unknown as MapPoint[]);
    },
  );

  app.get(
    '/api/listings/:id',
    { schema: { params: idParams, response: { 200: listingDetailSchema, ...errors } } },
    async (request) => service.detail(request.params.id, request.user),
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
