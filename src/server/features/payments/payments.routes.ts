import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PLATFORM_FEE_PERCENT } from '#shared/constants.ts';
import { errorSchema } from '#shared/errors.ts';
import { type AdminActionResult, adminRefundSchema } from '#shared/moderation.ts';
import {
  createPaymentResponseSchema,
  createPaymentSchema,
  paymentsListSchema,
  paymentTermsSchema,
  paymentViewSchema,
} from '#shared/payments.ts';
import { PAYOUT_METHODS_OF } from '#shared/payouts.ts';
import type { Config } from '../../config.ts';
import { notFound } from '../../errors.ts';
import { adminPost } from '../../plugins/admin-post.ts';
import { signedIn } from '../../plugins/guards.ts';
import { auditRefund } from '../admin/index.ts';
import type { PaymentsService } from './payments.service.ts';
import type { PayoutMethods } from './payouts/payout-method.ts';
import { payoutsRoutes } from './payouts/payouts.routes.ts';
import type { Payouts } from './payouts/payouts.service.ts';
import { type Sandbox, WEBHOOK_PATH } from './provider.ts';
import type { PaymentProvider } from './providers/types.ts';
import { sandboxRoutes } from './sandbox.ts';
import { sandboxPayoutRoutes } from './sandbox-payouts.ts';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  502: errorSchema,
};

// Payments: hosted crypto checkout, signed webhooks, held funds. The service and the provider
// come from the composition root (services.ts); the sandbox's own routes are registered here.
export const paymentsRoutes: FastifyPluginAsyncZod<{
  config: Config;
  payments: PaymentsService;
  provider: PaymentProvider;
  sandbox: Sandbox | null;
  payoutMethods: PayoutMethods;
  payouts: Payouts;
}> = async (app, { config, payments: service, provider, sandbox, payoutMethods, payouts }) => {
  const p = config.payments;
  if (sandbox) {
    const { apiKey, secret, store, deliver } = sandbox;
    await app.register(sandboxRoutes, { store, apiKey, secret, publicUrl: config.publicUrl, deliver });
    // ...and a store with (or without) an automated payout processor (ADR 032).
    await app.register(sandboxPayoutRoutes, {
      apiKey,
      network: p.bitcoinNetwork,
      payouts: sandbox.payouts,
      processor: p.sandboxPayoutProcessor,
    });
  }

  // Where the provider sends the browser back. The sandbox uses same-origin paths.
  const origin = (request: FastifyRequest) =>
    p.provider === 'sandbox'
      ? (config.publicUrl ?? '')
      : (config.publicUrl ?? `${request.protocol}://${request.host}`);

  app.post(
    '/api/payments/create',
    {
      config: signedIn,
      schema: { body: createPaymentSchema, response: { 200: createPaymentResponseSchema, ...errors } },
    },
    async (request) => {
      const o = origin(request);
      return service.create(request.user.id, request.body, {
        success: `${o}/payment/success`,
        cancel: `${o}/payment/cancel`,
      });
    },
  );

  // The money terms every page quotes (ADR 045): the configured hold, the fee, and how hosts can be
  // paid with this provider (ADR 046).
  const terms = {
    holdHours: Math.round((p.payoutHoldMs / 3_600_000) * 1000) / 1000,
    feePercent: PLATFORM_FEE_PERCENT,
    payoutMethods: [...PAYOUT_METHODS_OF[p.provider]],
  };
  app.get(
    '/api/payments/terms',
    { schema: { response: { 200: paymentTermsSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return terms;
    },
  );

  app.get(
    '/api/payments',
    { config: signedIn, schema: { response: { 200: paymentsListSchema, 401: errorSchema } } },
    async (request) => {
      return service.list(request.user.id);
    },
  );

  app.post(
    '/api/payments/:id/refund',
    {
      config: signedIn,
      schema: {
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: paymentViewSchema, ...errors },
      },
    },
    async (request) => service.refund(request.user.id, request.params.id),
  );

  // An admin's refund (ADR 029): the host's path above, any payment, with a reason and an audit
  // entry in the refund's transaction. Only admins reach it (adminPost: config adminOnly, ADR 035).
  adminPost(
    app,
    '/api/admin/payments/:id/refund',
    { idName: 'Payment id', body: adminRefundSchema, errors },
    async (actor, id, { reason, amount, reportId }, request) => {
      let result: AdminActionResult | null = null;
      await service.refund(request.user.id, id, new Date(), {
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

  // Where hosts are paid, their earnings and the console's payouts (ADR 032). The payments' and
  // payouts' jobs are registered by the composition root (schedule.ts).
  await app.register(payoutsRoutes, { methods: payoutMethods, payouts });
};
