import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilitySchema,
  bookingActionParamsSchema,
  bookingDetailSchema,
  bookingSchema,
  bookingsListSchema,
  createBookingSchema,
  hoursEntryInputSchema,
  hoursEntryParamsSchema,
  hoursEntrySchema,
  hoursLedgerSchema,
} from '#shared/bookings.ts';
import { errorResponses, errorSchema } from '#shared/errors.ts';
import { idParam } from '#shared/fields.ts';
import type { Notifier } from '../../core/notifier.ts';
import type { Db } from '../../db/client.ts';
import { signedIn } from '../../plugins/guards.ts';
import { availability } from './availability.ts';
import { expireDue } from './bookings.jobs.ts';
import type { BookingsService } from './bookings.service.ts';
import type { HoursService } from './hours.service.ts';

const errors = { ...errorResponses, 409: errorSchema, 503: errorSchema };
const idParams = z.object({ id: idParam('Booking id') });

const routes: FastifyPluginAsyncZod<{
  db: Db;
  bookings: BookingsService;
  hours: HoursService;
  notifier: Notifier;
}> = async (app, { db, bookings: service, hours, notifier }) => {
  // Expiry notifies both parties, so it needs the notices: this registration replaces the one made
  // without them in app.ts (same name).
  app.jobs.register({
    name: 'bookings.expire',
    everyMs: 60_000,
    run: (now) => expireDue(db, now, notifier),
  });

  app.post(
    '/api/bookings',
    {
      config: signedIn,
      schema: { body: createBookingSchema, response: { 201: bookingSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.user.id, request.body)),
  );

  app.get(
    '/api/bookings',
    { config: signedIn, schema: { response: { 200: bookingsListSchema, ...errors } } },
    async (request) => service.list(request.user.id),
  );

  app.get(
    '/api/bookings/:id',
    {
      config: signedIn,
      schema: { params: idParams, response: { 200: bookingDetailSchema, ...errors } },
    },
    async (request) => service.detail(request.user.id, request.params.id),
  );

  app.post(
    '/api/bookings/:id/pay',
    {
      config: signedIn,
      schema: {
        params: idParams,
        response: { 200: z.object({ hostedUrl: z.string() }), ...errors, 502: errorSchema },
      },
    },
    async (request) => service.checkout(request.user.id, request.params.id),
  );

  app.post(
    '/api/bookings/:id/:action',
    {
      config: signedIn,
      schema: {
        params: idParams.extend(bookingActionParamsSchema.shape),
        response: { 200: bookingDetailSchema, ...errors, 502: errorSchema },
      },
    },
    async (request) => service.act(request.user.id, request.params.id, request.params.action),
  );

  app.get(
    '/api/bookings/:id/hours',
    {
      config: signedIn,
      schema: { params: idParams, response: { 200: hoursLedgerSchema, ...errors } },
    },
    async (request) => hours.ledger(request.params.id, request.user.id),
  );

  app.post(
    '/api/bookings/:id/hours',
    {
      config: signedIn,
      schema: {
        params: idParams,
        body: hoursEntryInputSchema,
        response: { 201: hoursEntrySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await hours.log(request.params.id, request.user.id, request.body)),
  );

  app.post(
    '/api/bookings/:id/hours/:entryId/:decision',
    {
      config: signedIn,
      schema: {
        params: idParams.extend({ entryId: idParam('Entry id') }).extend(hoursEntryParamsSchema.shape),
        response: { 200: hoursEntrySchema, ...errors },
      },
    },
    async (request) =>
      hours.decide(request.params.id, request.params.entryId, request.user.id, request.params.decision),
  );

  app.get(
    '/api/listings/:id/availability',
    {
      schema: {
        params: z.object({ id: idParam('Listing id') }),
        response: { 200: availabilitySchema, ...errors },
      },
    },
    async (request) => availability(db, request.params.id),
  );
};

export const bookingsRoutes = fp(routes, { name: 'bookings', dependencies: ['auth', 'notifications'] });
