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
import type { Config } from '../../../config.ts';
import type { Notifier } from '../../../core/notifier.ts';
import type { Db } from '../../../db/client.ts';
import { adminPost } from '../../../plugins/admin-post.ts';
import { adminOnly, signedIn } from '../../../plugins/guards.ts';
import { earningsCsv, earningsOf } from './earnings.ts';
import type { PayoutMethods } from './payout-method.ts';
import { adminPayoutAction, adminPayouts } from './payouts.admin.ts';
import { type PayoutDeps, sendDue } from './payouts.jobs.ts';

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
  db: Db;
  config: Config;
  notifier: Notifier;
  methods: PayoutMethods;
  // What the payout sender needs (built once in services.ts; its jobs are in schedule.ts).
  deps: PayoutDeps;
}> = async (app, { db, config, notifier, methods, deps }) => {
  const explorer = config.payments.explorerTxUrl;

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
    async (request) => earningsOf(db, request.user.id, explorer),
  );

  app.get(
    '/api/users/me/payouts.csv',
    {
      config: signedIn,
      schema: {
        querystring: earningsCsvQuerySchema,
        response: { 200: z.string(), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const { items } = await earningsOf(db, request.user.id, explorer);
      const { from, to } = request.query;
      const name = `yardshare-payouts${from ? `-${from}` : ''}${to ? `-to-${to}` : ''}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(earningsCsv(items, from, to));
    },
  );

  // The console: config adminOnly answers 404 to anyone but an admin first (ADR 029, 035).
  app.get(
    '/api/admin/payouts',
    { config: adminOnly, schema: { response: { 200: adminPayoutsSchema, 404: errorSchema } } },
    async () => adminPayouts(db),
  );
  for (const action of ['retry', 'cancel', 'paid'] as const)
    adminPost(
      app,
      `/api/admin/payouts/:id/${action}`,
      { idName: 'Payout id', body: adminPayoutActionSchema, errors },
      async (actor, id, body) => {
        const result = await adminPayoutAction(db, notifier, actor, id, action, body);
        // A retried payout goes out on the next run of the sender, which this starts now.
        if (action === 'retry')
          await sendDue(deps, new Date()).catch((err) =>
            app.log.warn({ err }, 'payout retry not sent; the job sends it'),
          );
        return result;
      },
    );
};
