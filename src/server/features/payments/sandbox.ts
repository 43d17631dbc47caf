import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { centsToDecimal, decimalToCents } from '#shared/money.ts';
import { sandboxCheckoutRoutes } from './sandbox-checkout.ts';
import { checkoutPage, messagePage, refundPage, sendHtml } from './sandbox-pages.ts';
import {
  canRefundInvoice,
  paymentMethodsOf,
  SANDBOX_BASE,
  type SandboxStore,
  toGreenfield,
} from './sandbox-store.ts';
import type { Deliver } from './sandbox-transport.ts';

// The sandbox: this server plays a BTCPay Server (Greenfield API) in test mode. The real BTCPay
// adapter and the real webhook verification run unchanged against it.

export type SandboxOptions = {
  store: SandboxStore;
  apiKey: string;
  secret: string;
  publicUrl?: string;
  deliver: Deliver;
};

const htmlSchema = z.string();
const invoiceParams = z.object({
  storeId: z.string().min(1).max(100).optional(),
  id: z.string().min(1).max(100),
});
// BTCPay serves each invoice route under its store and at the documented store-less path
// (GreenfieldInvoiceController.cs); so does the sandbox.
const invoiceUrls = (rest: string) => [
  `${SANDBOX_BASE}/api/v1/stores/:storeId/invoices/:id${rest}`,
  `${SANDBOX_BASE}/api/v1/invoices/:id${rest}`,
];
const otherStore = (inv: { storeId: string }, storeId: string | undefined) =>
  storeId !== undefined && inv.storeId !== storeId;
const _formBody = z.record(z.string(), z.string()).optional();

export const sandboxRoutes: FastifyPluginAsyncZod<SandboxOptions> = async (
  app,
  { store, apiKey, secret, publicUrl, deliver },
) => {
  // The checkout page posts plain HTML forms (no script: the CSP allows none inline).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const origin = publicUrl ?? '';
  const err = z.object({ message: z.string(), code: z.string().optional() });
  const authorized = (auth: string | undefined) => auth === `token ${apiKey}`;

  // ---- Greenfield API ------------------------------------------------------------------------
  app.post(
    `${SANDBOX_BASE}/api/v1/stores/:storeId/invoices`,
    {
      schema: {
        params: z.object({ storeId: z.string().min(1).max(100) }),
        body: z.object({
          amount: z.string(),
          currency: z.string().min(3).max(10),
          metadata: z.record(z.string(), z.unknown()).optional(),
          checkout: z
            .object({ redirectURL: z.string().optional(), redirectAutomatically: z.boolean().optional() })
            .optional(),
        }),
        response: { 200: z.record(z.string(), z.unknown()), 400: err, 401: err },
      },
    },
    async (request, reply) => {
      if (!authorized(request.headers.authorization))
        return reply.status(401).send({ message: 'Invalid API key' });
      const cents = decimalToCents(request.body.amount);
      if (!cents) return reply.status(400).send({ message: 'Invalid amount' });
      const inv = await store.create({
        storeId: request.params.storeId,
        amountCents: cents,
        currency: request.body.currency,
        metadata: request.body.metadata ?? {},
        redirectUrl: request.body.checkout?.redirectURL ?? '/payment/success',
      });
      return toGreenfield(inv, origin);
    },
  );

  for (const url of invoiceUrls(''))
    app.get(
      url,
      {
        schema: {
          params: invoiceParams,
          response: { 200: z.record(z.string(), z.unknown()), 401: err, 404: err },
        },
      },
      async (request, reply) => {
        if (!authorized(request.headers.authorization))
          return reply.status(401).send({ message: 'Invalid API key' });
        const inv = await store.get(request.params.id);
        if (!inv || otherStore(inv, request.params.storeId))
          return reply.status(404).send({ message: 'Invoice not found' });
        return toGreenfield(inv, origin);
      },
    );

  for (const url of invoiceUrls('/payment-methods'))
    app.get(
      url,
      {
        schema: {
          params: invoiceParams,
          response: { 200: z.array(z.record(z.string(), z.unknown())), 401: err, 404: err },
        },
      },
      async (request, reply) => {
        if (!authorized(request.headers.authorization))
          return reply.status(401).send({ message: 'Invalid API key' });
        const inv = await store.get(request.params.id);
        if (!inv || otherStore(inv, request.params.storeId))
          return reply.status(404).send({ message: 'Invoice not found' });
        return paymentMethodsOf(inv);
      },
    );

  for (const url of invoiceUrls('/refund'))
    app.post(
      url,
      {
        schema: {
          params: invoiceParams,
          body: z.object({
            refundVariant: z.string(),
            customAmount: z.string().optional(),
            customCurrency: z.string().optional(),
            name: z.string().optional(),
          }),
          response: {
            200: z.object({ id: z.string(), viewLink: z.string(), amount: z.string(), currency: z.string() }),
            400: err,
            401: err,
            404: err,
          },
        },
      },
      async (request, reply) => {
        if (!authorized(request.headers.authorization))
          return reply.status(401).send({ message: 'Invalid API key' });
        // The check and the refund in one locked step: two requests cannot both refund.
        const done = await store.change(request.params.id, async (inv, tx) => {
          if (otherStore(inv, request.params.storeId)) return 'not-found' as const;
          if (!canRefundInvoice(inv)) return 'refused' as const;
          const amount = request.body.customAmount ?? centsToDecimal(inv.amountCents);
          const currency = request.body.customCurrency ?? inv.currency;
          const id = await store.addPullPayment(tx, amount, currency);
          inv.refunds.push({ id, amount, currency });
          return { id, amount, currency };
        });
        if (!done || done.result === 'not-found')
          return reply.status(404).send({ message: 'Invoice not found' });
        if (done.result === 'refused')
          return reply.status(400).send({ message: 'This invoice cannot be refunded' });
        const { id, amount, currency } = done.result;
        return { id, viewLink: `${origin}${SANDBOX_BASE}/pull-payments/${id}`, amount, currency };
      },
    );

  // ---- Hosted pages --------------------------------------------------------------------------
  const idParams = z.object({ id: z.string().min(1).max(100) });

  app.get(
    `${SANDBOX_BASE}/i/:id`,
    { schema: { params: idParams, response: { 200: htmlSchema, 404: htmlSchema } } },
    async (request, reply) => {
      const inv = await store.get(request.params.id);
      if (!inv)
        return sendHtml(
          reply,
          404,
          messagePage(
            'Invoice not found',
            'This test invoice does not exist or the server restarted since it was made.',
          ),
        );
      return sendHtml(reply, 200, checkoutPage(inv));
    },
  );

  app.get(
    `${SANDBOX_BASE}/pull-payments/:id`,
    { schema: { params: idParams, response: { 200: htmlSchema, 404: htmlSchema } } },
    async (request, reply) => {
      const pp = await store.pullPayment(request.params.id);
      if (!pp) return sendHtml(reply, 404, messagePage('Refund not found'));
      return sendHtml(reply, 200, refundPage(pp));
    },
  );

  // The checkout page's buttons: pay, underpay, let expire, cancel (sandbox-checkout.ts).
  await app.register(sandboxCheckoutRoutes, { store, secret, deliver });
};

export const newSandboxCredentials = (configuredSecret?: string) => ({
  apiKey: randomBytes(24).toString('hex'),
  // Random per process start unless SANDBOX_WEBHOOK_SECRET is set.
  secret: configuredSecret || randomBytes(32).toString('hex'),
});
