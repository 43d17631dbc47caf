import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, payments } from '../../db/schema.ts';
import { registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { btcpaySignature } from './providers/btcpay.ts';

// The real adapters wired by PAYMENT_PROVIDER: no sandbox, the provider's own webhook path.
// The provider URL is unreachable on purpose: nothing here leaves the machine.
const BTCPAY_SECRET = 'btcpay-secret';
const btcpayApp = await buildTestApp({
  PAYMENT_PROVIDER: 'btcpay',
  BTCPAY_URL: 'http://127.0.0.1:9',
  BTCPAY_STORE_ID: 'store',
  BTCPAY_API_KEY: 'key',
  BTCPAY_WEBHOOK_SECRET: BTCPAY_SECRET,
});
const CC_SECRET = 'cc-secret';
const coinbaseApp = await buildTestApp({
  PAYMENT_PROVIDER: 'coinbase-commerce',
  COINBASE_COMMERCE_API_KEY: 'k',
  COINBASE_COMMERCE_WEBHOOK_SECRET: CC_SECRET,
});

describe('PAYMENT_PROVIDER=btcpay', () => {
  const { app, db } = btcpayApp;
  const secret = BTCPAY_SECRET;

  it('mounts no sandbox and answers 502 with a message when BTCPay cannot be reached, creating nothing', async () => {
    expect((await app.inject({ method: 'GET', url: '/sandbox/btcpay/i/x' })).statusCode).toBe(404);
    const host = await registerUser(app);
    const renter = await registerUser(app);
    const [l] = await db.db
      .insert(listings)
      .values({
        userId: host.user.id,
        title: 'Plot',
        description: 'd',
        type: 'rental',
        price: 50,
        location: 'x',
        city: 'Austin',
        state: 'TX',
      })
      .returning();
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/create',
      headers: { cookie: renter.cookie },
      payload: { listingId: l.id, amount: 5000 },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/^Failed to create payment/);
    expect((await db.db.select({ n: sql<number>`count(*)::int` }).from(payments))[0].n).toBe(0);
  });

  it('verifies webhooks on /api/payments/webhook/btcpay with BTCPAY_WEBHOOK_SECRET', async () => {
    const body = JSON.stringify({ deliveryId: 'd1', type: 'InvoiceExpired', invoiceId: 'nope' });
    const ok = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook/btcpay',
      headers: { 'content-type': 'application/json', 'btcpay-sig': btcpaySignature(secret, body) },
      payload: body,
    });
    expect(ok.json()).toEqual({ received: true, outcome: 'unknown_charge' });
    const forged = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook/btcpay',
      headers: { 'content-type': 'application/json', 'btcpay-sig': btcpaySignature('x', body) },
      payload: body,
    });
    expect(forged.statusCode).toBe(400);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/payments/webhook/sandbox',
          headers: { 'content-type': 'application/json' },
          payload: body,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('PAYMENT_PROVIDER=coinbase-commerce', () => {
  const { app } = coinbaseApp;
  const secret = CC_SECRET;

  it('verifies X-CC-Webhook-Signature on /api/payments/webhook/coinbase-commerce', async () => {
    const body = JSON.stringify({
      id: 1,
      event: { id: 'evt-1', type: 'charge:failed', data: { id: 'unknown-charge' } },
    });
    const sig = createHmac('sha256', secret).update(body).digest('hex');
    const ok = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook/coinbase-commerce',
      headers: { 'content-type': 'application/json', 'x-cc-webhook-signature': sig },
      payload: body,
    });
    expect(ok.json()).toEqual({ received: true, outcome: 'unknown_charge' });
    const again = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook/coinbase-commerce',
      headers: { 'content-type': 'application/json', 'x-cc-webhook-signature': sig },
      payload: body,
    });
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
    const forged = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook/coinbase-commerce',
      headers: { 'content-type': 'application/json', 'x-cc-webhook-signature': '0'.repeat(64) },
      payload: body,
    });
    expect(forged.statusCode).toBe(400);
  });
});
