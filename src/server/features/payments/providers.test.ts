import { describe, expect, it } from 'vitest';
import { BtcpayProvider, btcpaySignature, btcpaySnapshot, verifyBtcpayWebhook } from './providers/btcpay.ts';
import {
  CoinbaseCommerceProvider,
  coinbaseSnapshot,
  verifyCoinbaseWebhook,
} from './providers/coinbase-commerce.ts';
import { type HttpRequest, hexEqual, WebhookError } from './providers/types.ts';

// Unit tests of the provider adapters: no database, no network.

describe('BTCPay webhook signature (BTCPay-Sig: sha256=<hex HMAC-SHA256(secret, raw body)>)', () => {
  // Vector computed independently with `openssl dgst -sha256 -hmac <secret>` over these exact bytes.
  const secret = 'btcpay-webhook-secret-for-tests';
  const body =
    '{"deliveryId":"8Yq3xkB5pMTr9UX2v7WNzA","webhookId":"Kd3nWx1ZwqPuRrdLrtB7aH","originalDeliveryId":"8Yq3xkB5pMTr9UX2v7WNzA","isRedelivery":false,"type":"InvoiceSettled","timestamp":1763740800,"storeId":"9CBQvRLMbTwdH3xPU6hSjKKVmVqN3cr2dtXuGsyS4cFh","invoiceId":"W3eXtGqzQ8oPmR6H5sNbYk","metadata":{"orderId":"a3c1d2e4"},"manuallyMarked":false,"overPaid":false}';
  const sig = 'sha256=a72604a0398ccca703672a1adb85b27190e4873382c5a089ac35d2ad3dc5e96b';

  it('signs and verifies the known vector', () => {
    expect(btcpaySignature(secret, body)).toBe(sig);
    const event = verifyBtcpayWebhook(secret, Buffer.from(body), { 'btcpay-sig': sig });
    expect(event).toMatchObject({
      eventId: '8Yq3xkB5pMTr9UX2v7WNzA',
      chargeId: 'W3eXtGqzQ8oPmR6H5sNbYk',
      type: 'InvoiceSettled',
      outcome: 'completed',
    });
    // hex case does not matter
    expect(() =>
      verifyBtcpayWebhook(secret, Buffer.from(body), {
        'btcpay-sig': sig.toUpperCase().replace('SHA256=', 'sha256='),
      }),
    ).not.toThrow();
  });

  it('refuses a wrong secret, a changed byte, a missing or malformed header', () => {
    const bad: [string, Record<string, string>][] = [
      [body, { 'btcpay-sig': btcpaySignature('another-secret', body) }],
      [body.replace('false,"type"', 'true,"type"'), { 'btcpay-sig': sig }],
      [`${body} `, { 'btcpay-sig': sig }],
      [body, {}],
      [body, { 'btcpay-sig': sig.slice(7) }],
      [body, { 'btcpay-sig': `${sig}00` }],
      [body, { 'btcpay-sig': 'sha256=zz' }],
    ];
    for (const [b, h] of bad)
      expect(() => verifyBtcpayWebhook(secret, Buffer.from(b), h)).toThrow(WebhookError);
  });

  it('dedupes redeliveries by originalDeliveryId and maps event types', () => {
    const mk = (o: Record<string, unknown>) => {
      const raw = JSON.stringify({ deliveryId: 'new', invoiceId: 'inv', ...o });
      return verifyBtcpayWebhook(secret, Buffer.from(raw), { 'btcpay-sig': btcpaySignature(secret, raw) });
    };
    expect(mk({ type: 'InvoiceSettled', originalDeliveryId: 'first', isRedelivery: true }).eventId).toBe(
      'first',
    );
    expect(mk({ type: 'InvoiceExpired' }).outcome).toBe('failed');
    expect(mk({ type: 'InvoiceInvalid' }).outcome).toBe('failed');
    expect(mk({ type: 'InvoiceProcessing' }).outcome).toBe('pending');
    expect(mk({ type: 'InvoiceReceivedPayment' }).outcome).toBe('pending');
    expect(mk({ type: 'InvoiceCreated' }).outcome).toBe('ignored');
    // A late payment: BTCPay sends no InvoiceSettled, these two ask to complete.
    expect(mk({ type: 'InvoicePaidAfterExpiration' }).outcome).toBe('completed');
    expect(mk({ type: 'InvoicePaymentSettled', afterExpiration: true }).outcome).toBe('completed');
    expect(mk({ type: 'InvoicePaymentSettled', afterExpiration: false }).outcome).toBe('pending');
    expect(mk({ type: 'InvoiceExpiredPaidPartial' }).outcome).toBe('failed');
    expect(() => mk({ type: '' })).toThrow(WebhookError);
  });

  it('reads what was paid from the invoice and its payment methods', () => {
    const inv = { id: 'i1', amount: '12.72', currency: 'USD', status: 'Settled' as const, checkoutLink: 'x' };
    const full = btcpaySnapshot(inv, [
      { rate: '50000.00', amount: '0.00025440', totalPaid: '0.00025440', due: '0.00000000' },
    ]);
    expect(full).toEqual({
      chargeId: 'i1',
      state: 'paid',
      amountCents: 1272,
      paidCents: 1272,
      currency: 'USD',
    });
    const half = btcpaySnapshot({ ...inv, status: 'New' }, [
      { rate: '50000.00', amount: '0.00025440', totalPaid: '0.00012720', due: '0.00012720' },
    ]);
    expect(half).toMatchObject({ state: 'pending', paidCents: 636 });
    expect(btcpaySnapshot({ ...inv, status: 'Expired' }, []).state).toBe('failed');
  });

  it('counts a late payment as paid once every payment on the invoice is settled', () => {
    const late = { id: 'i1', amount: '12.72', currency: 'USD', checkoutLink: 'x' } as const;
    const method = (...statuses: ('Invalid' | 'Processing' | 'Settled')[]) => [
      {
        rate: '50000.00',
        amount: '0.00025440',
        totalPaid: '0.00025440',
        due: '0.00000000',
        payments: statuses.map((status) => ({ status })),
      },
    ];
    const paidLate = { ...late, status: 'Expired' as const, additionalStatus: 'PaidLate' as const };
    expect(btcpaySnapshot(paidLate, method('Settled'))).toMatchObject({ state: 'paid', paidCents: 1272 });
    expect(btcpaySnapshot(paidLate, method('Settled', 'Invalid')).state).toBe('paid');
    // Seen but not confirmed (BTCPay sends InvoicePaidAfterExpiration at once): not yet.
    expect(btcpaySnapshot(paidLate, method('Processing')).state).toBe('pending');
    expect(btcpaySnapshot(paidLate, method('Settled', 'Processing')).state).toBe('pending');
    expect(btcpaySnapshot(paidLate, method()).state).toBe('pending');
    const partial = { ...late, status: 'Expired' as const, additionalStatus: 'PaidPartial' as const };
    expect(btcpaySnapshot(partial, method('Settled')).state).toBe('failed');
  });

  it('creates an invoice with the Greenfield request shape', async () => {
    const seen: HttpRequest[] = [];
    const provider = new BtcpayProvider({
      url: 'https://pay.example/',
      storeId: 'store1',
      apiKey: 'key1',
      webhookSecret: 's',
      transport: async (req) => {
        seen.push(req);
        return {
          status: 200,
          body: JSON.stringify({
            id: 'inv9',
            checkoutLink: 'https://pay.example/i/inv9',
            status: 'New',
            amount: '12.72',
            currency: 'USD',
            expirationTime: 1_800_000_000,
          }),
        };
      },
    });
    const charge = await provider.createCharge({
      reference: 'r1',
      amountCents: 1272,
      currency: 'USD',
      name: 'Plot',
      description: 'd',
      metadata: { listingId: 1 },
      redirectUrl: 'https://ys.example/payment/success',
      cancelUrl: 'x',
    });
    expect(charge).toMatchObject({ chargeId: 'inv9', hostedUrl: 'https://pay.example/i/inv9' });
    expect(charge.expiresAt?.toISOString()).toBe(new Date(1_800_000_000_000).toISOString());
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: 'https://pay.example/api/v1/stores/store1/invoices',
    });
    expect(seen[0].headers.authorization).toBe('token key1');
    expect(JSON.parse(seen[0].body!)).toMatchObject({
      amount: '12.72',
      currency: 'USD',
      checkout: { redirectURL: 'https://ys.example/payment/success' },
      metadata: { orderId: 'r1' },
    });
  });

  it('turns an HTTP error from BTCPay into a ProviderError', async () => {
    const provider = new BtcpayProvider({
      url: 'https://pay.example',
      storeId: 's',
      apiKey: 'k',
      webhookSecret: 's',
      transport: async () => ({ status: 500, body: 'oops' }),
    });
    await expect(provider.getCharge('x')).rejects.toThrow(/HTTP 500/);
  });
});

