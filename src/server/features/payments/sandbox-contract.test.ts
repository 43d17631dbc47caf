import { describe, expect, it } from 'vitest';
import { greenfieldContract } from '../../testing/greenfield-contract.ts';
import { paymentsKit } from '../../testing/payments.ts';
import { addPayoutMethod } from '../../testing/provider-apps.ts';
import { REFERENCE_KEY } from './providers/greenfield-payouts.ts';

// The sandbox plays BTCPay Server (ADR 044): what the demo walks through is the path a real store
// takes. Every request the real adapter sends it and every answer it gives is checked here against
// BTCPay's published Greenfield definition, and it keeps BTCPay's behaviour beyond the document:
// the 50-character pull payment name, one open payout per destination, PascalCase proofs.
const kit = await paymentsKit({ SANDBOX_PAYOUT_PROCESSOR: 'none' });
const { app, db, host, completed } = kit;
await addPayoutMethod(db, host.user.id);
const contract = greenfieldContract();
const sandbox = app.services.sandbox!;
const BASE = '/sandbox/btcpay';

// A Greenfield call to the sandbox, its request and its answer checked against the definition.
async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
  const sent = contract.request(method, path.split('?')[0], body);
  const res = await app.inject({
    method,
    url: `${BASE}${path}`,
    headers: { authorization: `token ${sandbox.apiKey}`, 'content-type': 'application/json' },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = res.body ? res.json() : undefined;
  const answered =
    res.statusCode < 400 ? contract.response(method, path.split('?')[0], res.statusCode, json) : [];
  return { status: res.statusCode, json, sent, answered };
}

describe('the sandbox answers as BTCPay does', () => {
  it('pull payment, payout, reading it back, and its PascalCase proof, all within the definition', async () => {
    const store = `/api/v1/stores/${'sandbox-store'}`;
    const long = await call('POST', `${store}/pull-payments`, {
      name: 'x'.repeat(51),
      amount: '10.00',
      currency: 'USD',
    });
    expect(long.sent).not.toEqual([]);
    expect(long.status).toBeGreaterThanOrEqual(400);

    const pp = await call('POST', `${store}/pull-payments`, {
      name: 'Yardshare ysp-0123456789abcdef0123456789abcdef',
      amount: '10.00',
      currency: 'USD',
      autoApproveClaims: false,
      payoutMethods: ['BTC-CHAIN'],
    });
    expect(pp).toMatchObject({ status: 200, sent: [], answered: [] });
    const request = {
      destination: 'bc1q34aq5drpuwy3wgl9lhup9892qp6svr8ldzyy7c',
      amount: '10.00',
      payoutMethodId: 'BTC-CHAIN',
      pullPaymentId: pp.json.id,
      approved: true,
      metadata: { [REFERENCE_KEY]: 'ysp-test', source: 'Yardshare' },
    };
    const created = await call('POST', `${store}/payouts`, request);
    expect(created).toMatchObject({ status: 200, sent: [], answered: [] });
    expect(typeof created.json.date).toBe('number');
    // A second payout to a destination with one open is refused, as BTCPay refuses it.
    const again = await call('POST', `${store}/payouts`, request);
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ code: 'duplicate-destination' });

    const read = await call('GET', `/api/v1/payouts/${created.json.id}`);
    expect(read).toMatchObject({ status: 200, answered: [] });
    const list = await call('GET', `${store}/payouts?includeCancelled=true`);
    expect(list).toMatchObject({ status: 200, answered: [] });
    // SANDBOX_PAYOUT_PROCESSOR=none: the store has no payout processor, as a real one may not.
    const processors = await call('GET', `${store}/payout-processors`);
    expect(processors).toMatchObject({ status: 200, answered: [], json: [] });

    await sandbox.payouts.complete(created.json.id);
    const done = await call('GET', `/api/v1/payouts/${created.json.id}`);
    expect(done).toMatchObject({ status: 200, answered: [] });
    expect(done.json.state).toBe('Completed');
    expect(done.json.paymentProof).toMatchObject({
      ProofType: 'PayoutTransactionOnChainBlob',
      TransactionId: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('an invoice, read back at its documented store-less routes, within the definition', async () => {
    const p = await completed();
    const invoice = await call('GET', `/api/v1/invoices/${p.chargeId}`);
    expect(invoice).toMatchObject({ status: 200, answered: [] });
    expect(invoice.json.status).toBe('Settled');
    const methods = await call('GET', `/api/v1/invoices/${p.chargeId}/payment-methods`);
    expect(methods).toMatchObject({ status: 200, answered: [] });
  });
});
