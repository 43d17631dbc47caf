import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, paymentEvents, payments } from '../../db/schema.ts';
import { registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { PaymentsService } from './payments.service.ts';
import { btcpaySignature } from './providers/btcpay.ts';
import type { PaymentProvider } from './providers/types.ts';

const SECRET = 'sandbox-secret-for-tests';
const { app, db } = await buildTestApp({ SANDBOX_WEBHOOK_SECRET: SECRET });

const host = await registerUser(app);
const renter = await registerUser(app);
const stranger = await registerUser(app);

let n = 0;
async function listing(overrides: Partial<typeof listings.$inferInsert> = {}) {
  n += 1;
  const [row] = await db.db
    .insert(listings)
    .values({
      userId: host.user.id,
      title: `Sunny plot ${n}`,
      description: 'A raised bed garden',
      type: 'rental',
      price: 120,
      location: '1 Main St',
      city: 'Portland',
      state: 'OR',
      ...overrides,
    })
    .returning();
  return row;
}

const create = (cookie: string | undefined, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/payments/create', headers: cookie ? { cookie } : {}, payload });

async function createOk(listingId: number, cookie = renter.cookie, extra: Record<string, unknown> = {}) {
  const res = await create(cookie, { listingId, amount: 12_000, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  const { hostedUrl } = res.json() as { hostedUrl: string };
  const invoiceId = /\/sandbox\/btcpay\/i\/([\w-]+)$/.exec(hostedUrl)?.[1];
  expect(invoiceId).toBeTruthy();
  return { hostedUrl, invoiceId: invoiceId! };
}

// The sandbox checkout's buttons: plain form posts.
const press = (invoiceId: string, action: 'pay' | 'cancel' | 'underpay' | 'expire') =>
  app.inject({
    method: 'POST',
    url: `/sandbox/btcpay/i/${invoiceId}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });

const paymentOf = async (invoiceId: string) =>
  (await db.db.select().from(payments).where(eq(payments.chargeId, invoiceId)))[0];
const countPayments = async () => (await db.db.select({ n: sql<number>`count(*)::int` }).from(payments))[0].n;

function event(
  invoiceId: string,
  type: string,
  deliveryId = randomUUID(),
  extra: Record<string, unknown> = {},
) {
  return JSON.stringify({
    deliveryId,
    webhookId: 'w',
    originalDeliveryId: deliveryId,
    isRedelivery: false,
    type,
    timestamp: 1,
    storeId: 'sandbox-store',
    invoiceId,
    ...extra,
  });
}
const deliver = (
  body: string,
  signature = btcpaySignature(SECRET, body),
  path = '/api/payments/webhook/sandbox',
) =>
  app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', 'btcpay-sig': signature },
    payload: body,
  });

const quietLog = { warn: () => {}, info: () => {} };
const noProvider = {} as PaymentProvider;
const releaseDue = (now?: Date) => new PaymentsService(db.db, noProvider, quietLog).releaseDue(now);

describe('the full sandbox flow', () => {
  it('creates a pending charge, pays on the test checkout, completes through the signed webhook', async () => {
    const l = await listing();
    const { hostedUrl, invoiceId } = await createOk(l.id);
    expect(hostedUrl).toBe(`/sandbox/btcpay/i/${invoiceId}`);
    const pending = await paymentOf(invoiceId);
    expect(pending).toMatchObject({
      status: 'pending',
      provider: 'sandbox',
      amount: 12_000,
      platformFee: 720,
      currency: 'USD',
      renterId: renter.user.id,
      hostId: host.user.id,
      listingId: l.id,
      hostedUrl,
    });

    const page = await app.inject({ method: 'GET', url: hostedUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('$127.20');
    expect(page.body).toMatch(/<button type="submit" class="primary">Pay now<\/button>/);
    expect(page.body).toContain('>Cancel</button>');
    expect(page.body).not.toMatch(/<script/i);

    const before = Date.now();
    const paid = await press(invoiceId, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/payment/success');

    const done = await paymentOf(invoiceId);
    expect(done.status).toBe('completed');
    expect(done.flaggedReason).toBeNull();
    expect(done.confirmedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(done.releaseAt!.getTime() - done.confirmedAt!.getTime()).toBe(24 * 3_600_000);
    expect(done.releasedAt).toBeNull();
    const events = await db.db.select().from(paymentEvents).where(eq(paymentEvents.chargeId, invoiceId));
    expect(events.map((e) => [e.type, e.outcome]).sort()).toEqual([
      ['InvoiceReceivedPayment', 'pending'],
      ['InvoiceSettled', 'completed'],
    ]);

    // Paying again (back button, double click) changes nothing.
    expect((await press(invoiceId, 'pay')).statusCode).toBe(303);
    expect((await paymentOf(invoiceId)).updatedAt).toEqual(done.updatedAt);

    const mine = (
      await app.inject({ method: 'GET', url: '/api/payments', headers: { cookie: renter.cookie } })
    ).json();
    const asRenter = mine.asRenter.find((p: { id: number }) => p.id === done.id);
    expect(asRenter).toMatchObject({
      role: 'renter',
      listingTitle: l.title,
      amount: 12_000,
      platformFee: 720,
      total: 12_720,
      status: 'completed',
      payout: 'held',
      canRefund: false,
      hostedUrl: null,
    });
    const theirs = (
      await app.inject({ method: 'GET', url: '/api/payments', headers: { cookie: host.cookie } })
    ).json();
    const asHost = theirs.asHost.find((p: { id: number }) => p.id === done.id);
    expect(asHost).toMatchObject({
      role: 'host',
      status: 'completed',
      payout: 'held',
      canRefund: true,
      releaseAt: done.releaseAt!.toISOString(),
      counterpartName: renter.user.name,
    });
  });

  it('Cancel goes to /payment/cancel and leaves the charge open', async () => {
    const l = await listing();
    const { invoiceId } = await createOk(l.id);
    const res = await press(invoiceId, 'cancel');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/payment/cancel');
    expect((await paymentOf(invoiceId)).status).toBe('pending');
  });

  it('keeps the sandbox API behind its key and unknown invoices answer 404', async () => {
    const api = await app.inject({
      method: 'GET',
      url: '/sandbox/btcpay/api/v1/stores/sandbox-store/invoices/nope',
      headers: { authorization: 'token wrong' },
    });
    expect(api.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/sandbox/btcpay/i/nope' })).statusCode).toBe(404);
    expect((await press('nope', 'pay')).statusCode).toBe(404);
  });
});

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

  it('failed, then a late full payment completes it', async () => {
    const l = await listing();
    const { invoiceId, hostedUrl } = await createOk(l.id);
    expect((await press(invoiceId, 'expire')).statusCode).toBe(303);
    expect((await paymentOf(invoiceId)).status).toBe('failed');
    const page = await app.inject({ method: 'GET', url: hostedUrl });
    expect(page.body).toContain('Pay now (late payment)');
    const res = await press(invoiceId, 'pay');
    expect(res.headers.location).toBe('/payment/success');
    const p = await paymentOf(invoiceId);
    expect(p.status).toBe('completed');
    expect(p.releaseAt).not.toBeNull();
    // A stale "expired" arriving after the completion is recorded and ignored.
    expect((await deliver(event(invoiceId, 'InvoiceExpired'))).json().outcome).toBe('ignored');
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

describe('refunds and release', () => {
  async function completed() {
    const l = await listing();
    const { invoiceId } = await createOk(l.id);
    await press(invoiceId, 'pay');
    return paymentOf(invoiceId);
  }
  const refund = (id: number, cookie?: string) =>
    app.inject({ method: 'POST', url: `/api/payments/${id}/refund`, headers: cookie ? { cookie } : {} });

  it('the host refunds while the payout is held; the renter, strangers and a second refund are refused', async () => {
    const p = await completed();
    expect((await refund(p.id)).statusCode).toBe(401);
    expect((await refund(p.id, renter.cookie)).statusCode).toBe(403);
    expect((await refund(p.id, stranger.cookie)).statusCode).toBe(404);
    const res = await refund(p.id, host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, status: 'refunded', payout: 'refunded', canRefund: false });
    const row = await paymentOf(p.chargeId);
    expect(row.refundedAt).not.toBeNull();
    expect(row.metadata).toMatchObject({ refund: { state: 'sent' } });
    const again = await refund(p.id, host.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payment is already refunded');
    // refunded is terminal: a late "settled" does not bring it back
    expect((await deliver(event(p.chargeId, 'InvoiceSettled'))).json().outcome).toBe('ignored');
    expect((await paymentOf(p.chargeId)).status).toBe('refunded');
  });

  it('the release job releases due payouts once; a refund after release is refused', async () => {
    const p = await completed();
    // (other tests' payments may fall due too: only this one is checked)
    await releaseDue(new Date(p.releaseAt!.getTime() - 1000));
    expect((await paymentOf(p.chargeId)).releasedAt).toBeNull();
    const due = new Date(p.releaseAt!.getTime() + 1000);
    expect(await releaseDue(due)).toBeGreaterThanOrEqual(1);
    expect(await releaseDue(due)).toBe(0);
    const row = await paymentOf(p.chargeId);
    expect(row.releasedAt).not.toBeNull();
    const res = await refund(p.id, host.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already been released/);
    expect((await paymentOf(p.chargeId)).status).toBe('completed');
    const theirs = (
      await app.inject({ method: 'GET', url: '/api/payments', headers: { cookie: host.cookie } })
    ).json();
    expect(theirs.asHost.find((x: { id: number }) => x.id === p.id)).toMatchObject({
      payout: 'released',
      canRefund: false,
    });
  });

  it('refuses a refund once the release time passed even before the job ran, and for a pending payment', async () => {
    const p = await completed();
    await db.db
      .update(payments)
      .set({ releaseAt: new Date(Date.now() - 1000) })
      .where(eq(payments.id, p.id));
    expect((await refund(p.id, host.cookie)).statusCode).toBe(409);
    const l = await listing();
    const { invoiceId } = await createOk(l.id);
    const pending = await paymentOf(invoiceId);
    const res = await refund(pending.id, host.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a completed payment can be refunded');
  });

  it('holds funds until 24 h after a chosen rental start', async () => {
    const l = await listing();
    const start = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const { invoiceId } = await createOk(l.id, renter.cookie, { rentalStart: start });
    expect((await paymentOf(invoiceId)).rentalStart?.toISOString()).toBe(`${start}T00:00:00.000Z`);
    await press(invoiceId, 'pay');
    const p = await paymentOf(invoiceId);
    expect(p.releaseAt?.toISOString()).toBe(
      new Date(Date.parse(`${start}T00:00:00Z`) + 86_400_000).toISOString(),
    );
    const past = await create(renter.cookie, {
      listingId: (await listing()).id,
      amount: 12_000,
      rentalStart: '2020-01-01',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/past/);
  });
});

describe('POST /api/payments/create refusals', () => {
  it('refuses anonymous, owner, non-rental, priceless, inactive, missing listings and a wrong amount: 4xx, nothing created', async () => {
    const rental = await listing();
    const exchange = await listing({ type: 'exchange', price: null, workHours: 10 });
    const priceless = await listing({ price: null });
    const free = await listing({ price: 0 });
    const inactive = await listing({ active: false });
    const before = await countPayments();
    const cases: [string | undefined, Record<string, unknown>, number, RegExp][] = [
      [undefined, { listingId: rental.id, amount: 12_000 }, 401, /sign in/],
      [host.cookie, { listingId: rental.id, amount: 12_000 }, 403, /your own listing/],
      [renter.cookie, { listingId: exchange.id, amount: 12_000 }, 400, /Only rental listings/],
      [renter.cookie, { listingId: priceless.id, amount: 12_000 }, 400, /no price/],
      [renter.cookie, { listingId: free.id, amount: 100 }, 400, /no price/],
      [renter.cookie, { listingId: inactive.id, amount: 12_000 }, 404, /Listing not found/],
      [renter.cookie, { listingId: 999_999, amount: 12_000 }, 404, /Listing not found/],
      [renter.cookie, { listingId: rental.id, amount: 12_720 }, 409, /price of this listing is \$120\.00/],
      [renter.cookie, { listingId: rental.id, amount: 120 }, 409, /reload/],
      [renter.cookie, { listingId: rental.id, amount: 120.5 }, 400, /whole number/],
      [renter.cookie, { listingId: rental.id }, 400, /amount/],
      [renter.cookie, { listingId: 'abc', amount: 12_000 }, 400, /listingId/],
    ];
    for (const [cookie, payload, status, message] of cases) {
      const res = await create(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect(await countPayments()).toBe(before);
  });

  it('reuses the pending charge for the same renter and listing, even under concurrent clicks', async () => {
    const l = await listing();
    const first = await createOk(l.id);
    const second = await createOk(l.id);
    expect(second.hostedUrl).toBe(first.hostedUrl);
    const l2 = await listing();
    const many = await Promise.all(
      Array.from({ length: 5 }, () => create(renter.cookie, { listingId: l2.id, amount: 12_000 })),
    );
    expect(many.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(many.map((r) => r.json().hostedUrl)).size).toBe(1);
    for (const id of [l.id, l2.id]) {
      const rows = await db.db
        .select()
        .from(payments)
        .where(and(eq(payments.listingId, id), eq(payments.renterId, renter.user.id)));
      expect(rows).toHaveLength(1);
    }
    // Another renter gets their own charge.
    const other = await createOk(l.id, stranger.cookie);
    expect(other.hostedUrl).not.toBe(first.hostedUrl);
  });

  it('replaces a pending charge whose invoice expired or whose price changed', async () => {
    const l = await listing();
    const first = await createOk(l.id);
    await db.db
      .update(payments)
      .set({ metadata: sql`${payments.metadata} || '{"expiresAt":"2000-01-01T00:00:00.000Z"}'::jsonb` })
      .where(eq(payments.chargeId, first.invoiceId));
    const second = await createOk(l.id);
    expect(second.hostedUrl).not.toBe(first.hostedUrl);
    expect((await paymentOf(first.invoiceId)).status).toBe('failed');
    await db.db.update(listings).set({ price: 150 }).where(eq(listings.id, l.id));
    const third = await create(renter.cookie, { listingId: l.id, amount: 15_000 });
    expect(third.statusCode).toBe(200);
    expect(third.json().hostedUrl).not.toBe(second.hostedUrl);
    expect((await paymentOf(second.invoiceId)).status).toBe('failed');
  });

  it('GET /api/payments needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/payments' })).statusCode).toBe(401);
  });
});
