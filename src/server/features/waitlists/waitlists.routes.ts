import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParam } from '#shared/errors.ts';
import {
  acceptedOfferSchema,
  declineOfferSchema,
  hostWaitlistSchema,
  joinWaitlistSchema,
  moveWaitlistEntrySchema,
  myWaitlistSchema,
  myWaitlistsSchema,
  waitlistReasonSchema,
} from '#shared/waitlists.ts';
import { signedIn } from '../../plugins/guards.ts';
import type { WaitlistsService } from './waitlists.service.ts';

const errors = errorResponses;
const listingParams = z.object({ id: idParam('Listing id') });
const offerParams = z.object({ id: idParam('Offer id') });
const tags = ['waitlists'];
// The signed-in host, as the audit log names them.
const host = (r: { user: { id: number; username: string; name: string } }) => ({
  id: r.user.id,
  username: r.user.username,
  name: r.user.name,
});

// Waiting lists for full listings (ADR 049); the contract is in src/shared/waitlists.ts.
const routes: FastifyPluginAsyncZod<{ waitlists: WaitlistsService }> = async (app, { waitlists }) => {
  app.post(
    '/api/listings/:id/waitlist',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Join the waiting list (409 when a plot is free for those dates: book it instead)',
        params: listingParams,
        body: joinWaitlistSchema,
        response: { 201: myWaitlistSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await waitlists.join(request.user.id, request.params.id, request.body)),
  );

  app.delete(
    '/api/listings/:id/waitlist',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Leave the waiting list (an offer held passes to the next in line)',
        params: listingParams,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      await waitlists.leave(request.user.id, request.params.id);
      return { message: 'You left the waiting list' };
    },
  );

  app.get(
    '/api/listings/:id/waitlist',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "The host's waiting list, in order",
        params: listingParams,
        response: { 200: hostWaitlistSchema, ...errors },
      },
    },
    async (request) => waitlists.forHost(request.user.id, request.params.id),
  );

  app.post(
    '/api/listings/:id/waitlist/move',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Move someone to another place in line, with a reason (audit-logged)',
        params: listingParams,
        body: moveWaitlistEntrySchema,
        response: { 200: hostWaitlistSchema, ...errors },
      },
    },
    async (request) => waitlists.move(host(request), request.params.id, request.body),
  );

  app.post(
    '/api/listings/:id/waitlist/close',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Close the waiting list, with a reason (audit-logged; offers made stand)',
        params: listingParams,
        body: waitlistReasonSchema,
        response: { 200: hostWaitlistSchema, ...errors },
      },
    },
    async (request) => waitlists.setClosed(host(request), request.params.id, true, request.body.reason),
  );

  app.post(
    '/api/listings/:id/waitlist/reopen',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Open the waiting list again',
        params: listingParams,
        response: { 200: hostWaitlistSchema, ...errors },
      },
    },
    async (request) => waitlists.setClosed(host(request), request.params.id, false, 'Reopened by the host'),
  );

  app.get(
    '/api/users/me/waitlists',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "The grower's waiting lists, each with their place in line and any offer",
        response: { 200: myWaitlistsSchema, ...errors },
      },
    },
    async (request) => waitlists.mine(request.user.id),
  );

  app.post(
    '/api/waitlist-offers/:id/accept',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Accept an offer: books the plot as booking directly would',
        params: offerParams,
        response: { 201: acceptedOfferSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await waitlists.accept(request.user.id, request.params.id)),
  );

  app.post(
    '/api/waitlist-offers/:id/decline',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Decline an offer: the plot goes to the next in line; a reason is told to the host',
        params: offerParams,
        body: declineOfferSchema,
        response: { 200: myWaitlistsSchema, ...errors },
      },
    },
    async (request) => waitlists.decline(request.user.id, request.params.id, request.body?.reason || null),
  );
};

export const waitlistsRoutes = fp(routes, { name: 'waitlists', dependencies: ['auth'] });
