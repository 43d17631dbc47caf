import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMonths, todayUtc } from '#shared/bookings.ts';
import { shiftDay } from '#shared/rent.ts';
import type { StayQuote } from '#shared/stay-quote.ts';
import { rentInvoices } from '../../db/schema.ts';
import { paymentsKit } from '../../testing/payments.ts';

// The price breakdown before booking comes from the server (ADR 045): GET /api/listings/{id}/quote
// answers what the booking then stores, what its checkout charges and what the rent job asks for
// later months, to the cent; it refuses what booking refuses, with the same words.
const kit = await paymentsKit();
const { app, db, renter, host, listing, book, checkout, paymentOf, press } = kit;
const today = todayUtc();
const HOLD = 24 * 3_600_000;

const quote = (listingId: number, query: string) =>
  app.inject({ method: 'GET', url: `/api/listings/${listingId}/quote?${query}` });
async function quoteOk(listingId: number, query: string) {
  const res = await quote(listingId, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StayQuote;
}

describe('GET /api/listings/{id}/quote', () => {
  it('quotes a stay paid up front as the booking stores it and the checkout charges it', async () => {
    const l = await listing({ price: 45 });
    const start = shiftDay(today, 10);
    const q = await quoteOk(l.id, `start=${start}&months=3`);
    expect(q).toMatchObject({
      start,
      end: addMonths(start, 3),
      months: 3,
      paymentPlan: 'whole',
      pricePerMonth: 4_500,
      amount: 13_500,
      fee: 810,
      total: 14_310,
      dueNow: 14_310,
    });
    expect(q.charges).toEqual([
      { month: 1, askedOn: today, dueBy: start, amount: 13_500, fee: 810, total: 14_310 },
    ]);
    const b = await book(l.id, start, 3);
    expect(b).toMatchObject({ pricePerMonth: q.pricePerMonth, amount: q.amount, fee: q.fee, total: q.total });
    const { invoiceId } = await checkout(b.id);
    const p = await paymentOf(invoiceId);
    expect(p.amount + p.platformFee).toBe(q.dueNow);
    // Each month's rent goes to the host the hold after that month begins, as the payment plans it.
    expect((await press(invoiceId, 'pay')).statusCode).toBe(303);
    const paid = await paymentOf(invoiceId);
    expect(q.releases.map((r) => r.at)).toEqual(paid.releasePlan);
    expect(q.releases[1].at).toBe(
      new Date(Date.parse(`${addMonths(start, 1)}T00:00:00Z`) + HOLD).toISOString(),
    );
  });

  it('quotes a monthly plan: the first month now, each later one on the day the rent job asks for it', async () => {
    const l = await listing();
    const q = await quoteOk(l.id, `start=${today}&months=3&paymentPlan=monthly`);
    expect(q.dueNow).toBe(12_720);
    expect(q.charges.map((c) => [c.month, c.askedOn, c.dueBy, c.total])).toEqual([
      [1, today, today, 12_720],
      [2, shiftDay(addMonths(today, 1), -7), addMonths(today, 1), 12_720],
      [3, shiftDay(addMonths(today, 2), -7), addMonths(today, 2), 12_720],
    ]);
    const b = await book(l.id, today, 3, renter.cookie, { paymentPlan: 'monthly' });
    const { invoiceId } = await checkout(b.id);
    const first = await paymentOf(invoiceId);
    expect([first.amount, first.platformFee]).toEqual([q.charges[0].amount, q.charges[0].fee]);
    await press(invoiceId, 'pay');
    // The rent job, run on the day the quote said, writes month two's invoice for the quoted amount.
    const jobs = app.services.payments.rentJobs({ invoiceDaysBefore: 7, graceDays: 3 });
    await jobs.invoices(new Date(`${shiftDay(q.charges[1].askedOn, -1)}T12:00:00Z`));
    expect(await db.db.select().from(rentInvoices).where(eq(rentInvoices.bookingId, b.id))).toEqual([]);
    await jobs.invoices(new Date(`${q.charges[1].askedOn}T12:00:00Z`));
    const [m2] = await db.db.select().from(rentInvoices).where(eq(rentInvoices.bookingId, b.id));
    expect([m2.month, m2.amount, m2.fee]).toEqual([2, q.charges[1].amount, q.charges[1].fee]);
  });

  it('starts today when no start is given, and charges nothing for a garden or an exchange', async () => {
    const rental = await listing();
    expect((await quoteOk(rental.id, 'months=1')).start).toBe(today);
    const garden = await listing({ type: 'community', price: null });
    const g = await quoteOk(garden.id, '');
    expect(g).toMatchObject({ end: null, months: null, total: null, dueNow: 0, charges: [], releases: [] });
    const exchange = await listing({ type: 'exchange', price: null, workHours: 10 });
    expect(await quoteOk(exchange.id, `start=${today}&months=2`)).toMatchObject({ dueNow: 0, charges: [] });
  });

  it('refuses what booking refuses, with the same words, and answers malformed input with 400', async () => {
    const l = await listing();
    const cases: [number, string, number, string][] = [
      [l.id, `start=${shiftDay(today, -1)}&months=1`, 400, 'Start date cannot be in the past'],
      [l.id, `start=${today}`, 400, 'Choose how many months (1 to 12)'],
      [
        l.id,
        `months=1&paymentPlan=monthly`,
        400,
        'Only a rental of two months or more can be paid month by month',
      ],
      [l.id, 'months=13', 400, 'Months must be between 1 and 12'],
      [l.id, 'months=abc', 400, 'Months must be a number'],
      [l.id, 'start=2026-02-30&months=1', 400, 'Start date must be a real date'],
      [l.id, 'months=2&paymentPlan=weekly', 400, 'Payment plan must be whole or monthly'],
      [999_999_999, 'months=1', 404, 'Listing not found'],
    ];
    for (const [id, query, status, message] of cases) {
      const res = await quote(id, query);
      expect(res.statusCode, query).toBe(status);
      expect(res.json().message).toContain(message);
      if (status === 400 && id === l.id && !query.includes('=abc')) {
        const start = /start=([^&]+)/.exec(query)?.[1] ?? today;
        const months = Number(/months=(\d+)/.exec(query)?.[1] ?? Number.NaN);
        const plan = /paymentPlan=(\w+)/.exec(query)?.[1];
        const booked = await app.inject({
          method: 'POST',
          url: '/api/bookings',
          headers: { cookie: renter.cookie },
          payload: {
            listingId: l.id,
            start,
            ...(Number.isNaN(months) ? {} : { months }),
            ...(plan ? { paymentPlan: plan } : {}),
          },
        });
        expect(booked.statusCode, query).toBe(400);
        expect(booked.json().message, query).toBe(res.json().message);
      }
    }
    const off = await listing({ active: false });
    expect((await quote(off.id, 'months=1')).statusCode).toBe(404);
    const noPrice = await listing({ price: null });
    expect((await quote(noPrice.id, 'months=1')).json().message).toBe('This listing has no price yet');
    expect(host).toBeTruthy();
  });
});
