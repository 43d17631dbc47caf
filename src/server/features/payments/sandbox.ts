import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { centsToDecimal, decimalToCents, formatUsd } from '#shared/money.ts';
import { btcpaySignature, type GreenfieldInvoice, type GreenfieldPaymentMethod } from './providers/btcpay.ts';
import type { HttpTransport } from './providers/types.ts';

// The sandbox: this server plays a BTCPay Server (Greenfield API) in test mode. The real BTCPay
// adapter and the real webhook verification run unchanged against it (docs/decisions: payments).

export const SANDBOX_BASE = '/sandbox/btcpay';
export const SANDBOX_STORE_ID = 'sandbox-store';
const INVOICE_TTL_MS = 15 * 60_000; // BTCPay's default invoice expiry
// A fixed test rate: 1 cent = 20 satoshi, so every conversion is exact.
const RATE = '50000.00';
const SATS_PER_CENT = 20n;

type SandboxInvoice = {
  id: string;
  storeId: string;
  amountCents: number;
  currency: string;
  status: GreenfieldInvoice['status'];
  additionalStatus: NonNullable<GreenfieldInvoice['additionalStatus']>;
  paidCents: number;
  metadata: Record<string, unknown>;
  redirectUrl: string;
  createdTime: number;
  expirationTime: number;
  refunds: { id: string; amount: string; currency: string }[];
};

const btc = (cents: number) => {
  const sats = BigInt(cents) * SATS_PER_CENT;
  return `${sats / 100_000_000n}.${(sats % 100_000_000n).toString().padStart(8, '0')}`;
};

export class SandboxStore {
  private invoices = new Map<string, SandboxInvoice>();
  private pullPayments = new Map<string, { amount: string; currency: string }>();

  create(input: {
    storeId: string;
    amountCents: number;
    currency: string;
    metadata: Record<string, unknown>;
    redirectUrl: string;
  }): SandboxInvoice {
    const now = Date.now();
    // Test invoices are forgotten a day after they were made: the map cannot grow without bound.
    for (const [id, old] of this.invoices)
      if (old.createdTime * 1000 < now - 86_400_000) this.invoices.delete(id);
    const inv: SandboxInvoice = {
      id: `SBX${randomBytes(12).toString('base64url')}`,
      ...input,
      status: 'New',
      additionalStatus: 'None',
      paidCents: 0,
      createdTime: Math.floor(now / 1000),
      expirationTime: Math.floor((now + INVOICE_TTL_MS) / 1000),
      refunds: [],
    };
    this.invoices.set(inv.id, inv);
    return inv;
  }

  get(id: string): SandboxInvoice | undefined {
    const inv = this.invoices.get(id);
    // An open invoice past its expiry is expired, as BTCPay would report it.
    if (inv && inv.status === 'New' && Date.now() / 1000 > inv.expirationTime) inv.status = 'Expired';
    return inv;
  }

  addPullPayment(amount: string, currency: string): string {
    const id = `PP${randomBytes(9).toString('base64url')}`;
    this.pullPayments.set(id, { amount, currency });
    return id;
  }

  pullPayment(id: string) {
    return this.pullPayments.get(id);
  }
}

export function toGreenfield(
  inv: SandboxInvoice,
  origin: string,
): GreenfieldInvoice & Record<string, unknown> {
  return {
    id: inv.id,
    storeId: inv.storeId,
    amount: centsToDecimal(inv.amountCents),
    currency: inv.currency,
    type: 'Standard',
    checkoutLink: `${origin}${SANDBOX_BASE}/i/${inv.id}`,
    status: inv.status,
    additionalStatus: inv.additionalStatus,
    createdTime: inv.createdTime,
    expirationTime: inv.expirationTime,
    monitoringExpiration: inv.expirationTime + 3600,
    metadata: inv.metadata,
    checkout: { redirectURL: inv.redirectUrl, redirectAutomatically: true },
  };
}

export function paymentMethodsOf(inv: SandboxInvoice): GreenfieldPaymentMethod[] {
  const due = Math.max(0, inv.amountCents - inv.paidCents);
  return [
    {
      paymentMethodId: 'BTC-CHAIN',
      currency: 'BTC',
      rate: RATE,
      amount: btc(inv.amountCents),
      totalPaid: btc(inv.paidCents),
      due: btc(due),
    },
  ];
}

// Sends a webhook the way BTCPay does: the JSON bytes, signed with the shared secret, to the real
// webhook endpoint of this same server (through app.inject, so it works in tests and behind any port).
export type Deliver = (rawBody: string, signature: string) => Promise<number>;

