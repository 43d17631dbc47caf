import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { btcpaySignature } from './providers/btcpay.ts';
import { checkoutPage, messagePage, safeReturnPath, sendHtml } from './sandbox-pages.ts';
import {
  dueCents,
  paidCents,
  paymentFields,
  SANDBOX_BASE,
  type SandboxInvoice,
  type SandboxStore,
  webhookBody,
} from './sandbox-store.ts';
import type { Deliver } from './sandbox-transport.ts';

// The sandbox checkout's buttons (sandbox.ts serves the page): each outcome a real buyer could
// cause, with the webhooks BTCPay sends for it.

// A webhook to send: its type and the fields of that type.
type Hook = [type: string, fields: Record<string, unknown>];

const htmlSchema = z.string();
const idParams = z.object({ id: z.string().min(1).max(100) });
const formBody = z.record(z.string(), z.string()).optional();

export const sandboxCheckoutRoutes: FastifyPluginAsyncZod<{
  store: SandboxStore;
  secret: string;
  deliver: Deliver;
}> = async (app, { store, secret, deliver }) => {
  // Sends webhooks in order as BTCPay does; stops at the first one Yardshare does not accept.
  const send = async (inv: SandboxInvoice, hooks: Hook[]) => {
    for (const [type, extra] of hooks) {
      const body = webhookBody(inv, type, extra);
      const status = await deliver(body, btcpaySignature(secret, body));
      if (status >= 300) return status;
    }
    return 0;
  };
  const failedDelivery = (reply: FastifyReply, status: number) =>
    sendHtml(
      reply,
      502,
      messagePage(
        'The webhook was not accepted',
        `Yardshare answered ${status}. A real provider would retry later.`,
      ),
    );

  const formRoute = (name: string, handler: (id: string, reply: FastifyReply) => Promise<unknown>) =>
    app.post(
      `${SANDBOX_BASE}/i/:id/${name}`,
      {
        schema: {
          params: idParams,
          body: formBody,
          response: { 303: z.unknown(), 404: htmlSchema, 409: htmlSchema, 502: htmlSchema },
        },
      },
      async (request, reply) => handler(request.params.id, reply),
    );

  const notFoundPage = (reply: FastifyReply) => sendHtml(reply, 404, messagePage('Invoice not found'));

  // Each outcome changes the invoice in one locked step (sandbox_records), then sends its webhooks:
  // Yardshare asks the sandbox for the invoice while it handles them, so the change is committed
  // first. Two presses at once, on one instance or two, change the invoice once.

  // Pays what is due; sandbox payments confirm at once. In time: InvoiceReceivedPayment,
  // InvoiceProcessing, InvoicePaymentSettled, InvoiceSettled. After expiry the invoice stays
  // Expired (PaidLate): InvoiceReceivedPayment, InvoicePaidAfterExpiration, InvoicePaymentSettled.
  formRoute('pay', async (id, reply) => {
    const paid = await store.change(id, (inv) => {
      const due = dueCents(inv);
      if (due <= 0) return null;
      const late = inv.status === 'Expired';
      const payment = store.addPayment(inv, due);
      if (late) inv.additionalStatus = 'PaidLate';
      else [inv.status, inv.additionalStatus] = ['Processing', 'None'];
      return { payment, late };
    });
    if (!paid) return notFoundPage(reply);
    if (paid.result) {
      const { payment, late } = paid.result;
      const refused = await send(paid.inv, [
        ['InvoiceReceivedPayment', paymentFields(payment, late)],
        late ? ['InvoicePaidAfterExpiration', {}] : ['InvoiceProcessing', { overPaid: false }],
        ['InvoicePaymentSettled', paymentFields(payment, late)],
      ]);
      if (refused) return failedDelivery(reply, refused);
    }
    const settled = await store.change(id, (inv) => {
      if (inv.status !== 'Processing') return false;
      inv.status = 'Settled';
      return true;
    });
    if (settled?.result) {
      const refused = await send(settled.inv, [
        ['InvoiceSettled', { manuallyMarked: false, overPaid: false }],
      ]);
      if (refused) return failedDelivery(reply, refused);
    }
    return reply.redirect(safeReturnPath(paid.inv.redirectUrl), 303);
  });

  // Like closing a real checkout: nothing is paid, the invoice stays open until it expires.
  formRoute('cancel', async (id, reply) => {
    if (!(await store.get(id))) return notFoundPage(reply);
    return reply.redirect('/payment/cancel', 303);
  });

  formRoute('underpay', async (id, reply) => {
    const done = await store.change(id, (inv) => {
      if (inv.status !== 'New' || paidCents(inv) > 0) return null;
      inv.additionalStatus = 'PaidPartial';
      return store.addPayment(inv, Math.floor(inv.amountCents / 2));
    });
    if (!done) return notFoundPage(reply);
    const payment = done.result;
    if (!payment) return sendHtml(reply, 409, checkoutPage(done.inv));
    const refused = await send(done.inv, [
      ['InvoiceReceivedPayment', paymentFields(payment, false)],
      ['InvoicePaymentSettled', paymentFields(payment, false)],
    ]);
    if (refused) return failedDelivery(reply, refused);
    return reply.redirect(`${SANDBOX_BASE}/i/${done.inv.id}`, 303);
  });

  formRoute('expire', async (id, reply) => {
    const done = await store.change(id, (inv) => {
      if (inv.status !== 'New') return false;
      inv.status = 'Expired';
      return true;
    });
    if (!done) return notFoundPage(reply);
    if (!done.result) return sendHtml(reply, 409, checkoutPage(done.inv));
    const partiallyPaid = paidCents(done.inv) > 0;
    const hooks: Hook[] = [['InvoiceExpired', { partiallyPaid }]];
    if (partiallyPaid) hooks.push(['InvoiceExpiredPaidPartial', {}]);
    const refused = await send(done.inv, hooks);
    if (refused) return failedDelivery(reply, refused);
    return reply.redirect(`${SANDBOX_BASE}/i/${done.inv.id}`, 303);
  });
};
