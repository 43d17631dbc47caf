import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { centsToDecimal, decimalToCents } from '#shared/money.ts';
import type { BitcoinNetwork } from './payouts/destination.ts';
import { checkDestination } from './payouts/destination.ts';
import {
  createPayoutThroughStoreRequest,
  createPullPaymentRequest,
  type PayoutData,
} from './providers/greenfield-payouts.ts';
import { messagePage, payoutPage, sendHtml } from './sandbox-pages.ts';
import type { SandboxPayout, SandboxPayouts } from './sandbox-payout-processor.ts';
import { btc, SANDBOX_BASE } from './sandbox-store.ts';

// The sandbox as a BTCPay store with an automated payout processor (ADR 032): the Greenfield
// payout requests the real adapter sends, the signed PayoutCreated / PayoutApproved /
// PayoutUpdated webhooks BTCPay sends, and a page per payout where the outcome can be chosen:
// paid, cancelled, or failed. Greenfield has no failed state: a payout processor that cannot send a
// payout cancels it (BTCPay's "cancel payout after failures"), so a failed payout is Cancelled.
// The processor (the sandbox.payouts job, unless SANDBOX_PAYOUT_PROCESSOR=none) completes each
// approved payout with a made-up proof (sandbox-payout-processor.ts).

export type { SandboxPayout } from './sandbox-payout-processor.ts';

export type SandboxPayoutOptions = {
  apiKey: string;
  network: BitcoinNetwork;
  // The payouts' moves and webhooks; its processing job is in the composition root (schedule.ts).
  payouts: SandboxPayouts;
  // SANDBOX_PAYOUT_PROCESSOR: the store's automated payout processors, or none.
  processor: 'automated' | 'none';
};