export function injectDeliver(app: FastifyInstance, path: string): Deliver {
  return async (rawBody, signature) => {
    const res = await app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/json',
        'btcpay-sig': signature,
        'user-agent': 'BTCPayServer-Sandbox',
      },
      payload: rawBody,
    });
    return res.statusCode;
  };
}

export function injectTransport(app: FastifyInstance): HttpTransport {
  return async (req) => {
    const res = await app.inject({
      method: req.method,
      url: req.url,
      headers: req.headers,
      payload: req.body,
    });
    return { status: res.statusCode, body: res.body };
  };
}

export function webhookBody(inv: SandboxInvoice, type: string, extra: Record<string, unknown> = {}): string {
  const deliveryId = randomUUID();
  return JSON.stringify({
    deliveryId,
    webhookId: 'sandbox-webhook',
    originalDeliveryId: deliveryId,
    isRedelivery: false,
    type,
    timestamp: Math.floor(Date.now() / 1000),
    storeId: inv.storeId,
    invoiceId: inv.id,
    metadata: inv.metadata,
    ...extra,
  });
}

const esc = (s: unknown) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#fbfaf6;color:#1f2a1f;line-height:1.5}
.banner{background:#8a5a2b;color:#fff;text-align:center;padding:.6rem 1rem;font-weight:600;font-size:.95rem}
main{max-width:28rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #e2ddcf;border-radius:1rem;padding:1.5rem;box-shadow:0 1px 2px rgba(0,0,0,.05)}
h1{font-size:1.35rem;margin:0 0 .25rem}.muted{color:#55604f;font-size:.9rem;margin:0}
.total{font-size:2rem;font-weight:700;margin:1rem 0 .25rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem;margin:1rem 0;font-size:.9rem}
dt{color:#55604f}dd{margin:0;text-align:right;word-break:break-all}
.status{display:inline-block;border-radius:999px;padding:.15rem .7rem;font-size:.8rem;font-weight:600;background:#e8f1e2;color:#1f4a27}
.status.bad{background:#fde8e6;color:#8c1d13}
form{margin:0}.actions{display:grid;gap:.6rem;margin-top:1.25rem}
button,.btn{display:block;width:100%;min-height:2.75rem;border-radius:.75rem;border:1px solid #d6d0c0;background:#fff;color:#1f2a1f;font:inherit;font-weight:600;cursor:pointer;text-align:center;text-decoration:none;padding:.6rem 1rem}
button.primary,.btn.primary{background:#2f6b3a;border-color:#2f6b3a;color:#fff}button:focus-visible,.btn:focus-visible{outline:2px solid #3f8a4c;outline-offset:2px}
details{margin-top:1.25rem;font-size:.9rem}summary{cursor:pointer;color:#55604f}details .actions{margin-top:.75rem}
.note{font-size:.85rem;color:#55604f;margin-top:1rem}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${esc(title)} | Yardshare sandbox</title><style>${STYLE}</style></head><body><div class="banner" role="note">TEST MODE: sandbox checkout. No real money is charged.</div><main>${body}</main></body></html>`;
}

function checkoutPage(inv: SandboxInvoice): string {
  const total = formatUsd(inv.amountCents);
  const paid = inv.status === 'Settled';
  const expired = inv.status === 'Expired' || inv.status === 'Invalid';
  const statusText = paid
    ? inv.refunds.length
      ? 'Paid, refund issued'
      : 'Paid'
    : expired
      ? 'Expired'
      : inv.paidCents > 0
        ? `Partially paid: ${formatUsd(inv.paidCents)} of ${total}`
        : 'Awaiting payment';
  const action = (name: string, label: string, primary = false) =>
    `<form method="post" action="${SANDBOX_BASE}/i/${esc(inv.id)}/${name}"><input type="hidden" name="action" value="${name}"><button type="submit"${primary ? ' class="primary"' : ''}>${esc(label)}</button></form>`;
  const actions = paid
    ? `<div class="actions"><a class="btn primary" href="${esc(safeReturnPath(inv.redirectUrl))}">Return to Yardshare</a></div>`
    : `<div class="actions">${action('pay', expired ? 'Pay now (late payment)' : 'Pay now', true)}${action('cancel', 'Cancel')}</div>
       <details><summary>More test outcomes</summary><div class="actions">${expired ? '' : `${action('underpay', 'Pay only half (underpayment)')}${action('expire', 'Let the invoice expire')}`}</div>
       <p class="note">Each outcome sends the signed webhook BTCPay Server would send.</p></details>`;
  return page(
    'Checkout',
    `<div class="card"><p class="muted">Yardshare (sandbox store)</p><h1>${esc(inv.metadata.itemDesc ?? 'Rental payment')}</h1>
     <p class="total">${total} <span class="muted">${esc(inv.currency)}</span></p>
     <p><span class="status${expired ? ' bad' : ''}" role="status">${esc(statusText)}</span></p>
     <dl><dt>Invoice</dt><dd>${esc(inv.id)}</dd><dt>Pay in</dt><dd>${btc(inv.amountCents)} BTC (test rate $${RATE})</dd></dl>
     ${actions}
     <p class="note">This page stands in for the crypto payment page. Paying here moves no money.</p></div>`,
  );
}

// Only our own outcome pages: the sandbox never redirects elsewhere.
function safeReturnPath(url: string, fallback = '/payment/success'): string {
  try {
    const u = new URL(url, 'http://sandbox.invalid');
    return u.pathname.startsWith('/payment/') ? u.pathname + u.search : fallback;
  } catch {
    return fallback;
  }
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

export type SandboxOptions = {
  store: SandboxStore;
  apiKey: string;
  secret: string;
  publicUrl?: string;
  deliver: Deliver;
};

const htmlSchema = z.string();
const invoiceParams = z.object({ storeId: z.string().min(1).max(100), id: z.string().min(1).max(100) });
const formBody = z.record(z.string(), z.string()).optional();

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
      const inv = store.create({
        storeId: request.params.storeId,
        amountCents: cents,
        currency: request.body.currency,
        metadata: request.body.metadata ?? {},
        redirectUrl: request.body.checkout?.redirectURL ?? '/payment/success',
      });
      return toGreenfield(inv, origin);
    },
  );

  app.get(
    `${SANDBOX_BASE}/api/v1/stores/:storeId/invoices/:id`,
    {
      schema: {
        params: invoiceParams,
        response: { 200: z.record(z.string(), z.unknown()), 401: err, 404: err },
      },
    },
    async (request, reply) => {
      if (!authorized(request.headers.authorization))
        return reply.status(401).send({ message: 'Invalid API key' });
      const inv = store.get(request.params.id);
      if (!inv || inv.storeId !== request.params.storeId)
        return reply.status(404).send({ message: 'Invoice not found' });
      return toGreenfield(inv, origin);
    },
  );

  app.get(
    `${SANDBOX_BASE}/api/v1/stores/:storeId/invoices/:id/payment-methods`,
    {
      schema: {
        params: invoiceParams,
        response: { 200: z.array(z.record(z.string(), z.unknown())), 401: err, 404: err },
      },
    },
    async (request, reply) => {
      if (!authorized(request.headers.authorization))
        return reply.status(401).send({ message: 'Invalid API key' });
      const inv = store.get(request.params.id);
      if (!inv || inv.storeId !== request.params.storeId)
        return reply.status(404).send({ message: 'Invoice not found' });
      return paymentMethodsOf(inv);
    },
  );

  app.post(
    `${SANDBOX_BASE}/api/v1/stores/:storeId/invoices/:id/refund`,
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
      const inv = store.get(request.params.id);
      if (!inv || inv.storeId !== request.params.storeId)
        return reply.status(404).send({ message: 'Invoice not found' });
      if (inv.status !== 'Settled')
        return reply.status(400).send({ message: 'Only a settled invoice can be refunded' });
      const amount = request.body.customAmount ?? centsToDecimal(inv.amountCents);
      const currency = request.body.customCurrency ?? inv.currency;
      const id = store.addPullPayment(amount, currency);
      inv.refunds.push({ id, amount, currency });
      return { id, viewLink: `${origin}${SANDBOX_BASE}/pull-payments/${id}`, amount, currency };
    },
  );

  // ---- Hosted pages --------------------------------------------------------------------------
  const idParams = z.object({ id: z.string().min(1).max(100) });

  app.get(
    `${SANDBOX_BASE}/i/:id`,
    { schema: { params: idParams, response: { 200: htmlSchema, 404: htmlSchema } } },
    async (request, reply) => {
      const inv = store.get(request.params.id);
      if (!inv)
        return sendHtml(
          reply,
          404,
          page(
            'Invoice not found',
            '<div class="card"><h1>Invoice not found</h1><p class="muted">This test invoice does not exist or the server restarted since it was made.</p><div class="actions"><a class="btn" href="/">Return to Yardshare</a></div></div>',
          ),
        );
      return sendHtml(reply, 200, checkoutPage(inv));
    },
  );

  app.get(
    `${SANDBOX_BASE}/pull-payments/:id`,
    { schema: { params: idParams, response: { 200: htmlSchema, 404: htmlSchema } } },
    async (request, reply) => {
      const pp = store.pullPayment(request.params.id);
      if (!pp)
        return sendHtml(
          reply,
          404,
          page('Refund not found', '<div class="card"><h1>Refund not found</h1></div>'),
        );
      return sendHtml(
        reply,
        200,
        page(
          'Refund',
          `<div class="card"><h1>Test refund</h1><p class="total">$${esc(pp.amount)} <span class="muted">${esc(pp.currency)}</span></p><p class="muted">In test mode no money moves. A real BTCPay Server lets the renter claim this refund to their own wallet here.</p></div>`,
        ),
      );
    },
  );

  const send = async (inv: SandboxInvoice, type: string, extra: Record<string, unknown> = {}) => {
    const body = webhookBody(inv, type, extra);
    return deliver(body, btcpaySignature(secret, body));
  };
  const failedDelivery = (reply: FastifyReply, status: number) =>
    sendHtml(
      reply,
      502,
      page(
        'Webhook refused',
        `<div class="card"><h1>The webhook was not accepted</h1><p class="muted">Yardshare answered ${status}. A real provider would retry later.</p></div>`,
      ),
    );

  const formRoute = (name: string, handler: (inv: SandboxInvoice, reply: FastifyReply) => Promise<unknown>) =>
    app.post(
      `${SANDBOX_BASE}/i/:id/${name}`,
      {
        schema: {
          params: idParams,
          body: formBody,
          response: { 303: z.unknown(), 404: htmlSchema, 409: htmlSchema, 502: htmlSchema },
        },
      },
      async (request, reply) => {
        const inv = store.get(request.params.id);
        if (!inv)
          return sendHtml(
            reply,
            404,
            page('Invoice not found', '<div class="card"><h1>Invoice not found</h1></div>'),
          );
        return handler(inv, reply);
      },
    );

  formRoute('pay', async (inv, reply) => {
    if (inv.status !== 'Settled') {
      const late = inv.status === 'Expired';
      inv.paidCents = inv.amountCents;
      const received = await send(inv, 'InvoiceReceivedPayment', {
        afterExpiration: late,
        paymentMethodId: 'BTC-CHAIN',
        payment: { value: btc(inv.amountCents), status: 'Settled' },
      });
      if (received >= 300) return failedDelivery(reply, received);
      inv.status = 'Settled';
      inv.additionalStatus = late ? 'PaidLate' : 'None';
      const settled = await send(inv, 'InvoiceSettled', { manuallyMarked: false, overPaid: false });
      if (settled >= 300) return failedDelivery(reply, settled);
    }
    return reply.redirect(safeReturnPath(inv.redirectUrl), 303);
  });

  // Like closing a real checkout: nothing is paid, the invoice stays open until it expires.
  formRoute('cancel', async (_inv, reply) => reply.redirect('/payment/cancel', 303));

  formRoute('underpay', async (inv, reply) => {
    if (inv.status !== 'New') return sendHtml(reply, 409, checkoutPage(inv));
    inv.paidCents = Math.floor(inv.amountCents / 2);
    inv.additionalStatus = 'PaidPartial';
    const status = await send(inv, 'InvoiceReceivedPayment', {
      afterExpiration: false,
      paymentMethodId: 'BTC-CHAIN',
      payment: { value: btc(inv.paidCents), status: 'Settled' },
    });
    if (status >= 300) return failedDelivery(reply, status);
    return reply.redirect(`${SANDBOX_BASE}/i/${inv.id}`, 303);
  });

  formRoute('expire', async (inv, reply) => {
    if (inv.status !== 'New') return sendHtml(reply, 409, checkoutPage(inv));
    inv.status = 'Expired';
    const status = await send(inv, 'InvoiceExpired', {
      partiallyPaid: inv.paidCents > 0,
      paymentMethodId: 'BTC-CHAIN',
    });
    if (status >= 300) return failedDelivery(reply, status);
    return reply.redirect(`${SANDBOX_BASE}/i/${inv.id}`, 303);
  });
};

export const newSandboxCredentials = (configuredSecret?: string) => ({
  apiKey: randomBytes(24).toString('hex'),
  // Random per process start unless SANDBOX_WEBHOOK_SECRET is set.
  secret: configuredSecret || randomBytes(32).toString('hex'),
});
