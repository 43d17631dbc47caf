import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '#shared/errors.ts';
import {
  adminPayoutActionSchema,
  adminPayoutsSchema,
  earningsCsvQuerySchema,
  earningsSchema,
  payoutMethodSchema,
  putPayoutMethodSchema,
} from '#shared/payouts.ts';
import { adminPost } from '../../../plugins/admin-post.ts';
import { adminOnly, signedIn } from '../../../plugins/guards.ts';
import type { PayoutMethods } from './payout-method.ts';
import type { Payouts } from './payouts.service.ts';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  429: errorSchema,
};

// Payouts (ADR 032): where a host is paid, what they earned, the operator's decisions, and the jobs
// that create, send and follow payouts and check the books.
export const payoutsRoutes: FastifyPluginAsyncZod<{
  methods: PayoutMethods;
  payouts: Payouts;
}> = async (app, { methods, payouts }) => {
  app.get(
    '/api/users/me/payout-method',
    { config: signedIn, schema: { response: { 200: payoutMethodSchema, ...errors } } },
    async (request) => methods.get(request.user.id),
  );

  app.put(
    '/api/users/me/payout-method',
    {
      config: signedIn,
      schema: { body: putPayoutMethodSchema, response: { 200: payoutMethodSchema, ...errors } },
    },
    async (request) => methods.put(request.user.id, request.body, request.ip),
  );

  app.get(
    '/api/users/me/payouts',
    { config: signedIn, schema: { response: { 200: earningsSchema, 401: errorSchema } } },
    async (request) => payouts.earnings(request.user.id),
  );

  app.get(
    '/api/users/me/payouts.csv',
    {
      config: signedIn,
      schema: {
        querystring: earningsCsvQuerySchema,
        response: { 200: z.string(), 400: errorSchema, 401: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = await payouts.earningsCsv(request.user.id, from, to);
      const name = `yardshare-payouts${from ? `-${from}` : ''}${to ? `-to-${to}` : ''}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  // The console: config adminOnly answers 404 to anyone but an admin first (ADR 029, 035).
  app.get(
    '/api/admin/payouts',
    { config: adminOnly, schema: { response: { 200: adminPayoutsSchema, 404: errorSchema } } },
    async () => payouts.console(),
  );
  for (const action of ['retry', 'cancel', 'paid'] as const)
    adminPost(
      app,
      `/api/admin/payouts/:id/${action}`,
      { idName: 'Payout id', body: adminPayoutActionSchema, errors },
      async (actor, id, body) => payouts.decide(actor, id, action, body),
    );
};
