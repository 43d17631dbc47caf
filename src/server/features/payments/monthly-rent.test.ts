import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMonths, type Booking, todayUtc } from '#shared/bookings.ts';
import { shiftDay } from '#shared/rent.ts';
import { notifications, rentInvoices } from '../../db/schema.ts';
import { paymentsKit, quietLog } from '../../testing/payments.ts';
import { PaymentsService } from './payments.service.ts';
import type { PaymentProvider } from './providers/types.ts';

// Month-by-month rent (ADR 040): the first month at booking, later months invoiced by the job a
// week before they begin, reminders 3 days and 1 day before, an unpaid month ending the stay.
const kit = await paymentsKit();
const { app, db, renter, host, listing, press, paymentOf, book, act, checkout, bookingOf } = kit;

const settings = { invoiceDaysBefore: 7, graceDays: 3 };
// A second instance's service over the same database, wired as the app wires its own.
function instance() {
  const s = new PaymentsService(db.db, { id: 'sandbox' } as PaymentProvider, quietLog, {
    notifier: app.notices,
    bookings: app.bookings,
  });
  return s;
}
const service = instance();
const jobs = service.rentJobs(settings);
const at = (day: string) => new Date(`${day}T12:00:00Z`);
const today = todayUtc();

const view = async (id: number, cookie = renter.cookie) =>
  (await app.inject({ method: 'GET', url: `/api/bookings/${id}`, headers: { cookie } })).json() as Booking;
const invoicesOf = (id: number) =>
  db.db.select().from(rentInvoices).where(eq(rentInvoices.bookingId, id)).orderBy(rentInvoices.month);
// The grower's rent notices about one booking (the jobs run over every booking of this file).
const rentNotices = (bookingId: number) =>
  db.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, renter.user.id),
        eq(notifications.bookingId, bookingId),
        eq(notifications.kind, 'rent_due'),
      ),
    );

// A 3-month rental from today paid monthly; month 1 paid through the sandbox checkout.
async function monthlyBooking(months = 3) {
  const l = await listing();
  const b = await book(l.id, today, months, renter.cookie, { paymentPlan: 'monthly' });
  const { invoiceId } = await checkout(b.id);
  expect((await press(invoiceId, 'pay')).statusCode).toBe(303);
  return { b, first: await paymentOf(invoiceId) };
}

