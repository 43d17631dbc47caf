import { randomBytes } from 'node:crypto';
import { decimalToCents } from '#shared/money.ts';
import {
  base58Id,
  btc,
  expand,
  type Invoice,
  invoiceData,
  type Payout,
  paymentMethod,
  proofOf,
  README_PERMISSIONS,
} from './btcpay-behaviour.ts';
import { type Answer, greenfieldServer, missing, problem } from './fake-btcpay-server.ts';

export { README_PERMISSIONS };

// A test BTCPay Server store on a real port (ADR 044). Every request Yardshare sends and every answer
// this fake gives is validated against BTCPay's own published Greenfield definition (vendored, see
// greenfield-contract.ts), not against Yardshare's schemas: a request that does not fit is refused
// with BTCPay's 422, an answer that does not fit is a 500, and both are recorded in `invalid`.
// What the running server does beyond its document is modelled here, each with its source file:
// the 50-character pull payment name, PascalCase payment proofs, one open payout per destination,
// per-route permissions, payouts that wait without a processor or without a rate.

export type { FakeRequest } from './fake-btcpay-server.ts';

export type FakeBtcpayOptions = {
  storeId: string;
  apiKey: string;
  permissions?: string[];
  // The store's automated payout processors, by payout method (none: payouts wait for a person).
  processors?: ('BTC-CHAIN' | 'BTC-LN')[];
  // false: the store has no rate for USD, so a claimed payout stays AwaitingApproval.
  rate?: boolean;
};

