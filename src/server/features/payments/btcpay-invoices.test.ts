import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { fakeBtcpay } from '../../testing/fake-btcpay.ts';
import { greenfieldContract } from '../../testing/greenfield-contract.ts';
import { btcpayApp, BTCPAY_SECRET as SECRET } from '../../testing/provider-apps.ts';
import { btcpaySignature } from './providers/btcpay.ts';

// The checkout side against the test BTCPay (ADR 044): the invoice we create, the invoice and its
// payment methods we read back before trusting a webhook, and the refund, each request and each
// answer checked against BTCPay's published Greenfield definition; the webhooks we accept are the
// ones BTCPay documents.
const fake = await fakeBtcpay({ storeId: 'store1', apiKey: 'key1' });
const { app, db } = await btcpayApp({ url: fake.url, storeId: 'store1', apiKey: 'key1' });
afterAll(() => fake.close());
const contract = greenfieldContract();

const settled = (invoiceId: string) => {
  const body = {
    deliveryId: randomUUID(),
    webhookId: 'wh1',
    originalDeliveryId: randomUUID(),
    isRedelivery: false,
    type: 'InvoiceSettled',
    timestamp: Math.floor(Date.now() / 1000),
    storeId: 'store1',
    invoiceId,
    metadata: {},
    manuallyMarked: false,
    overPaid: false,
  };
  body.originalDeliveryId = body.deliveryId;
  return body;
};

describe('BTCPay checkout', () => {
  it('creates the invoice, confirms a settled webhook by reading the invoice back, and refunds, all as the definition says', async () => {
    const host = await registerUser(app);
    const renter = await registerUser(app);
    const l = await insertListing(db, host.user.id, { price: 50 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/create',
      headers: { cookie: renter.cookie },
      payload: { listingId: l.id, amount: 5000 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [invoice] = [...fake.invoices.values()];
    expect(res.json().hostedUrl).toBe(`https://btcpay.test/i/${invoice.id}`);
    // The price plus the 6% fee, in the invoice's currency.
    expect(invoice).toMatchObject({ amount: '53.00', currency: 'USD' });

    fake.pay(invoice.id);
    const body = settled(invoice.id);
    // The webhook body we test with is one BTCPay documents (swagger.template.webhooks.json).
    expect(contract.webhook('InvoiceSettled', body)).toEqual([]);
    const raw = JSON.stringify(body);
    const hook = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook/btcpay',
      headers: { 'content-type': 'application/json', 'btcpay-sig': btcpaySignature(SECRET, raw) },
      payload: raw,
    });
    expect(hook.json()).toMatchObject({ received: true, outcome: 'completed' });
    expect(
      fake.requests.some(
        (r) => r.method === 'GET' && r.path === `/api/v1/invoices/${invoice.id}/payment-methods`,
      ),
    ).toBe(true);

    const [p] = await db.db.select().from(payments).where(eq(payments.chargeId, invoice.id));
    const refund = await app.inject({
      method: 'POST',
      url: `/api/payments/${p.id}/refund`,
      headers: { cookie: host.cookie },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/api/v1/invoices/${invoice.id}/refund`,
      body: { refundVariant: 'Custom', customAmount: '53.00', customCurrency: 'USD' },
    });
    expect(fake.invalid).toEqual([]);
  });
});
