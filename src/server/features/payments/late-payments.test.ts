import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../db/schema.ts';
import { paymentsKit } from '../../testing/payments.ts';

// An invoice paid after it expired stays Expired at BTCPay (additional status PaidLate): BTCPay
// sends InvoicePaidAfterExpiration and InvoicePaymentSettled, never InvoiceSettled.
const kit = await paymentsKit();
const { app, db, host, renter, listing, createOk, press, paymentOf, eventsOf, event, deliver, refund } = kit;

const sequence = async (invoiceId: string) =>
  (await eventsOf(invoiceId)).sort((a, b) => a.id - b.id).map((e) => [e.type, e.outcome]);

const COMMON = ['deliveryId', 'webhookId', 'originalDeliveryId', 'isRedelivery', 'type', 'timestamp'];
const INVOICE = [...COMMON, 'storeId', 'invoiceId', 'metadata'];

describe('a payment that arrives after the invoice expired', () => {
  it('a late full payment moves failed to completed; the payout is held and refundable', async () => {
    const l = await listing();
    const { invoiceId, hostedUrl } = await createOk(l.id);
    expect((await press(invoiceId, 'expire')).statusCode).toBe(303);
    expect((await paymentOf(invoiceId)).status).toBe('failed');
    expect((await app.inject({ method: 'GET', url: hostedUrl })).body).toContain('Pay now (late payment)');

    const before = Date.now();
    const res = await press(invoiceId, 'pay');
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toMatch(/^\/payment\/success\?booking=\d+$/);
    const p = await paymentOf(invoiceId);
    expect(p.status).toBe('completed');
    expect(p.flaggedReason).toBeNull();
    expect(p.confirmedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(p.releaseAt!.getTime() - p.confirmedAt!.getTime()).toBe(24 * 3_600_000);

    expect(await sequence(invoiceId)).toEqual([
      ['InvoiceExpired', 'failed'],
      ['InvoiceReceivedPayment', 'pending'],
      ['InvoicePaidAfterExpiration', 'completed'],
      ['InvoicePaymentSettled', 'ignored'],
    ]);
    const page = await app.inject({ method: 'GET', url: hostedUrl });
    expect(page.body).toContain('Paid after expiry');
    expect(page.body).not.toContain('Pay now');

    const mine = (
      await app.inject({ method: 'GET', url: '/api/payments', headers: { cookie: renter.cookie } })
    ).json();
    expect(mine.asRenter.find((x: { id: number }) => x.id === p.id)).toMatchObject({
      status: 'completed',
      payout: 'held',
      flagged: false,
    });
    // A stale "expired" after the completion is recorded and ignored.
    expect((await deliver(event(invoiceId, 'InvoiceExpired'))).json().outcome).toBe('ignored');
    // BTCPay refunds a PaidLate invoice; so does the sandbox.
    const refunded = await refund(p.id, host.cookie);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await paymentOf(invoiceId)).metadata).toMatchObject({ refund: { state: 'sent' } });
  });

  it('the late payment settling also completes it when InvoicePaidAfterExpiration was not applied', async () => {
    const l = await listing();
    const { invoiceId } = await createOk(l.id);
    await press(invoiceId, 'expire');
    await press(invoiceId, 'pay');
    const settled = (await eventsOf(invoiceId)).find((e) => e.type === 'InvoicePaymentSettled')!;
    expect(settled.payload).toMatchObject({ afterExpiration: true, paymentMethodId: 'BTC-CHAIN' });
    // Back to failed, as if the first event had been lost; then BTCPay's settle event arrives.
    await db.db
      .update(payments)
      .set({ status: 'failed', releaseAt: null, confirmedAt: null })
      .where(eq(payments.chargeId, invoiceId));
    const res = await deliver(
      event(invoiceId, 'InvoicePaymentSettled', undefined, { afterExpiration: true }),
    );
    expect(res.json()).toEqual({ received: true, outcome: 'completed' });
    expect((await paymentOf(invoiceId)).status).toBe('completed');
  });

  it('a late partial payment is flagged for review and stays failed', async () => {
    const l = await listing();
    const { invoiceId } = await createOk(l.id);
    expect((await press(invoiceId, 'underpay')).statusCode).toBe(303);
    expect((await press(invoiceId, 'expire')).statusCode).toBe(303);
    expect(await sequence(invoiceId)).toEqual([
      ['InvoiceReceivedPayment', 'pending'],
      ['InvoicePaymentSettled', 'pending'],
      ['InvoiceExpired', 'failed'],
      ['InvoiceExpiredPaidPartial', 'ignored'],
    ]);
    // A signed "paid after expiration" for an invoice BTCPay reports as half paid.
    const res = await deliver(event(invoiceId, 'InvoicePaidAfterExpiration'));
    expect(res.json()).toEqual({ received: true, outcome: 'flagged' });
    const p = await paymentOf(invoiceId);
    expect(p.status).toBe('failed');
    expect(p.flaggedReason).toMatch(/Underpaid: received \$63\.60 of \$127\.20/);
  });

  it('sends only the fields the Greenfield webhook schema allows for each event', async () => {
    const l = await listing();
    const { invoiceId } = await createOk(l.id);
    await press(invoiceId, 'underpay');
    await press(invoiceId, 'expire');
    await press(invoiceId, 'pay');
    const keys = Object.fromEntries(
      (await eventsOf(invoiceId)).map((e) => [e.type, Object.keys(e.payload as object).sort()]),
    );
    const payment = [...INVOICE, 'afterExpiration', 'paymentMethodId', 'payment'].sort();
    expect(keys).toEqual({
      InvoiceReceivedPayment: payment,
      InvoicePaymentSettled: payment,
      InvoiceExpired: [...INVOICE, 'partiallyPaid'].sort(),
      InvoiceExpiredPaidPartial: [...INVOICE].sort(),
      InvoicePaidAfterExpiration: [...INVOICE].sort(),
    });
  });
});