export const sandboxPayoutRoutes: FastifyPluginAsyncZod<SandboxPayoutOptions> = async (
  app,
  { apiKey, network, payouts, processor },
) => {
  const { load, hook, complete, cancel, fail, savePullPayment, pullPayment, openTo, save, ofStore } = payouts;
  // The payout page posts plain HTML forms, like the checkout page.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );
  const err = z.object({ message: z.string(), code: z.string().optional() });
  const authorized = (auth: string | undefined) => auth === `token ${apiKey}`;
  const store = `${SANDBOX_BASE}/api/v1/stores/:storeId`;
  const storeParams = z.object({ storeId: z.string().min(1).max(100) });
  const any = z.record(z.string(), z.unknown());

  const view = ({
    storeId: _s,
    createdMs: _c,
    amountCents: _a,
    failure: _f,
    ...p
  }: SandboxPayout): PayoutData => p;

  app.post(
    `${store}/pull-payments`,
    {
      schema: {
        params: storeParams,
        body: createPullPaymentRequest,
        response: { 200: any, 400: err, 401: err },
      },
    },
    async (request, reply) => {
      if (!authorized(request.headers.authorization))
        return reply.status(401).send({ message: 'Invalid API key' });
      const id = `PP${randomBytes(9).toString('base64url')}`;
      const pp = { ...request.body, id, storeId: request.params.storeId };
      await savePullPayment(id, pp);
      // PullPaymentData as BTCPay answers it (GreenfieldPullPaymentController.cs, CreatePullPaymentData).
      const b = request.body;
      return {
        id,
        name: b.name ?? '',
        description: b.description ?? '',
        currency: b.currency.toUpperCase(),
        amount: b.amount,
        autoApproveClaims: b.autoApproveClaims ?? false,
        archived: false,
        viewLink: `${SANDBOX_BASE}/pull-payments/${id}`,
      };
    },
  );

  app.post(
    `${store}/payouts`,
    {
      schema: {
        params: storeParams,
        body: createPayoutThroughStoreRequest,
        response: { 200: any, 400: err, 401: err, 422: err },
      },
    },
    async (request, reply) => {
      if (!authorized(request.headers.authorization))
        return reply.status(401).send({ message: 'Invalid API key' });
      const b = request.body;
      try {
        checkDestination(b.payoutMethodId === 'BTC-LN' ? 'lightning' : 'bitcoin', b.destination, network);
      } catch {
        return reply.status(422).send({ message: 'The destination is invalid for the payment specified' });
      }
      const pp = b.pullPaymentId ? await pullPayment(b.pullPaymentId) : undefined;
      const currency = (pp as { currency?: string } | undefined)?.currency ?? 'BTC';
      const cents = b.amount ? decimalToCents(b.amount) : null;
      if (!cents || currency !== 'USD')
        return reply
          .status(422)
          .send({ message: 'The sandbox pays out USD amounts from a USD pull payment' });
      // One payout not yet Completed or Cancelled per destination, as BTCPay keeps it
      // (PullPaymentHostedService.cs: the claim's DedupId).
      if (await openTo(b.destination))
        return reply.status(400).send({
          code: 'duplicate-destination',
          message: 'This address is already used for another payout',
        });
      const p: SandboxPayout = {
        id: `PO${randomBytes(9).toString('base64url')}`,
        revision: 0,
        pullPaymentId: b.pullPaymentId ?? null,
        // A unix time number, as BTCPay answers it (PayoutData.cs).
        date: Math.floor(Date.now() / 1000),
        destination: b.destination,
        originalCurrency: 'USD',
        originalAmount: centsToDecimal(cents),
        payoutCurrency: 'BTC',
        payoutAmount: b.approved ? btc(cents) : null,
        payoutMethodId: b.payoutMethodId,
        state: b.approved ? 'AwaitingPayment' : 'AwaitingApproval',
        paymentProof: null,
        metadata: b.metadata ?? {},
        storeId: request.params.storeId,
        createdMs: Date.now(),
        amountCents: cents,
      };
      await save(p);
      // BTCPay raises these after the payout is stored; Yardshare reads the payout back (GET).
      await hook(p, 'PayoutCreated');
      if (b.approved) await hook(p, 'PayoutApproved');
      return view(p);
    },
  );

  app.get(
    `${store}/payouts`,
    {
      schema: {
        params: storeParams,
        querystring: z.object({ includeCancelled: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(any), 401: err },
      },
    },
    async (request, reply) => {
      if (!authorized(request.headers.authorization))
        return reply.status(401).send({ message: 'Invalid API key' });
      const all = await ofStore(request.params.storeId);
      const wanted =
        request.query.includeCancelled === 'true' ? all : all.filter((p) => p.state !== 'Cancelled');
      return wanted.map(view);
    },
  );

  // The documented route is /api/v1/payouts/{payoutId}; BTCPay also serves it under the store.
  for (const url of [`${store}/payouts/:payoutId`, `${SANDBOX_BASE}/api/v1/payouts/:payoutId`])
    app.get(
      url,
      {
        schema: {
          params: z.object({
            storeId: z.string().min(1).max(100).optional(),
            payoutId: z.string().min(1).max(100),
          }),
          response: { 200: any, 401: err, 404: err },
        },
      },
      async (request, reply) => {
        if (!authorized(request.headers.authorization))
          return reply.status(401).send({ message: 'Invalid API key' });
        const p = await load(request.params.payoutId);
        const { storeId } = request.params;
        if (!p || (storeId !== undefined && p.storeId !== storeId))
          return reply.status(404).send({ message: 'Payout not found' });
        return view(p);
      },
    );

  // The store's payout processors (PayoutProcessorData): both automated senders, or none.
  app.get(
    `${store}/payout-processors`,
    { schema: { params: storeParams, response: { 200: z.array(any), 401: err } } },
    async (request, reply) => {
      if (!authorized(request.headers.authorization))
        return reply.status(401).send({ message: 'Invalid API key' });
      if (processor === 'none') return [];
      return [
        {
          name: 'OnChainAutomatedPayoutSenderFactory',
          friendlyName: 'Automated Bitcoin Sender',
          payoutMethods: ['BTC-CHAIN'],
        },
        {
          name: 'LightningAutomatedPayoutSenderFactory',
          friendlyName: 'Automated Lightning Sender',
          payoutMethods: ['BTC-LN'],
        },
      ];
    },
  );

  const idParams = z.object({ id: z.string().min(1).max(100) });
  const html = z.string();
  app.get(
    `${SANDBOX_BASE}/payouts/:id`,
    { schema: { params: idParams, response: { 200: html, 404: html } } },
    async (request, reply) => {
      const p = await load(request.params.id);
      if (!p) return sendHtml(reply, 404, messagePage('Payout not found'));
      return sendHtml(reply, 200, payoutPage(p));
    },
  );
  for (const [name, act] of [
    ['complete', complete],
    ['cancel', (id: string) => cancel(id)],
    ['fail', fail],
  ] as const)
    app.post(
      `${SANDBOX_BASE}/payouts/:id/${name}`,
      {
        schema: { params: idParams, body: z.unknown(), response: { 303: z.unknown(), 404: html, 409: html } },
      },
      async (request, reply) => {
        if (!(await load(request.params.id))) return sendHtml(reply, 404, messagePage('Payout not found'));
        const done = await act(request.params.id);
        if (!done) return sendHtml(reply, 409, payoutPage((await load(request.params.id))!));
        return reply.redirect(`${SANDBOX_BASE}/payouts/${request.params.id}`, 303);
      },
    );
};
