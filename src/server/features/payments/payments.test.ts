import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, payments } from '../../db/schema.ts';
import { paymentsKit } from '../../testing/payments.ts';

const kit = await paymentsKit();
const {
  app,
  db,
  host,
  renter,
  stranger,
  listing,
  create,
  createOk,
  press,
  paymentOf,
  eventsOf,
  countPayments,
} = kit;

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
    expect(paid.headers.location).toMatch(/^\/payment\/success\?booking=\d+$/);

    const done = await paymentOf(invoiceId);
    expect(done.status).toBe('completed');
    expect(done.flaggedReason).toBeNull();
    expect(done.confirmedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(done.releaseAt!.getTime() - done.confirmedAt!.getTime()).toBe(24 * 3_600_000);
    expect(done.releasedAt).toBeNull();
    // BTCPay's events for a payment in time, in the order it sends them.
    const events = await eventsOf(invoiceId);
    expect(events.sort((a, b) => a.id - b.id).map((e) => [e.type, e.outcome])).toEqual([
      ['InvoiceReceivedPayment', 'pending'],
      ['InvoiceProcessing', 'pending'],
      ['InvoicePaymentSettled', 'pending'],
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
    // Two plots: the renter's unpaid booking holds one, so another renter can book the other.
    const l = await listing({ plots: 2 });
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
