import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agreementAcceptSchema,
  agreementChangeSchema,
  agreementSchema,
  endEarlySchema,
  hostCancellationsSchema,
} from '#shared/agreement.ts';
import {
  availabilitySchema,
  bookingActionParamsSchema,
  bookingDetailSchema,
  bookingSchema,
  bookingsListSchema,
  createBookingSchema,
  hoursDecisionBodySchema,
  hoursEntryInputSchema,
  hoursEntryParamsSchema,
  hoursEntrySchema,
  hoursLedgerSchema,
} from '#shared/bookings.ts';
import { endEarlyQuerySchema, refundQuoteSchema } from '#shared/cancellation.ts';
import { errorResponses, errorSchema } from '#shared/errors.ts';
import { idParam } from '#shared/fields.ts';
import { adminActionSchema } from '#shared/moderation.ts';
import { stayQuoteQuerySchema, stayQuoteSchema } from '#shared/stay-quote.ts';
import { adminPost } from '../../plugins/admin-post.ts';
import { requestLocale } from '../../plugins/errors.ts';
import { adminOnly, isAdmin, signedIn } from '../../plugins/guards.ts';
import type { AgreementService } from './agreement.service.ts';
import type { BookingsService } from './bookings.service.ts';
import type { EndEarly } from './end-early.ts';
import type { HoursService } from './hours.service.ts';

const errors = { ...errorResponses, 409: errorSchema, 503: errorSchema };
const idParams = z.object({ id: idParam('Booking id') });

const routes: FastifyPluginAsyncZod<{
  bookings: BookingsService;
  hours: HoursService;
  agreements: AgreementService;
  ending: EndEarly;
}> = async (app, { bookings: service, hours, agreements, ending }) => {
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

  // The grow agreement (ADR 037): the parties and operators read it; a party proposes a change (a
  // new version) and the other accepts it.
  app.get(
    '/api/bookings/:id/agreement',
    {
      config: signedIn,
      schema: { params: idParams, response: { 200: agreementSchema, ...errors } },
    },
    async (request) =>
      agreements.read(request.params.id, request.user.id, isAdmin(request), requestLocale(request)),
  );

  app.post(
    '/api/bookings/:id/agreement',
    {
      config: signedIn,
      schema: {
        params: idParams,
        body: agreementChangeSchema,
        response: { 200: agreementSchema, ...errors },
      },
    },
    async (request) =>
      agreements.propose(
        request.params.id,
        request.user.id,
        request.body,
        new Date(),
        requestLocale(request),
      ),
  );

  app.post(
    '/api/bookings/:id/agreement/accept',
    {
      config: signedIn,
      schema: {
        params: idParams,
        body: agreementAcceptSchema,
        response: { 200: agreementSchema, ...errors },
      },
    },
    async (request) =>
      agreements.accept(
        request.params.id,
        request.user.id,
        request.body.version,
        new Date(),
        requestLocale(request),
      ),
  );

  app.post(
    '/api/bookings/:id/end-early',
    {
      config: signedIn,
      schema: { params: idParams, body: endEarlySchema, response: { 200: bookingDetailSchema, ...errors } },
    },
    async (request) => ending.byParty(request.user.id, request.params.id, request.body),
  );

  // What booking these dates would cost and charge when (ADR 045): the booking card shows this,
  // never amounts of its own. Public, like the listing's price.
  app.get(
    '/api/listings/:id/quote',
    {
      schema: {
        params: z.object({ id: idParam('Listing id') }),
        querystring: stayQuoteQuerySchema,
        response: { 200: stayQuoteSchema, ...errors },
      },
    },
    async (request) => service.quote(request.params.id, request.query),
  );

  // What cancelling, or ending early on a day, would give back now (ADR 045): the dialogs state it.
  app.get(
    '/api/bookings/:id/cancellation',
    {
      config: signedIn,
      schema: { params: idParams, response: { 200: refundQuoteSchema, ...errors } },
    },
    async (request) => service.cancellationQuote(request.user.id, request.params.id),
  );

  app.get(
    '/api/bookings/:id/end-early',
    {
      config: signedIn,
      schema: {
        params: idParams,
        querystring: endEarlyQuerySchema,
        response: { 200: refundQuoteSchema, ...errors },
      },
    },
    async (request) => ending.quote(request.user.id, request.params.id, request.query.endDate),
  );

  // An operator ends a running stay at once, for safety, with a reason in the audit log.
  adminPost(
    app,
    '/api/admin/bookings/:id/end',
    { idName: 'Booking id', body: adminActionSchema, errors },
    (actor, id, body) => ending.byOperator(actor, id, body.reason),
  );

  // The console's count of a host's cancellations (ADR 037); the admin guard answers others first.
  app.get(
    '/api/admin/users/:id/host-cancellations',
    {
      config: adminOnly,
      schema: { params: idParams, response: { 200: hostCancellationsSchema, ...errors } },
    },
    async (request) => service.hostCancellations(request.params.id),
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
        body: hoursDecisionBodySchema,
        response: { 200: hoursEntrySchema, ...errors },
      },
    },
    async (request) =>
      hours.decide(
        request.params.id,
        request.params.entryId,
        request.user.id,
        request.params.decision,
        request.body?.reason || null,
      ),
  );

  app.get(
    '/api/listings/:id/availability',
    {
      schema: {
        params: z.object({ id: idParam('Listing id') }),
        response: { 200: availabilitySchema, ...errors },
      },
    },
    async (request) => service.availability(request.params.id),
  );
};

export const bookingsRoutes = fp(routes, { name: 'bookings', dependencies: ['auth', 'notifications'] });
