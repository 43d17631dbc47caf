import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decimalToCents } from '#shared/money.ts';
import {
  createPayoutThroughStoreRequest,
  createPullPaymentRequest,
  type PayoutData,
  payoutData,
} from '../features/payments/providers/greenfield-payouts.ts';

// A fake BTCPay Server store on a real port, for the payout tests: it answers the Greenfield payout
// requests, checks every request against the Greenfield definition (our schemas written from
// BTCPay's OpenAPI document; a request that does not fit is a 400 and recorded as invalid), and
// can be told to fail (503) or to cancel or complete a payout. Its webhooks are sent by the tests.

export type FakeRequest = { method: string; path: string; body: unknown; auth: string | undefined };

export async function fakeBtcpay(opts: { storeId: string; apiKey: string }) {
  const requests: FakeRequest[] = [];
  const invalid: string[] = [];
  const payouts = new Map<string, PayoutData>();
  const pullPayments = new Map<string, { currency: string; amount: string }>();
  let failNext = 0;

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const base = `/api/v1/stores/${opts.storeId}`;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = raw ? JSON.parse(raw) : undefined;
      requests.push({
        method: req.method ?? '',
        path: url.pathname + url.search,
        body,
        auth: req.headers.authorization,
      });
      if (req.headers.authorization !== `token ${opts.apiKey}`)
        return send(res, 401, { code: 'unauthenticated', message: 'Unauthenticated' });
      if (failNext > 0) {
        failNext -= 1;
        return send(res, 503, { code: 'unavailable', message: 'Service unavailable' });
      }
      if (req.method === 'POST' && url.pathname === `${base}/pull-payments`) {
        const parsed = createPullPaymentRequest.safeParse(body);
        if (!parsed.success) {
          invalid.push(`POST pull-payments: ${parsed.error.message}`);
          return send(res, 400, { code: 'invalid', message: parsed.error.message });
        }
        const id = `pp_${randomBytes(6).toString('hex')}`;
        pullPayments.set(id, { currency: parsed.data.currency, amount: parsed.data.amount });
        return send(res, 200, {
          id,
          name: parsed.data.name,
          currency: parsed.data.currency,
          amount: parsed.data.amount,
          archived: false,
        });
      }
      if (req.method === 'POST' && url.pathname === `${base}/payouts`) {
        const parsed = createPayoutThroughStoreRequest.safeParse(body);
        if (!parsed.success) {
          invalid.push(`POST payouts: ${parsed.error.message}`);
          return send(res, 400, { code: 'invalid', message: parsed.error.message });
        }
        const b = parsed.data;
        const pp = b.pullPaymentId ? pullPayments.get(b.pullPaymentId) : undefined;
        if (b.pullPaymentId && !pp)
          return send(res, 404, { code: 'pullpayment-not-found', message: 'Pull payment not found' });
        const p: PayoutData = {
          id: `po_${randomBytes(6).toString('hex')}`,
          revision: 0,
          pullPaymentId: b.pullPaymentId ?? null,
          date: String(Math.floor(Date.now() / 1000)),
          destination: b.destination,
          originalCurrency: pp?.currency ?? 'BTC',
          originalAmount: b.amount ?? '0',
          payoutCurrency: 'BTC',
          payoutAmount: b.approved ? '0.00240000' : null,
          payoutMethodId: b.payoutMethodId,
          state: b.approved ? 'AwaitingPayment' : 'AwaitingApproval',
          paymentProof: null,
          metadata: b.metadata ?? {},
        };
        payouts.set(p.id, p);
        return send(res, 200, p);
      }
      if (req.method === 'GET' && url.pathname === `${base}/payouts`) {
        const all = [...payouts.values()];
        return send(
          res,
          200,
          url.searchParams.get('includeCancelled') === 'true'
            ? all
            : all.filter((p) => p.state !== 'Cancelled'),
        );
      }
      const one = url.pathname.startsWith(`${base}/payouts/`)
        ? payouts.get(url.pathname.slice(base.length + 9))
        : undefined;
      if (req.method === 'GET' && url.pathname.startsWith(`${base}/payouts/`))
        return one
          ? send(res, 200, one)
          : send(res, 404, { code: 'payout-not-found', message: 'Payout not found' });
      send(res, 404, { code: 'not-found', message: `No route ${req.method} ${url.pathname}` });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    invalid,
    payouts,
    failNext: (n: number) => {
      failNext = n;
    },
    set(id: string, state: PayoutData['state']) {
      const p = payouts.get(id)!;
      const proof =
        state === 'Completed'
          ? p.payoutMethodId === 'BTC-LN'
            ? { proofType: 'PayoutLightningBlob', paymentHash: 'ab'.repeat(32), preimage: 'cd'.repeat(32) }
            : {
                proofType: 'PayoutTransactionOnChainBlob',
                transactionId: createHash('sha256').update(id).digest('hex'),
                candidates: [],
              }
          : p.paymentProof;
      const next = payoutData.parse({ ...p, state, paymentProof: proof });
      payouts.set(id, next);
      return next;
    },
    amountCents: (p: PayoutData) => decimalToCents(p.originalAmount ?? '0'),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
