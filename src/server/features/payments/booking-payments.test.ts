import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayUtc } from '#shared/bookings.ts';
import { silentNotifier } from '../../core/notifier.ts';
import { payments } from '../../db/schema.ts';
import { paymentsKit, quietLog } from '../../testing/payments.ts';
import { expireDue } from '../bookings/index.ts';
import { PaymentsService } from './payments.service.ts';
import type { PaymentProvider } from './providers/types.ts';

// A rental from the grower's request to the host's payout, through the sandbox checkout, and the
// refunds a cancellation gives by the policy.
const kit = await paymentsKit();
const { app, db, host, renter, stranger, listing, press, paymentOf, refund } = kit;
const { book, act, checkout, bookingOf, bookingEventsOf, paymentsOfBooking } = kit;

const DAY = 86_400_000;
const day = (n: number) => todayUtc(new Date(Date.now() + n * DAY));
const releaseDue = (now: Date) =>
  new PaymentsService(db.db, { id: 'sandbox' } as PaymentProvider, quietLog, {
    notifier: silentNotifier,
    bookings: app.bookings,
  }).releaseDue(now);

// Price 120 a month: 3 months are 36,000 cents of rent and a 2,160 cent fee.
async function paidBooking(startInDays: number, months = 3) {
  const l = await listing();
  const b = await book(l.id, day(startInDays), months);
  expect(b.status).toBe('accepted');
  const { invoiceId } = await checkout(b.id);
  expect((await press(invoiceId, 'pay')).statusCode).toBe(303);
  const p = await paymentOf(invoiceId);
  expect(p.status).toBe('completed');
  // A rental paid on its start day begins at once (ADR 037); a later one waits for its day.
  expect((await bookingOf(b.id)).status).toBe(startInDays <= 0 ? 'active' : 'paid');
  return { b, p };
}

const hostView = async (paymentId: number) => {
  const res = await app.inject({ method: 'GET', url: '/api/payments', headers: { cookie: host.cookie } });
  return res.json().asHost.find((x: { id: number }) => x.id === paymentId);
};
const lastNote = async (bookingId: number) => (await bookingEventsOf(bookingId)).at(-1);
const pullPayment = async (url: string) => (await app.inject({ method: 'GET', url })).body;

describe('a rental from request to payment', () => {
  it('the grower requests, the host accepts, the grower pays on the sandbox: the booking is paid', async () => {
    const l = await listing({ bookingMode: 'request' });
    const start = day(10);
    const b = await book(l.id, start, 3);
    expect(b).toMatchObject({ status: 'requested', amount: 36_000, fee: 2_160, total: 38_160 });
    expect((await act(b.id, 'pay', renter.cookie)).statusCode).toBe(409);
    expect((await act(b.id, 'accept', host.cookie)).json().status).toBe('accepted');
    expect((await act(b.id, 'pay', host.cookie)).statusCode).toBe(403);
    expect((await act(b.id, 'pay', stranger.cookie)).statusCode).toBe(404);

    const { hostedUrl, invoiceId } = await checkout(b.id);
    expect(await paymentOf(invoiceId)).toMatchObject({
      status: 'pending',
      bookingId: b.id,
      listingId: l.id,
      renterId: renter.user.id,
      hostId: host.user.id,
      amount: 36_000,
      platformFee: 2_160,
      rentalStart: new Date(`${start}T00:00:00Z`),
    });
    // A second click reuses the open charge.
    expect((await checkout(b.id)).hostedUrl).toBe(hostedUrl);
    expect(await paymentsOfBooking(b.id)).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: hostedUrl })).body).toContain('$381.60');

    const paid = await press(invoiceId, 'pay');
    expect(paid.headers.location).toBe(`/payment/success?booking=${b.id}`);
    const p = await paymentOf(invoiceId);
    expect(p).toMatchObject({ status: 'completed', bookingId: b.id, flaggedReason: null });
    expect(p.releaseAt?.toISOString()).toBe(new Date(Date.parse(`${start}T00:00:00Z`) + DAY).toISOString());
    expect(await bookingOf(b.id)).toMatchObject({ status: 'paid', expiresAt: null });
    expect(await lastNote(b.id)).toMatchObject({
      action: 'pay',
      fromStatus: 'accepted',
      toStatus: 'paid',
      actor: 'system',
    });
    const view = await app.inject({
      method: 'GET',
      url: `/api/bookings/${b.id}`,
      headers: { cookie: renter.cookie },
    });
    expect(view.json()).toMatchObject({
      status: 'paid',
      payment: { id: p.id, status: 'completed', refundedAmount: null },
    });
    expect(await hostView(p.id)).toMatchObject({ bookingId: b.id, payout: 'held', hostPayout: 36_000 });
  });

  it('an expired open charge is replaced by a new one for the same booking', async () => {
    const l = await listing();
    const b = await book(l.id, day(3), 1);
    const first = await checkout(b.id);
    await db.db
      .update(payments)
      .set({ metadata: { expiresAt: '2000-01-01T00:00:00.000Z' } })
      .where(eq(payments.chargeId, first.invoiceId));
    const second = await checkout(b.id);
    expect(second.hostedUrl).not.toBe(first.hostedUrl);
    expect((await paymentOf(first.invoiceId)).status).toBe('failed');
    expect((await paymentOf(second.invoiceId)).bookingId).toBe(b.id);
  });
});

