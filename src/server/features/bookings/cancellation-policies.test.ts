import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayUtc } from '#shared/bookings.ts';
import { bookings, listings } from '../../db/schema.ts';
import { paymentsKit } from '../../testing/payments.ts';

// Cancellation policies (ADR 034): chosen per listing, copied onto each booking, refunds by the
// booking's copy whatever the listing says later.
const kit = await paymentsKit();
const { app, db, host, renter, stranger, press, paymentOf, book, act, checkout } = kit;
const DAY = 86_400_000;
const day = (n: number) => todayUtc(new Date(Date.now() + n * DAY));

const rental = {
  title: 'Sunny plot',
  description: 'Loamy soil and a rain barrel.',
  location: '12 Elm St',
  city: 'Portland',
  state: 'OR',
  type: 'rental',
  price: 120,
};
const post = (payload: Record<string, unknown>, cookie = host.cookie) =>
  app.inject({ method: 'POST', url: '/api/listings', headers: { cookie }, payload });
const patch = (id: number, payload: Record<string, unknown>, cookie = host.cookie) =>
  app.inject({ method: 'PATCH', url: `/api/listings/${id}`, headers: { cookie }, payload });
const listingCount = async () => (await db.db.select({ n: count() }).from(listings))[0].n;

describe('a listing’s cancellation policy', () => {
  it('is Moderate unless the host chooses, and reads back as chosen', async () => {
    const plain = await post(rental);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().cancellationPolicy).toBe('moderate');
    const strict = await post({ ...rental, cancellationPolicy: 'strict' });
    expect(strict.json().cancellationPolicy).toBe('strict');
    const read = await app.inject({ method: 'GET', url: `/api/listings/${strict.json().id}` });
    expect(read.json().cancellationPolicy).toBe('strict');
    const edited = await patch(strict.json().id, { cancellationPolicy: 'flexible' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().cancellationPolicy).toBe('flexible');
  });

  it('an unknown policy is a 400 with a message, and nothing is stored or changed', async () => {
    const before = await listingCount();
    for (const cancellationPolicy of ['lenient', '', 7, null, ['strict']]) {
      const res = await post({ ...rental, cancellationPolicy });
      expect(res.statusCode, String(cancellationPolicy)).toBe(400);
      expect(res.json().message).toMatch(/cancellation policy must be flexible, moderate or strict/i);
    }
    expect(await listingCount()).toBe(before);
    const l = (await post({ ...rental, cancellationPolicy: 'strict' })).json();
    const bad = await patch(l.id, { cancellationPolicy: 'none' });
    expect(bad.statusCode).toBe(400);
    const other = await patch(l.id, { cancellationPolicy: 'flexible' }, stranger.cookie);
    expect(other.statusCode).toBe(403);
    const [row] = await db.db.select().from(listings).where(eq(listings.id, l.id));
    expect(row.cancellationPolicy).toBe('strict');
  });
});

describe('a booking keeps the policy it was made under', () => {
  it('the listing turns Flexible after a Strict booking: the refund still follows Strict', async () => {
    const l = await kit.listing({ cancellationPolicy: 'strict' });
    const b = await book(l.id, day(20), 3);
    expect(b.cancellationPolicy).toBe('strict');
    const { invoiceId } = await checkout(b.id);
    expect((await press(invoiceId, 'pay')).statusCode).toBe(303);
    expect((await patch(l.id, { cancellationPolicy: 'flexible' })).json().cancellationPolicy).toBe(
      'flexible',
    );
    const [row] = await db.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row.cancellationPolicy).toBe('strict');

    // 20 days ahead under Strict: half of the first month (6,000) and the two others (24,000).
    const res = await act(b.id, 'cancel', renter.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ cancellationPolicy: 'strict', payment: { refundedAmount: 30_000 } });
    expect((await paymentOf(invoiceId)).refundedAmount).toBe(30_000);
  });

  it('a Flexible booking cancelled 2 days ahead gives all the rent back; a Moderate one does not', async () => {
    for (const [policy, cents] of [
      ['flexible', 36_000],
      ['moderate', 24_000],
    ] as const) {
      const l = await kit.listing({ cancellationPolicy: policy });
      const b = await book(l.id, day(2), 3);
      const { invoiceId } = await checkout(b.id);
      await press(invoiceId, 'pay');
      const res = await act(b.id, 'cancel', renter.cookie);
      expect([policy, res.json().payment.refundedAmount]).toEqual([policy, cents]);
    }
  });

  it('an amount sent with the cancel is ignored: the server computes the refund', async () => {
    const l = await kit.listing({ cancellationPolicy: 'strict' });
    const b = await book(l.id, day(2), 1);
    const { invoiceId } = await checkout(b.id);
    await press(invoiceId, 'pay');
    const res = await app.inject({
      method: 'POST',
      url: `/api/bookings/${b.id}/cancel`,
      headers: { cookie: renter.cookie },
      payload: { amount: 12_000, refund: 12_000 },
    });
    expect([200, 400]).toContain(res.statusCode);
    expect((await paymentOf(invoiceId)).refundedAmount ?? 0).toBe(0);
  });
});
