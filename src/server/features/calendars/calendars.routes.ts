import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addCalendarImportSchema,
  calendarImportSchema,
  listingCalendarSchema,
  userCalendarSchema,
} from '#shared/calendars.ts';
import { errorResponses, errorSchema } from '#shared/errors.ts';
import { idParam } from '#shared/fields.ts';
import { signedIn } from '../../plugins/guards.ts';
import type { CalendarsService } from './calendars.service.ts';

const errors = errorResponses;
const listingParams = z.object({ id: idParam('Listing id') });
const ICS = 'text/calendar; charset=utf-8';

// Calendars that sync (ADR 048): the host's listing calendar, the grower's feed, the files.
const routes: FastifyPluginAsyncZod<{ calendars: CalendarsService }> = async (
  app,
  { calendars: service },
) => {
  app.get(
    '/api/listings/:id/calendar',
    {
      config: signedIn,
      schema: { params: listingParams, response: { 200: listingCalendarSchema, ...errors } },
    },
    async (request) => service.listingCalendar(request.user.id, request.params.id),
  );

  app.post(
    '/api/listings/:id/calendar/imports',
    {
      config: signedIn,
      schema: {
        params: listingParams,
        body: addCalendarImportSchema,
        response: { 201: calendarImportSchema, ...errors, 409: errorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.addImport(request.user.id, request.params.id, request.body.url)),
  );

  app.delete(
    '/api/listings/:id/calendar/imports/:importId',
    {
      config: signedIn,
      schema: {
        params: listingParams.extend({ importId: idParam('Import id') }),
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      await service.removeImport(request.user.id, request.params.id, request.params.importId);
      return { message: 'Imported calendar removed' };
    },
  );

  app.post(
    '/api/listings/:id/calendar/reset',
    {
      config: signedIn,
      schema: { params: listingParams, response: { 200: listingCalendarSchema, ...errors } },
    },
    async (request) => service.resetExport(request.user.id, request.params.id),
  );

  app.get(
    '/api/users/me/calendar',
    { config: signedIn, schema: { response: { 200: userCalendarSchema, 401: errorSchema } } },
    async (request) => service.userCalendar(request.user.id),
  );

  // A new address for the grower's feed; the old one answers 404.
  app.post(
    '/api/users/me/calendar/reset',
    { config: signedIn, schema: { response: { 200: userCalendarSchema, ...errors } } },
    async (request) => service.resetUserCalendar(request.user.id),
  );

  // A secret feed address: no session, the token is the key. 404 once reset.
  app.get(
    '/api/calendars/:file',
    {
      schema: {
        params: z.object({
          file: z.string().regex(/^[A-Za-z0-9_-]{16,64}\.ics$/, 'Calendar not found'),
        }),
        response: { 200: z.string(), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const body = await service.feed(request.params.file.slice(0, -4));
      if (body === null)
        return reply.status(404).send({ message: 'Calendar not found', code: 'CALENDAR_NOT_FOUND' });
      return reply.type(ICS).header('cache-control', 'private, no-store').send(body);
    },
  );

  app.get(
    '/api/bookings/:id/calendar.ics',
    {
      config: signedIn,
      schema: { params: z.object({ id: idParam('Booking id') }), response: { 200: z.string(), ...errors } },
    },
    async (request, reply) =>
      reply
        .type(ICS)
        .header('content-disposition', `attachment; filename="yardshare-booking-${request.params.id}.ics"`)
        .header('cache-control', 'private, no-store')
        .send(await service.bookingFile(request.user.id, request.params.id)),
  );
};

export const calendarsRoutes = fp(routes, { name: 'calendars', dependencies: ['auth'] });