describe('booking a rental paid month by month', () => {
  it('charges the first month only, at booking, and shows the months as they are', async () => {
    const l = await listing();
    const b = await book(l.id, today, 3, renter.cookie, { paymentPlan: 'monthly' });
    // The stay's terms stay whole (the agreement, the policy); the checkout takes one month.
    expect(b).toMatchObject({ paymentPlan: 'monthly', amount: 36_000, fee: 2_160 });
    expect(b.rentMonths.map((m) => [m.month, m.start, m.status, m.amount, m.fee])).toEqual([
      [1, today, 'overdue', 12_000, 720],
      [2, addMonths(today, 1), 'upcoming', 12_000, 720],
      [3, addMonths(today, 2), 'upcoming', 12_000, 720],
    ]);
    const { invoiceId } = await checkout(b.id);
    expect(await paymentOf(invoiceId)).toMatchObject({ amount: 12_000, platformFee: 720, rentMonth: 1 });
    await press(invoiceId, 'pay');
    expect((await bookingOf(b.id)).status).toBe('active');
    expect((await view(b.id)).rentMonths.map((m) => m.status)).toEqual(['paid', 'upcoming', 'upcoming']);
    // Nothing is due now: the Pay button has nothing to charge.
    expect((await act(b.id, 'pay', renter.cookie)).statusCode).toBe(409);
  });

  it('refuses a monthly plan for one month, and an unknown plan, with 400 and nothing made', async () => {
    const l = await listing();
    for (const [months, paymentPlan] of [
      [1, 'monthly'],
      [3, 'weekly'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { cookie: renter.cookie },
        payload: { listingId: l.id, start: today, months, paymentPlan },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('invoices month two a week before it begins, once; it is paid through the checkout with its own hold', async () => {
    const { b } = await monthlyBooking();
    const m2 = addMonths(today, 1);
    await jobs.invoices(at(shiftDay(m2, -8)));
    expect(await invoicesOf(b.id)).toEqual([]);
    // Twenty runs at once (two instances' worth): one invoice, one notice.
    const other = instance().rentJobs(settings);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? jobs : other).invoices(at(shiftDay(m2, -7)))),
    );
    expect(await invoicesOf(b.id)).toMatchObject([{ month: 2, starts: m2, status: 'due', amount: 12_000 }]);
    expect(await rentNotices(b.id)).toHaveLength(1);
    expect((await view(b.id)).rentMonths.map((m) => m.status)).toEqual(['paid', 'due', 'upcoming']);
    // The grower's bookings count it as waiting for them; once paid it no longer does.
    const waiting = async () =>
      (await app.inject({ method: 'GET', url: '/api/bookings', headers: { cookie: renter.cookie } })).json()
        .needsAction as number;
    const before = await waiting();

    // Twenty clicks on Pay give one open checkout for month two.
    const clicks = await Promise.all(
      Array.from({ length: 20 }, () => act(b.id, 'pay', renter.cookie).then((r) => r.json().hostedUrl)),
    );
    expect(new Set(clicks).size).toBe(1);
    const invoiceId = String(clicks[0]).split('/').pop()!;
    expect(await paymentOf(invoiceId)).toMatchObject({ rentMonth: 2, amount: 12_000, platformFee: 720 });
    await press(invoiceId, 'pay');
    const p = await paymentOf(invoiceId);
    expect(p).toMatchObject({ status: 'completed', flaggedReason: null });
    // Its own hold: PAYOUT_HOLD_HOURS (24) after month two begins.
    expect(p.releaseAt?.toISOString()).toBe(
      new Date(Date.parse(`${m2}T00:00:00Z`) + 86_400_000).toISOString(),
    );
    expect((await invoicesOf(b.id))[0]).toMatchObject({ status: 'paid', paymentId: p.id });
    expect((await view(b.id)).rentMonths.map((m) => m.status)).toEqual(['paid', 'paid', 'upcoming']);
    expect(await waiting()).toBe(before - 1);
    expect((await view(b.id, host.cookie)).rentMonths[1].status).toBe('paid');
  });

  it('reminds 3 days and 1 day before, each once; unpaid after the grace, the stay ends with the paid time', async () => {
    const { b } = await monthlyBooking(2);
    const m2 = addMonths(today, 1);
    await jobs.invoices(at(shiftDay(m2, -7)));
    const count = async () => (await rentNotices(b.id)).length;
    expect(await count()).toBe(1);
    await jobs.reminders(at(shiftDay(m2, -4)));
    expect(await count()).toBe(1);
    await Promise.all(Array.from({ length: 10 }, () => jobs.reminders(at(shiftDay(m2, -3)))));
    expect(await count()).toBe(2);
    await jobs.reminders(at(shiftDay(m2, -2)));
    expect(await count()).toBe(2);
    await Promise.all(Array.from({ length: 10 }, () => jobs.reminders(at(shiftDay(m2, -1)))));
    expect(await count()).toBe(3);

    await jobs.lapse(at(shiftDay(m2, 2)));
    expect((await bookingOf(b.id)).end).toBe(addMonths(today, 2));
    await Promise.all(Array.from({ length: 10 }, () => jobs.lapse(at(shiftDay(m2, 3)))));
    expect(await bookingOf(b.id)).toMatchObject({
      end: m2,
      originalEnd: addMonths(today, 2),
      status: 'completed',
    });
    // Both are told, once.
    const told = await db.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.bookingId, b.id), eq(notifications.kind, 'booking_cancelled')));
    expect(told.map((n) => n.userId).sort()).toEqual([renter.user.id, host.user.id].sort());
    expect((await invoicesOf(b.id))[0].status).toBe('lapsed');
    // The screens say what is true now: one month, paid, and the stay ends when it ends.
    const v = await view(b.id);
    expect(v.end).toBe(m2);
    expect(v.rentMonths.map((m) => m.status)).toEqual(['paid']);
  });

  it('a grower who cancels gets the paid month not yet begun back, and owes no later month', async () => {
    const { b } = await monthlyBooking(3);
    const m2 = addMonths(today, 1);
    await jobs.invoices(at(shiftDay(m2, -7)));
    const { invoiceId } = await checkout(b.id);
    await press(invoiceId, 'pay');
    await service.rentJobs(settings).invoices(at(shiftDay(addMonths(today, 2), -7)));
    expect((await invoicesOf(b.id)).map((i) => i.status)).toEqual(['paid', 'due']);
    const res = await act(b.id, 'cancel', renter.cookie);
    expect(res.statusCode, res.body).toBe(200);
    // Moderate, after the start: the months begun are kept; month two (paid, not begun) comes back.
    expect(await paymentOf(invoiceId)).toMatchObject({ status: 'refunded', refundedAmount: 12_000 });
    expect((await invoicesOf(b.id)).map((i) => i.status)).toEqual(['paid', 'void']);
  });

  it('a host who refunds a month cancels the stay, and no later month stays due', async () => {
    const { b } = await monthlyBooking(3);
    await jobs.invoices(at(shiftDay(addMonths(today, 1), -7)));
    const { invoiceId } = await checkout(b.id);
    await press(invoiceId, 'pay');
    await jobs.invoices(at(shiftDay(addMonths(today, 2), -7)));
    const res = await kit.refund((await paymentOf(invoiceId)).id, host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((await bookingOf(b.id)).status).toBe('cancelled');
    expect((await invoicesOf(b.id)).map((i) => i.status)).toEqual(['paid', 'void']);
    expect((await act(b.id, 'pay', renter.cookie)).statusCode).toBe(409);
  });
});