export async function fakeBtcpay(opts: FakeBtcpayOptions) {
  const permissions = expand(opts.permissions ?? README_PERMISSIONS);
  const processors = new Set(opts.processors ?? ['BTC-CHAIN', 'BTC-LN']);
  let rate = opts.rate ?? true;
  const payouts = new Map<string, Payout>();
  const pullPayments = new Map<string, { currency: string; amount: string; name: string | null }>();
  const invoices = new Map<string, Invoice>();
  const store = `/api/v1/stores/${opts.storeId}`;

  const validation = (path: string, message: string) => [{ path, message }];

  function handle(method: string, url: URL, body: unknown): Answer {
    const p = url.pathname;
    if (method === 'POST' && p === `${store}/pull-payments`) {
      const b = body as { name?: string | null; amount: string; currency: string };
      const id = randomBytes(12).toString('base64url');
      pullPayments.set(id, { currency: b.currency.toUpperCase(), amount: b.amount, name: b.name ?? null });
      return {
        status: 200,
        body: {
          id,
          name: b.name ?? '',
          description: '',
          currency: b.currency.toUpperCase(),
          amount: b.amount,
          archived: false,
          autoApproveClaims: true,
          viewLink: `https://btcpay.test/pull-payments/${id}`,
        },
      };
    }
    if (method === 'POST' && p === `${store}/payouts`) {
      const b = body as {
        destination: string;
        amount?: string;
        payoutMethodId: string;
        pullPaymentId?: string;
        approved?: boolean;
        metadata?: Record<string, unknown>;
      };
      // Approving at creation needs the stronger permission (GreenfieldPullPaymentController.cs,
      // CreatePayoutThroughStore).
      if (b.approved && !permissions.has('btcpay.store.cancreatepullpayments'))
        return { status: 403, body: missing('btcpay.store.cancreatepullpayments') };
      if (!['BTC-CHAIN', 'BTC-LN'].includes(b.payoutMethodId))
        return { status: 422, body: validation('payoutMethodId', 'Invalid payment method') };
      const pp = b.pullPaymentId ? pullPayments.get(b.pullPaymentId) : undefined;
      if (b.pullPaymentId && !pp)
        return { status: 404, body: problem('pullpayment-not-found', 'The pull payment was not found') };
      // One payout not yet Completed or Cancelled per destination (PullPaymentHostedService.cs,
      // HandleCreatePayout: DedupId).
      const open = [...payouts.values()].find(
        (o) => o.destination === b.destination && o.state !== 'Completed' && o.state !== 'Cancelled',
      );
      if (open)
        return {
          status: 400,
          body: problem('duplicate-destination', 'This address is already used for another payout'),
        };
      const claimed = b.amount ?? pp?.amount ?? '0';
      // Payouts of a pull payment never add up to more than it (PullPaymentHostedService.cs: Overdraft).
      if (pp) {
        const taken = [...payouts.values()]
          .filter((o) => o.pullPaymentId === b.pullPaymentId && o.state !== 'Cancelled')
          .reduce((sum, o) => sum + decimalToCents(o.originalAmount)!, 0);
        if (taken + decimalToCents(claimed)! > decimalToCents(pp.amount)!)
          return {
            status: 400,
            body: problem('overdraft', "The payout amount overdraft the pull payment's limit"),
          };
      }
      const cents = decimalToCents(claimed) ?? 0;
      // An approved claim needs a rate; without one it stays AwaitingApproval
      // (PullPaymentHostedService.cs, HandleCreatePayout: rateResult.BidAsk == null).
      const approved = Boolean(b.approved) && rate;
      const o: Payout = {
        id: base58Id(),
        revision: 0,
        pullPaymentId: b.pullPaymentId ?? null,
        date: Math.floor(Date.now() / 1000),
        destination: b.destination,
        originalCurrency: pp?.currency ?? 'BTC',
        originalAmount: claimed,
        payoutCurrency: 'BTC',
        payoutAmount: approved ? btc(cents) : null,
        payoutMethodId: b.payoutMethodId,
        state: approved ? 'AwaitingPayment' : 'AwaitingApproval',
        paymentProof: null,
        metadata: b.metadata ?? {},
      };
      payouts.set(o.id, o);
      return { status: 200, body: o };
    }
    if (method === 'GET' && p === `${store}/payouts`) {
      const all = [...payouts.values()];
      const withCancelled = url.searchParams.get('includeCancelled') === 'true';
      return { status: 200, body: withCancelled ? all : all.filter((o) => o.state !== 'Cancelled') };
    }
    const payoutId = /^\/api\/v1\/payouts\/([^/]+)$/.exec(p)?.[1];
    if (method === 'GET' && payoutId) {
      const o = payouts.get(decodeURIComponent(payoutId));
      return o
        ? { status: 200, body: o }
        : { status: 404, body: problem('payout-not-found', 'The payout was not found') };
    }
    if (method === 'GET' && p === `${store}/payout-processors`)
      return {
        status: 200,
        body: [...processors].map((m) =>
          m === 'BTC-CHAIN'
            ? {
                name: 'OnChainAutomatedPayoutSenderFactory',
                friendlyName: 'Automated Bitcoin Sender',
                payoutMethods: ['BTC-CHAIN'],
              }
            : {
                name: 'LightningAutomatedPayoutSenderFactory',
                friendlyName: 'Automated Lightning Sender',
                payoutMethods: ['BTC-LN'],
              },
        ),
      };
    if (method === 'POST' && p === `${store}/invoices`) {
      const b = body as {
        amount: string;
        currency: string;
        metadata?: Record<string, unknown>;
        checkout?: Record<string, unknown>;
      };
      const now = Math.floor(Date.now() / 1000);
      const inv: Invoice = {
        id: randomBytes(16).toString('base64url').slice(0, 22),
        storeId: opts.storeId,
        amount: b.amount,
        currency: b.currency,
        status: 'New',
        additionalStatus: 'None',
        metadata: b.metadata ?? {},
        checkout: b.checkout ?? {},
        createdTime: now,
        expirationTime: now + 15 * 60,
        paidCents: 0,
      };
      invoices.set(inv.id, inv);
      return { status: 200, body: invoiceData(inv) };
    }
    const inv = /^\/api\/v1\/invoices\/([^/]+)(\/[a-z-]+)?$/.exec(p);
    if (inv) {
      const found = invoices.get(decodeURIComponent(inv[1]));
      if (!found) return { status: 404, body: problem('invoice-not-found', 'The invoice was not found') };
      if (method === 'GET' && !inv[2]) return { status: 200, body: invoiceData(found) };
      if (method === 'GET' && inv[2] === '/payment-methods')
        return { status: 200, body: [paymentMethod(found)] };
      if (method === 'POST' && inv[2] === '/refund') {
        const b = body as { customAmount?: string; customCurrency?: string; name?: string };
        const id = randomBytes(12).toString('base64url');
        return {
          status: 200,
          body: {
            id,
            name: b.name ?? `Refund ${found.id}`,
            description: '',
            currency: b.customCurrency ?? found.currency,
            amount: b.customAmount ?? found.amount,
            archived: false,
            autoApproveClaims: false,
            viewLink: `https://btcpay.test/pull-payments/${id}`,
          },
        };
      }
    }
    return { status: 404 };
  }

  const server = await greenfieldServer({ apiKey: opts.apiKey, permissions, handle });

  return {
    url: server.url,
    requests: server.requests,
    invalid: server.invalid,
    payouts,
    invoices,
    failNext: server.failNext,
    slow: server.slow,
    tamper: server.tamper,
    setRate: (available: boolean) => {
      rate = available;
    },
    // Moves a payout as BTCPay (a person, a processor) would; Completed carries the proof.
    set(id: string, state: Payout['state']) {
      const o = payouts.get(id)!;
      const next: Payout = {
        ...o,
        state,
        paymentProof: state === 'Completed' || state === 'InProgress' ? proofOf(o) : o.paymentProof,
      };
      payouts.set(id, next);
      return next;
    },
    // The store's processors send what they can: approved payouts of a method they handle.
    process() {
      const sent: string[] = [];
      for (const o of payouts.values())
        if (o.state === 'AwaitingPayment' && processors.has(o.payoutMethodId as 'BTC-CHAIN')) {
          payouts.set(o.id, { ...o, state: 'Completed', paymentProof: proofOf(o) });
          sent.push(o.id);
        }
      return sent;
    },
    // A grower pays an invoice in full (settled).
    pay(invoiceId: string) {
      const i = invoices.get(invoiceId)!;
      invoices.set(invoiceId, { ...i, status: 'Settled', paidCents: decimalToCents(i.amount) ?? 0 });
    },
    amountCents: (o: Payout) => decimalToCents(o.originalAmount) ?? 0,
    close: server.close,
  };
}
