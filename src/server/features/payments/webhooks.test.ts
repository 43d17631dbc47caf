import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentEvents, payments } from '../../db/schema.ts';
import { paymentsKit, SECRET } from '../../testing/payments.ts';
import { btcpaySignature } from './providers/btcpay.ts';

const kit = await paymentsKit();
const { app, db, host, renter, listing, createOk, press, paymentOf, event, deliver } = kit;

describe('webhook security', () => {
  it('refuses a forged, missing or tampered signature with 400 and changes nothing', async () => {
    const l = await listing();
    const { invoiceId } = await createOk(l.id);
    const body = event(invoiceId, 'InvoiceExpired');
    const cases = [
      await deliver(body, btcpaySignature('not-the-secret', body)),
      await deliver(body, ''),
      await deliver(body.replace('InvoiceExpired', 'InvoiceInvalid'), btcpaySignature(SECRET, body)),
      await deliver(body, btcpaySignature(SECRET, body).replace('sha256=', 'sha1=')),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/signature|BTCPay-Sig/i);
    }
    expect((await paymentOf(invoiceId)).status).toBe('pending');
    expect(
      await db.db.select().from(paymentEvents).where(eq(paymentEvents.chargeId, invoiceId)),
    ).toHaveLength(0);
  });

  it('answers 404 for another provider and 400 for an empty body; unknown charges are recorded and acknowledged', async () => {
    const body = event('no-such-invoice', 'InvoiceSettled');
    expect(
      (await deliver(body, btcpaySignature(SECRET, body), '/api/payments/webhook/coinbase-commerce'))
        .statusCode,
    ).toBe(404);
    const empty = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook/sandbox',
      headers: { 'content-type': 'application/json', 'btcpay-sig': 'sha256=00' },
    });
    expect(empty.statusCode).toBe(400);
    const unknown = await deliver(event('no-such-invoice', 'InvoiceExpired'));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ received: true, outcome: 'unknown_charge' });
  });

  it('answers 503 (so the provider retries) when the charge cannot be confirmed, and records nothing', async () => {
    const l = await listing();
    const [ghost] = await db.db
      .insert(payments)
      .values({
        chargeId: `ghost-${randomUUID()}`,
        provider: 'sandbox',
        listingId: l.id,
        renterId: renter.user.id,
        hostId: host.user.id,
        amount: 12_000,
        platformFee: 720,
        status: 'failed',
      })
      .returning();
    const body = event(ghost.chargeId, 'InvoiceSettled');
    const res = await deliver(body);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/retry/i);
    expect(
      await db.db.select().from(paymentEvents).where(eq(paymentEvents.chargeId, ghost.chargeId)),
    ).toHaveLength(0);
    expect((await paymentOf(ghost.chargeId)).status).toBe('failed');
    // A "settled" for a charge we never made is acknowledged without asking the provider.
    expect((await deliver(event('never-made', 'InvoiceSettled'))).json()).toEqual({
      received: true,
      outcome: 'unknown_charge',
    });
  });

  it('escapes what it shows on the checkout page', async () => {
    const l = await listing({ title: '<script>alert(1)</script> & "beds"' });
    const { hostedUrl } = await createOk(l.id);
    const page = await app.inject({ method: 'GET', url: hostedUrl });
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;beds&quot;');
  });

  it('reads the raw bytes whatever the content type says', async () => {
    const l = await listing();
    const { invoiceId } = await createOk(l.id);
    const body = event(invoiceId, 'InvoiceProcessing');
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook/sandbox',
      headers: { 'content-type': 'text/plain', 'btcpay-sig': btcpaySignature(SECRET, body) },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('pending');
  });
});

describe('idempotence and ordering', () => {
  it('the same event delivered twice (and redelivered) changes the state once', async () => {
    const l = await listing();
    const { invoiceId } = await createOk(l.id);
    const id = randomUUID();
    const body = event(invoiceId, 'InvoiceExpired', id);
    const first = await deliver(body);
    expect(first.json()).toEqual({ received: true, outcome: 'failed' });
    const updated = (await paymentOf(invoiceId)).updatedAt;
    expect((await deliver(body)).json()).toEqual({ received: true, outcome: 'duplicate' });
    // BTCPay's redelivery: a new deliveryId, the same originalDeliveryId.
    const redelivery = JSON.stringify({ ...JSON.parse(body), deliveryId: randomUUID(), isRedelivery: true });
    expect((await deliver(redelivery)).json()).toEqual({ received: true, outcome: 'duplicate' });
    const p = await paymentOf(invoiceId);
    expect(p.status).toBe('failed');
    expect(p.updatedAt).toEqual(updated);
    expect(
      await db.db.select().from(paymentEvents).where(eq(paymentEvents.chargeId, invoiceId)),
    ).toHaveLength(1);
  });

  it('20 concurrent deliveries of the same event produce one transition', async () => {
    const l = await listing();
    const { invoiceId } = await createOk(l.id);
    const body = event(invoiceId, 'InvoiceExpired', randomUUID());
    const results = await Promise.all(Array.from({ length: 20 }, () => deliver(body)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const outcomes = results.map((r) => r.json().outcome);
    expect(outcomes.filter((o) => o === 'failed')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(19);
    expect(
      await db.db.select().from(paymentEvents).where(eq(paymentEvents.chargeId, invoiceId)),
    ).toHaveLength(1);
  });

  it('20 concurrent settled events with different ids complete the payment once', async () => {
    const l = await listing();
    const { invoiceId } = await createOk(l.id);
    expect((await press(invoiceId, 'pay')).statusCode).toBe(303);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => deliver(event(invoiceId, 'InvoiceSettled'))),
    );
    expect(results.every((r) => r.statusCode === 200 && r.json().outcome === 'ignored')).toBe(true);
    expect((await paymentOf(invoiceId)).status).toBe('completed');
  });

  it('an underpayment is flagged for review, never completed', async () => {
    const l = await listing();
    const { invoiceId } = await createOk(l.id);
    expect((await press(invoiceId, 'underpay')).statusCode).toBe(303);
    expect((await paymentOf(invoiceId)).status).toBe('pending');
    // A correctly signed "settled" for an invoice the provider reports as half paid.
    const res = await deliver(event(invoiceId, 'InvoiceSettled'));
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('flagged');
    const p = await paymentOf(invoiceId);
    expect(p.status).toBe('pending');
    expect(p.flaggedReason).toMatch(/Underpaid: received \$63\.60 of \$127\.20/);
    const mine = (
      await app.inject({ method: 'GET', url: '/api/payments', headers: { cookie: renter.cookie } })
    ).json();
    expect(mine.asRenter.find((x: { id: number }) => x.id === p.id)).toMatchObject({
      status: 'pending',
      flagged: true,
    });
  });
});
