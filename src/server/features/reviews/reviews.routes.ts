import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, errorSchema, idParam } from '#shared/errors.ts';
import {
  bookingReviewInputSchema,
  bookingReviewSchema,
  bookingReviewsSchema,
  createReviewSchema,
  hostReviewSchema,
  reviewSchema,
} from '#shared/reviews.ts';
import { signedIn } from '../../plugins/guards.ts';
import type { BookingReviewsService } from './booking-reviews.service.ts';
import type { ReviewsService } from './reviews.service.ts';

const errors = errorResponses;
const idParams = z.object({
  id: idParam('Listing id'),
});
const bookingParams = z.object({ id: idParam('Booking id') });

export const reviewsRoutes: FastifyPluginAsyncZod<{
  reviews: ReviewsService;
  bookingReviews: BookingReviewsService;
}> = async (app, { reviews: service, bookingReviews: blind }) => {
  // 201 for a first review, 200 when it replaced the user's earlier review of the listing.
  app.post(
    '/api/reviews',
    {
      config: signedIn,
      schema: { body: createReviewSchema, response: { 200: reviewSchema, 201: reviewSchema, ...errors } },
    },
    async (request, reply) => {
      const { review, created } = await service.upsert(request.user, request.body);
      return reply.status(created ? 201 : 200).send(review);
    },
  );

  app.get(
    '/api/listings/:id/reviews',
    { schema: { params: idParams, response: { 200: z.array(reviewSchema), ...errors } } },
    async (request) => service.forListing(request.params.id, request.user?.id ?? null),
  );

  // The host's review of the grower of a completed booking (blind until the reveal); the grower's
  // review of the listing tied to the booking is /listing-review. 201 first, 200 when updated.
  for (const [path, side] of [
    ['/api/bookings/:id/review', 'host'],
    ['/api/bookings/:id/listing-review', 'grower'],
  ] as const) {
    app.post(
      path,
      {
        config: signedIn,
        schema: {
          params: bookingParams,
          body: bookingReviewInputSchema,
          response: { 200: bookingReviewSchema, 201: bookingReviewSchema, ...errors, 409: errorSchema },
        },
      },
      async (request, reply) => {
        const { review, created } = await blind.write(request.user.id, request.params.id, side, request.body);
        return reply.status(created ? 201 : 200).send(review);
      },
    );
  }

  app.get(
    '/api/bookings/:id/reviews',
    {
      config: signedIn,
      schema: { params: bookingParams, response: { 200: bookingReviewsSchema, ...errors } },
    },
    async (request) => blind.forBooking(request.user.id, request.params.id),
  );

  // Reviews of a grower by their hosts, revealed ones only.
  app.get(
    '/api/users/:id/reviews',
    {
      schema: {
        params: z.object({ id: idParam('User id') }),
        response: { 200: z.array(hostReviewSchema), ...errors },
      },
    },
    async (request) => blind.ofGrower(request.params.id),
  );
};
