import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { payments } from '../../db/schema.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import {
  BTCPAY_SECRET,
  btcpayApp,
  COINBASE_SECRET as CC_SECRET,
  coinbaseApp,
} from '../../testing/provider-apps.ts';
import { createPaymentProvider, RETIRED_COMMERCE } from './provider.ts';
import { btcpaySignature } from './providers/btcpay.ts';

// The real adapters wired by PAYMENT_PROVIDER: no sandbox, the provider's own webhook path.
// The provider URL is unreachable on purpose: nothing here leaves the machine.
const btcpay = await btcpayApp();
const coinbase = await coinbaseApp();

describe('PAYMENT_PROVIDER=btcpay', () => {
  const { app, db } = btcpay;
  const secret = BTCPAY_SECRET;

  it('mounts no sandbox and answers 502 with a message when BTCPay cannot be reached, creating nothing', async () => {
    expect((await app.inject({ method: 'GET', url: '/sandbox/btcpay/i/x' })).statusCode).toBe(404);
    const host = await registerUser(app);
    const renter = await registerUser(app);
    const l = await insertListing(db, host.user.id, { price: 50 });
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
  const { app } = coinbase;
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

describe('choosing Coinbase', () => {
  it('refuses to start PAYMENT_PROVIDER=coinbase without its key and webhook secret', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'coinbase' })).toThrow(
      'PAYMENT_PROVIDER=coinbase needs these settings: COINBASE_API_KEY_ID, COINBASE_API_KEY_SECRET, COINBASE_WEBHOOK_SECRET',
    );
  });

  it('keeps the retired Commerce charges for an existing account, and says at start what replaces them', () => {
    const config = loadConfig({
      PAYMENT_PROVIDER: 'coinbase-commerce',
      COINBASE_COMMERCE_API_KEY: 'k',
      COINBASE_COMMERCE_WEBHOOK_SECRET: 's',
    });
    const warn = vi.fn();
    const app = { log: { warn } } as unknown as Parameters<typeof createPaymentProvider>[1];
    const { provider } = createPaymentProvider(config, app, coinbase.db.db);
    expect(provider.id).toBe('coinbase-commerce');
    expect(warn).toHaveBeenCalledWith(RETIRED_COMMERCE);
    expect(RETIRED_COMMERCE).toContain('PAYMENT_PROVIDER=coinbase ');
  });
});
