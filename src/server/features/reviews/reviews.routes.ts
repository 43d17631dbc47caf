import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParam } from '#shared/errors.ts';
import { createReviewSchema, reviewSchema } from '#shared/reviews.ts';
import type { Db } from '../../db/client.ts';
import { ReviewsService } from './reviews.service.ts';

const errors = errorResponses;
const idParams = z.object({
  id: idParam('Listing id'),
});

export const reviewsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const service = new ReviewsService(db);

  // 201 for a first review, 200 when it replaced the user's earlier review of the listing.
  app.post(
    '/api/reviews',
    {
      preHandler: app.requireUser,
      schema: { body: createReviewSchema, response: { 200: reviewSchema, 201: reviewSchema, ...errors } },
    },
    async (request, reply) => {
      const { review, created } = await service.upsert(request.user!, request.body);
      return reply.status(created ? 201 : 200).send(review);
    },
  );

  app.get(
    '/api/listings/:id/reviews',
    { schema: { params: idParams, response: { 200: z.array(reviewSchema), ...errors } } },
    async (request) => service.forListing(request.params.id, request.user?.id ?? null),
  );
};