describe('a payment that arrives when its booking no longer awaits it', () => {
  it('is completed and flagged when the grower cancelled meanwhile; the booking stays cancelled', async () => {
    const l = await listing();
    const b = await book(l.id, day(5), 1);
    const { invoiceId } = await checkout(b.id);
    expect((await act(b.id, 'cancel', renter.cookie)).json().status).toBe('cancelled');
    expect((await press(invoiceId, 'pay')).statusCode).toBe(303);
    const p = await paymentOf(invoiceId);
    expect(p).toMatchObject({
      status: 'completed',
      flaggedReason: 'The booking was no longer awaiting payment',
    });
    expect((await bookingOf(b.id)).status).toBe('cancelled');
    expect((await bookingEventsOf(b.id)).map((e) => e.action)).not.toContain('pay');
    // Held for a person: never paid out automatically; the host can refund it.
    await releaseDue(new Date(p.releaseAt!.getTime() + 1000));
    expect((await paymentOf(invoiceId)).releasedAt).toBeNull();
    const res = await refund(p.id, host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded', refundedAmount: 12_720 });
  });

  it('is completed and flagged when the booking expired before a late payment', async () => {
    const l = await listing();
    const b = await book(l.id, day(5), 1);
    const { invoiceId } = await checkout(b.id);
    expect((await press(invoiceId, 'expire')).statusCode).toBe(303);
    expect((await paymentOf(invoiceId)).status).toBe('failed');
    await expireDue(db.db, new Date(Date.now() + 2 * 3_600_000), silentNotifier);
    expect((await bookingOf(b.id)).status).toBe('expired');
    expect((await press(invoiceId, 'pay')).statusCode).toBe(303);
    expect(await paymentOf(invoiceId)).toMatchObject({
      status: 'completed',
      flaggedReason: 'The booking was no longer awaiting payment',
    });
    expect((await bookingOf(b.id)).status).toBe('expired');
  });
});

describe('cancellation refunds by the policy', () => {
  it('the grower 7 or more days before the start gets the rent back; the fee is kept', async () => {
    const { b, p } = await paidBooking(10);
    const res = await act(b.id, 'cancel', renter.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      payment: { status: 'refunded', refundedAmount: 36_000 },
    });
    const row = await paymentOf(p.chargeId);
    expect(row).toMatchObject({ status: 'refunded', refundedAmount: 36_000 });
    expect(row.metadata).toMatchObject({ refund: { state: 'sent', amount: 36_000 } });
    expect(await pullPayment((row.metadata as { refund: { url: string } }).refund.url)).toContain('$360.00');
    expect(await lastNote(b.id)).toMatchObject({ action: 'refund', note: 'Refund of 36000 cents' });
    expect(await hostView(p.id)).toMatchObject({ payout: 'refunded', hostPayout: 0, canRefund: false });
  });

  it('the grower later gets the whole months not yet begun after the first; the host is paid the rest', async () => {
    const { b, p } = await paidBooking(10);
    const now = new Date(Date.parse(`${b.start}T00:00:00Z`) - 3 * DAY);
    const detail = await app.bookings.act(renter.user.id, b.id, 'cancel', now);
    expect(detail.payment).toMatchObject({ status: 'completed', refundedAmount: 24_000 });
    const row = await paymentOf(p.chargeId);
    expect(row.metadata).toMatchObject({ refund: { state: 'sent', amount: 24_000 } });
    expect(await pullPayment((row.metadata as { refund: { url: string } }).refund.url)).toContain('$240.00');
    expect(await hostView(p.id)).toMatchObject({
      payout: 'held',
      refundedAmount: 24_000,
      hostPayout: 12_000,
    });
    await releaseDue(new Date(row.releaseAt!.getTime() + 1000));
    expect(await hostView(p.id)).toMatchObject({ payout: 'released', hostPayout: 12_000 });
  });

  it('a one-month rental cancelled by the grower within 7 days refunds nothing', async () => {
    const { b, p } = await paidBooking(2, 1);
    const res = await act(b.id, 'cancel', renter.cookie);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      payment: { status: 'completed', refundedAmount: null },
    });
    expect(await lastNote(b.id)).toMatchObject({ action: 'refund', note: 'Refund of 0 cents' });
    expect(await hostView(p.id)).toMatchObject({ payout: 'held', hostPayout: 12_000 });
  });

  it('20 cancellations at once, by both sides: one wins and the refund is recorded once', async () => {
    const { b, p } = await paidBooking(10);
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) => act(b.id, 'cancel', i % 2 ? renter.cookie : host.cookie)),
    );
    expect(all.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(all.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const events = await bookingEventsOf(b.id);
    expect(events.filter((e) => e.action === 'cancel')).toHaveLength(1);
    expect(events.filter((e) => e.action === 'refund')).toHaveLength(1);
    const row = await paymentOf(p.chargeId);
    expect(row.status).toBe('refunded');
    expect([36_000, 38_160]).toContain(row.refundedAmount);
  });

  it('the host cancelling gives everything back, rent and fee', async () => {
    const { b, p } = await paidBooking(3);
    const res = await act(b.id, 'cancel', host.cookie);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      payment: { status: 'refunded', refundedAmount: 38_160 },
    });
    const row = await paymentOf(p.chargeId);
    expect(await pullPayment((row.metadata as { refund: { url: string } }).refund.url)).toContain('$381.60');
  });

  it('after the payout is released there is no refund, and the booking is still cancelled', async () => {
    const { b, p } = await paidBooking(0, 1);
    await releaseDue(new Date(p.releaseAt!.getTime() + 1000));
    const res = await act(b.id, 'cancel', renter.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect(await lastNote(b.id)).toMatchObject({
      action: 'refund',
      note: 'The payout was already released: no refund through Yardshare',
    });
    expect(await paymentOf(p.chargeId)).toMatchObject({ status: 'completed', refundedAmount: null });
    const port = app.bookings.payments;
    expect(await db.db.transaction((tx) => port.refund(tx, b.id, 100, new Date()))).toBeNull();
  });

  it('the host refund route cancels the booking it paid for', async () => {
    const { b, p } = await paidBooking(4);
    const res = await refund(p.id, host.cookie);
    expect(res.json()).toMatchObject({ status: 'refunded', refundedAmount: 38_160, bookingId: b.id });
    expect((await bookingOf(b.id)).status).toBe('cancelled');
    const events = await bookingEventsOf(b.id);
    expect(events.slice(-2).map((e) => [e.action, e.actor, e.note])).toEqual([
      ['cancel', 'host', null],
      ['refund', 'system', 'Refund of 38160 cents'],
    ]);
    expect((await act(b.id, 'cancel', renter.cookie)).statusCode).toBe(409);
  });

  it('after a partial refund the host can refund the rest, once', async () => {
    const { b, p } = await paidBooking(10);
    await app.bookings.act(
      renter.user.id,
      b.id,
      'cancel',
      new Date(Date.parse(`${b.start}T00:00:00Z`) - DAY),
    );
    const res = await refund(p.id, host.cookie);
    expect(res.json()).toMatchObject({ status: 'refunded', refundedAmount: 38_160, hostPayout: 0 });
    const row = await paymentOf(p.chargeId);
    expect(row.metadata).toMatchObject({
      refund: { state: 'sent', amount: 14_160, by: host.user.id },
      pastRefunds: [{ state: 'sent', amount: 24_000 }],
    });
    expect((await refund(p.id, host.cookie)).json().message).toBe('This payment is already refunded');
  });
});
