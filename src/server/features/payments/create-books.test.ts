import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMonths, todayUtc } from '#shared/bookings.ts';
import { bookings, payments } from '../../db/schema.ts';
import { paymentsKit } from '../../testing/payments.ts';

// POST /api/payments/create (the spec's call) books one month at once, then checks out that booking.
const kit = await paymentsKit();
const { db, host, renter, stranger, listing, create, createOk, press, paymentOf, book, bookingOf } = kit;

const day = (n: number) => todayUtc(new Date(Date.now() + n * 86_400_000));
const bookingsOf = (userId: number, listingId: number) =>
  db.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.growerId, userId), eq(bookings.listingId, listingId)))
    .orderBy(bookings.id);

describe('POST /api/payments/create books one month', () => {
  it('from the rental start, at once even when the host reviews requests; paying marks it paid', async () => {
    const l = await listing({ bookingMode: 'request' });
    const start = day(5);
    const { invoiceId } = await createOk(l.id, renter.cookie, { rentalStart: start });
    const p = await paymentOf(invoiceId);
    const [b] = await bookingsOf(renter.user.id, l.id);
    expect(b).toMatchObject({
      status: 'accepted',
      instant: true,
      start,
      end: addMonths(start, 1),
      months: 1,
      pricePerMonth: 12_000,
      amount: 12_000,
      fee: 720,
      total: 12_720,
      hostId: host.user.id,
    });
    expect(p).toMatchObject({ bookingId: b.id, amount: 12_000, platformFee: 720 });
    expect(p.rentalStart?.toISOString()).toBe(`${start}T00:00:00.000Z`);
    await press(invoiceId, 'pay');
    expect((await bookingOf(b.id)).status).toBe('paid');
  });

  it('from today without a date (and from today for yesterday, allowed for time zones)', async () => {
    const l = await listing();
    await createOk(l.id);
    expect((await bookingsOf(renter.user.id, l.id))[0].start).toBe(todayUtc());
    const l2 = await listing();
    await createOk(l2.id, renter.cookie, { rentalStart: day(-1) });
    expect((await bookingsOf(renter.user.id, l2.id))[0].start).toBe(todayUtc());
  });

  it('answers 409 with the bookings message when no plot is free, and creates nothing', async () => {
    const l = await listing();
    await createOk(l.id, stranger.cookie);
    const before = (await db.db.select().from(payments)).length;
    const res = await create(renter.cookie, { listingId: l.id, amount: 12_000 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'No plot is free for those dates. Please choose other dates.',
      code: 'NO_PLOT_FREE',
    });
    expect(await bookingsOf(renter.user.id, l.id)).toHaveLength(0);
    expect((await db.db.select().from(payments)).length).toBe(before);
  });

  it('a second call while the booking awaits payment reuses the booking and its charge', async () => {
    const l = await listing();
    const first = await createOk(l.id);
    const second = await createOk(l.id);
    expect(second.hostedUrl).toBe(first.hostedUrl);
    expect(await bookingsOf(renter.user.id, l.id)).toHaveLength(1);
  });

  it('another start date replaces the unpaid booking and its charge', async () => {
    const l = await listing();
    const first = await createOk(l.id, renter.cookie, { rentalStart: day(3) });
    const second = await createOk(l.id, renter.cookie, { rentalStart: day(4) });
    expect(second.hostedUrl).not.toBe(first.hostedUrl);
    const [old, now] = await bookingsOf(renter.user.id, l.id);
    expect(old).toMatchObject({ status: 'cancelled', start: day(3) });
    expect(now).toMatchObject({ status: 'accepted', start: day(4) });
    expect((await paymentOf(first.invoiceId)).status).toBe('failed');
    expect((await paymentOf(second.invoiceId)).bookingId).toBe(now.id);
  });

  it('a booking past its payment window expires and a new one is made', async () => {
    const l = await listing();
    const first = await createOk(l.id);
    const [old] = await bookingsOf(renter.user.id, l.id);
    await db.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, old.id));
    const second = await createOk(l.id);
    expect(second.hostedUrl).not.toBe(first.hostedUrl);
    expect((await bookingOf(old.id)).status).toBe('expired');
    expect(await bookingsOf(renter.user.id, l.id)).toHaveLength(2);
  });

  it('any other open booking of the grower for the listing is a 409', async () => {
    const l = await listing({ bookingMode: 'request' });
    await book(l.id, day(2), 2);
    const res = await create(renter.cookie, { listingId: l.id, amount: 12_000 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You already have an open booking for this listing');
    const paid = await listing();
    const { invoiceId } = await createOk(paid.id);
    await press(invoiceId, 'pay');
    expect((await create(renter.cookie, { listingId: paid.id, amount: 12_000 })).statusCode).toBe(409);
  });

  it('is refused with the bookings message outside the listing season', async () => {
    const month = new Date().getUTCMonth() + 1;
    const other = (month % 12) + 1;
    const l = await listing({ seasonStart: other, seasonEnd: other });
    const res = await create(renter.cookie, { listingId: l.id, amount: 12_000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/outside the season/);
  });
});
