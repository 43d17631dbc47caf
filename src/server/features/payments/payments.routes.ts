import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '#shared/errors.ts';
import { type AdminActionResult, adminRefundSchema } from '#shared/moderation.ts';
import {
  createPaymentResponseSchema,
  createPaymentSchema,
  paymentsListSchema,
  paymentViewSchema,
} from '#shared/payments.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { auditRefund } from '../admin/admin.actions.ts';
import { adminPost } from '../admin/admin-post.ts';
import { PaymentsService } from './payments.service.ts';
import { payoutsRoutes } from './payouts/payouts.routes.ts';
import { BtcpayProvider } from './providers/btcpay.ts';
import { CoinbaseCommerceProvider } from './providers/coinbase-commerce.ts';
import type { PaymentProvider } from './providers/types.ts';
import { newSandboxCredentials, sandboxRoutes } from './sandbox.ts';
import { sandboxPayoutRoutes } from './sandbox-payouts.ts';
import { SANDBOX_BASE, SANDBOX_STORE_ID, SandboxStore } from './sandbox-store.ts';
import { injectDeliver, injectTransport } from './sandbox-transport.ts';

export const WEBHOOK_PATH = '/api/payments/webhook';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  502: errorSchema,
};

// Payments: hosted crypto checkout, signed webhooks, held funds.
export const paymentsRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  const p = config.payments;
  let provider: PaymentProvider;
  if (p.provider === 'btcpay') {
    provider = new BtcpayProvider({
      url: p.btcpay.url!,
      storeId: p.btcpay.storeId!,
      apiKey: p.btcpay.apiKey!,
      webhookSecret: p.btcpay.webhookSecret!,
    });
  } else if (p.provider === 'coinbase-commerce') {
    provider = new CoinbaseCommerceProvider({
      apiKey: p.coinbase.apiKey!,
      webhookSecret: p.coinbase.webhookSecret!,
    });
  } else {
    // The sandbox: this server plays BTCPay Server; the real adapter talks to it through app.inject.
    const { apiKey, secret } = newSandboxCredentials(p.sandboxWebhookSecret);
    provider = new BtcpayProvider({
      id: 'sandbox',
      url: SANDBOX_BASE,
      storeId: SANDBOX_STORE_ID,
      apiKey,
      webhookSecret: secret,
      transport: injectTransport(app),
    });
    await app.register(sandboxRoutes, {
      store: new SandboxStore(db),
      apiKey,
      secret,
      publicUrl: config.publicUrl,
      deliver: injectDeliver(app, `${WEBHOOK_PATH}/sandbox`),
    });
    // ...and a store with (or without) an automated payout processor (ADR 032).
    await app.register(sandboxPayoutRoutes, {
      db,
      apiKey,
      secret,
      deliver: injectDeliver(app, `${WEBHOOK_PATH}/sandbox`),
      network: p.bitcoinNetwork,
      processor: p.sandboxPayoutProcessor,
    });
  }

  const service = new PaymentsService(db, provider, app.log, p.payoutHoldMs);
  service.notifier = app.notices;
  service.payoutMaxAttempts = p.payoutMaxAttempts;

  // Where the provider sends the browser back. The sandbox uses same-origin paths.
  const origin = (request: FastifyRequest) =>
    p.provider === 'sandbox'
      ? (config.publicUrl ?? '')
      : (config.publicUrl ?? `${request.protocol}://${request.host}`);

  app.post(
    '/api/payments/create',
    {
      preHandler: app.requireUser,
      schema: { body: createPaymentSchema, response: { 200: createPaymentResponseSchema, ...errors } },
    },
    async (request) => {
      const o = origin(request);
      return service.create(request.user!.id, request.body, {
        success: `${o}/payment/success`,
        cancel: `${o}/payment/cancel`,
      });
    },
  );

  app.get(
    '/api/payments',
    { preHandler: app.requireUser, schema: { response: { 200: paymentsListSchema, 401: errorSchema } } },
    async (request) => {
      return service.list(request.user!.id);
    },
  );

  app.post(
    '/api/payments/:id/refund',
    {
      preHandler: app.requireUser,
      schema: {
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: paymentViewSchema, ...errors },
      },
    },
    async (request) => service.refund(request.user!.id, request.params.id),
  );

  // An admin's refund (ADR 029): the host's path above, any payment, with a reason and an audit
  // entry in the refund's transaction. Only admins reach it (the admin feature's guard).
  adminPost(
    app,
    '/api/admin/payments/:id/refund',
    { idName: 'Payment id', body: adminRefundSchema, errors },
    async (actor, id, { reason, amount, reportId }, request) => {
      let result: AdminActionResult | null = null;
      await service.refund(request.user!.id, id, new Date(), {
        amount,
        reason,
        inTx: async (tx, cents) => {
          result = await auditRefund(tx, actor, id, reason, cents, reportId);
        },
      });
      return result!;
    },
  );

  // The webhook reads the raw bytes (the HMAC is over them): a JSON parser scoped to this plugin.
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    hooks.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>().post(
      `${WEBHOOK_PATH}/:provider`,
      {
        schema: {
          params: z.object({ provider: z.string().max(40) }),
          body: z.custom<Buffer>((v) => Buffer.isBuffer(v) && v.length > 0, 'The webhook body is empty'),
          response: {
            200: z.object({ received: z.literal(true), outcome: z.string() }),
            400: errorSchema,
            404: errorSchema,
            503: errorSchema,
          },
        },
      },
      async (request) => {
        if (request.params.provider !== provider.id)
          throw notFound(`No webhook for provider ${request.params.provider}`, 'UNKNOWN_PROVIDER');
        const result = await service.handleWebhook(request.body, request.headers);
        return { received: true as const, outcome: result.outcome };
      },
    );
  });

  // Jobs (the runner leases each run to one instance; each is a guarded update, so idempotent):
  // payouts are created when the hold ends (PAYOUT_HOLD_HOURS after the rental start); refunds
  // recorded but not sent are sent.
  app.jobs.register({ name: 'payments.release', everyMs: 60_000, run: (now) => service.releaseDue(now) });
  app.jobs.register({ name: 'payments.refunds', everyMs: 60_000, run: () => service.sendDueRefunds() });
  // Month-by-month rent (ADR 040): later months' invoices, their reminders, unpaid months ending stays.
  const rent = service.rentJobs(p.rent);
  app.jobs.register({ name: 'rent.invoices', everyMs: 60_000, run: (now) => rent.invoices(now) });
  app.jobs.register({ name: 'rent.reminders', everyMs: 60_000, run: (now) => rent.reminders(now) });
  app.jobs.register({ name: 'rent.lapse', everyMs: 60_000, run: (now) => rent.lapse(now) });
  // Where hosts are paid, their earnings, the console's payouts, and the payout jobs (ADR 032).
  await app.register(payoutsRoutes, { db, config, provider });

  // The bookings feature is registered after this one: it is wired once every plugin is loaded.
  // The return pages are same-origin for the sandbox, under PUBLIC_URL for a real provider.
  app.addHook('onReady', async () => {
    const o = config.publicUrl ?? '';
    service.bookings = app.bookings;
    app.bookings.payments = service.port({ success: `${o}/payment/success`, cancel: `${o}/payment/cancel` });
  });
};