describe('Coinbase Commerce webhook signature (X-CC-Webhook-Signature)', () => {
  // The published vector from the official Node SDK's tests (coinbase/coinbase-commerce-node,
  // test/testWebhook.spec.js): secret, payload and the signature Coinbase sent for it.
  const secret = '30291a20-0bd1-4267-9b0f-e6e7b123c0bf';
  const payload =
    '{"id":1,"scheduled_for":"2017-01-31T20:50:02Z","attempt_number":1,"event":{"id":"24934862-d980-46cb-9402-43c81b0cdba6","type":"charge:created","api_version":"2018-03-22","created_at":"2017-01-31T20:49:02Z","data":{"code":"66BEOV2A","name":"The Sovereign Individual","description":"Mastering the Transition to the Information Age","hosted_url":"https://commerce.coinbase.com/charges/66BEOV2A","created_at":"2017-01-31T20:49:02Z","expires_at":"2017-01-31T21:04:02Z","timeline":[{"time":"2017-01-31T20:49:02Z","status":"NEW"}],"metadata":{},"pricing_type":"no_price","payments":[],"addresses":{"bitcoin":"0000000000000000000000000000000000","ethereum":"0x0000000000000000000000000000000000000000","litecoin":"3000000000000000000000000000000000","bitcoincash":"bitcoincash:000000000000000000000000000000000000000000"}}}}';
  const signature = '8be7742c7d372f08a6a3224edadf18a22b65fa9e28f3f2de97376cdaa092590d';

  it('verifies the SDK vector', () => {
    const event = verifyCoinbaseWebhook(secret, Buffer.from(payload), {
      'x-cc-webhook-signature': signature,
    });
    expect(event).toMatchObject({
      eventId: '24934862-d980-46cb-9402-43c81b0cdba6',
      type: 'charge:created',
      outcome: 'ignored',
      chargeId: null,
    });
  });

  it("refuses the SDK vector with the SDK test's invalid secret, and a body that is not an event", () => {
    expect(() =>
      verifyCoinbaseWebhook('30291a20-0bd1-4267-9b0f-e6e7b123c0bg', Buffer.from(payload), {
        'x-cc-webhook-signature': signature,
      }),
    ).toThrow(WebhookError);
    expect(() =>
      verifyCoinbaseWebhook(secret, Buffer.from('Not json'), { 'x-cc-webhook-signature': signature }),
    ).toThrow(WebhookError);
    expect(() => verifyCoinbaseWebhook(secret, Buffer.from(payload), {})).toThrow(WebhookError);
  });

  it('maps charge events', async () => {
    const { createHmac } = await import('node:crypto');
    const mk = (type: string) => {
      const raw = JSON.stringify({ id: 1, event: { id: `e-${type}`, type, data: { id: 'c1' } } });
      return verifyCoinbaseWebhook(secret, Buffer.from(raw), {
        'x-cc-webhook-signature': createHmac('sha256', secret).update(raw).digest('hex'),
      });
    };
    expect(mk('charge:confirmed')).toMatchObject({ outcome: 'completed', chargeId: 'c1' });
    expect(mk('charge:failed').outcome).toBe('failed');
    expect(mk('charge:pending').outcome).toBe('pending');
    expect(mk('charge:created').outcome).toBe('ignored');
  });

  it('reads the charge: confirmed local payments against the local price', () => {
    const base = { id: 'c1', pricing: { local: { amount: '12.72', currency: 'USD' } } };
    expect(
      coinbaseSnapshot({
        ...base,
        timeline: [{ status: 'NEW' }, { status: 'COMPLETED' }],
        payments: [{ status: 'CONFIRMED', value: { local: { amount: '12.72', currency: 'USD' } } }],
      }),
    ).toEqual({
      chargeId: 'c1',
      state: 'paid',
      amountCents: 1272,
      paidCents: 1272,
      currency: 'USD',
    });
    const under = coinbaseSnapshot({
      ...base,
      timeline: [{ status: 'UNRESOLVED', context: 'UNDERPAID' }],
      payments: [{ status: 'CONFIRMED', value: { local: { amount: '10.00', currency: 'USD' } } }],
    });
    expect(under).toMatchObject({ state: 'pending', paidCents: 1000 });
    expect(coinbaseSnapshot({ ...base, timeline: [{ status: 'EXPIRED' }] }).state).toBe('failed');
  });

  it('creates a charge with the Charges API request shape', async () => {
    const seen: HttpRequest[] = [];
    const provider = new CoinbaseCommerceProvider({
      apiKey: 'cc-key',
      webhookSecret: 's',
      transport: async (req) => {
        seen.push(req);
        return {
          status: 201,
          body: JSON.stringify({
            data: { id: 'uuid-1', code: 'ABC', hosted_url: 'https://commerce.coinbase.com/charges/ABC' },
          }),
        };
      },
    });
    const charge = await provider.createCharge({
      reference: 'r',
      amountCents: 1272,
      currency: 'USD',
      name: 'Plot',
      description: 'd',
      metadata: {},
      redirectUrl: 'https://y/payment/success',
      cancelUrl: 'https://y/payment/cancel',
    });
    expect(charge).toMatchObject({
      chargeId: 'uuid-1',
      hostedUrl: 'https://commerce.coinbase.com/charges/ABC',
    });
    expect(seen[0].url).toBe('https://api.commerce.coinbase.com/charges');
    expect(seen[0].headers).toMatchObject({ 'x-cc-api-key': 'cc-key', 'x-cc-version': '2018-03-22' });
    expect(JSON.parse(seen[0].body!)).toMatchObject({
      pricing_type: 'fixed_price',
      local_price: { amount: '12.72', currency: 'USD' },
      redirect_url: 'https://y/payment/success',
      cancel_url: 'https://y/payment/cancel',
    });
    expect(await provider.refund()).toEqual({ manual: true });
  });
});

describe('hexEqual', () => {
  it('compares digests in constant time, refusing odd input', () => {
    expect(hexEqual('ab', 'AB')).toBe(true);
    expect(hexEqual('ab', 'ac')).toBe(false);
    expect(hexEqual('ab', 'abab')).toBe(false);
    expect(hexEqual('ab', '')).toBe(false);
    expect(hexEqual('ab', 'xx')).toBe(false);
  });
});
