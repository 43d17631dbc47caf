import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMonths, todayUtc } from '#shared/bookings.ts';
import { auditLog, notifications } from '../../db/schema.ts';
import { moderationKit } from '../../testing/moderation.ts';
import { paymentsKit } from '../../testing/payments.ts';
import { completeDue, startDue } from './bookings.jobs.ts';

// Ending a stay early (ADR 037): with the notice of the agreement, the refund of the months not
// yet begun by the booking's policy, reviews at the new end, one outcome under a race.
const kit = await paymentsKit();
const { app, db, host, renter, stranger, book, act, checkout, press, paymentOf, bookingOf, bookingEventsOf } =
  kit;
const { admin } = await moderationKit(app, db);
const DAY = 86_400_000;
const day = (n: number) => todayUtc(new Date(Date.now() + n * DAY));

const endEarly = (id: number, cookie: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/bookings/${id}/end-early`, headers: { cookie }, payload });

// A paid rental of `months` months that began today, and its invoice.
async function running(months = 3, overrides: Parameters<typeof kit.listing>[0] = {}) {
  const l = await kit.listing(overrides);
  const b = await book(l.id, day(0), months);
  const { invoiceId } = await checkout(b.id);
  expect((await press(invoiceId, 'pay')).statusCode).toBe(303);
  await startDue(db.db, new Date());
  expect((await bookingOf(b.id)).status).toBe('active');
  return { b, invoiceId };
}

describe('ending a stay early', () => {
  it('the grower gives the agreed notice: the end moves, the months not begun come back, both hear', async () => {
    const { b, invoiceId } = await running(3);
    const res = await endEarly(b.id, renter.cookie, {
      endDate: day(20),
      reason: 'Moving away',
      amount: 99_999,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Moderate, 3 x $120: the first month is kept, the other two (24,000 cents) come back.
    expect(res.json()).toMatchObject({ status: 'active', end: day(20), payment: { refundedAmount: 24_000 } });
    expect(res.json().actions).not.toContain('cancel');
    expect((await act(b.id, 'cancel', renter.cookie)).statusCode).toBe(409);
    expect((await paymentOf(invoiceId)).refundedAmount).toBe(24_000);
    const row = await bookingOf(b.id);
    expect(row).toMatchObject({
      endedEarlyBy: 'grower',
      endReason: 'Moving away',
      originalEnd: addMonths(day(0), 3),
    });
    const told = await db.db.select().from(notifications).where(eq(notifications.bookingId, b.id));
    const ends = told.filter((n) => /early/.test(n.title));
    expect(ends.map((n) => n.userId).sort()).toEqual([renter.user.id, host.user.id].sort());

    // Reviews open at the new end.
    await completeDue(db.db, new Date(Date.parse(`${day(20)}T00:00:00Z`)));
    expect((await bookingOf(b.id)).status).toBe('completed');
    const review = await app.inject({
      method: 'POST',
      url: `/api/bookings/${b.id}/review`,
      headers: { cookie: host.cookie },
      payload: { rating: 5, comment: 'Kind and tidy' },
    });
    expect(review.statusCode, review.body).toBe(201);
  });

  it('the host ends it with notice: those months’ rent and their share of the fee come back', async () => {
    const { b, invoiceId } = await running(3);
    const res = await endEarly(b.id, host.cookie, { endDate: day(40), reason: 'Selling the house' });
    expect(res.statusCode, res.body).toBe(200);
    // Two months begun by day 40; the third (12,000) and a third of the 2,160 fee (720).
    expect((await paymentOf(invoiceId)).refundedAmount).toBe(12_720);
  });

  it('too little notice, a stay not running, or a date outside the stay: 4xx, nothing changes', async () => {
    const { b, invoiceId } = await running(3);
    const rowBefore = await bookingOf(b.id);
    const paidBefore = await paymentOf(invoiceId);
    const eventsBefore = await bookingEventsOf(b.id);
    const short = await endEarly(b.id, renter.cookie, { endDate: day(5), reason: 'Soon' });
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toMatch(/14 days' notice/);
    const hostShort = await endEarly(b.id, host.cookie, { endDate: day(20), reason: 'Soon' });
    expect(hostShort.statusCode).toBe(409);
    for (const endDate of [day(0), day(-3), addMonths(day(0), 3), addMonths(day(0), 5)]) {
      const res = await endEarly(b.id, renter.cookie, { endDate, reason: 'Out' });
      expect(res.statusCode, endDate).toBe(400);
      expect(res.json().message).toBe('The end date must fall within the stay');
    }
    expect((await endEarly(b.id, renter.cookie, { endDate: 'soon', reason: 'x' })).statusCode).toBe(400);
    expect((await endEarly(b.id, renter.cookie, { endDate: day(30) })).statusCode).toBe(400);
    expect((await endEarly(b.id, stranger.cookie, { endDate: day(30), reason: 'x' })).statusCode).toBe(404);
    const future = await book((await kit.listing()).id, day(10), 2);
    const notActive = await endEarly(future.id, renter.cookie, { endDate: day(40), reason: 'x' });
    expect(notActive.statusCode).toBe(409);
    expect((await bookingOf(b.id)).endedEarlyAt).toBeNull();
    expect((await bookingOf(b.id)).end).toBe(addMonths(day(0), 3));
    // Nothing at all changed: the booking's row, its payment (no refund) and its history.
    expect(await bookingOf(b.id)).toEqual(rowBefore);
    expect(await paymentOf(invoiceId)).toEqual(paidBefore);
    expect(await bookingEventsOf(b.id)).toEqual(eventsBefore);
  });

  it('20 racing ends and cancellations: one outcome, one refund', async () => {
    const { b, invoiceId } = await running(3);
    const tries = Array.from({ length: 20 }, (_, i) =>
      i % 2
        ? act(b.id, 'cancel', i % 4 === 1 ? renter.cookie : host.cookie)
        : endEarly(b.id, i % 4 === 0 ? renter.cookie : host.cookie, { endDate: day(45), reason: `try ${i}` }),
    );
    const answers = await Promise.all(tries);
    const codes = answers.map((r) => r.statusCode);
    expect(answers.filter((r) => r.statusCode !== 200 && r.statusCode !== 409).map((r) => r.body)).toEqual(
      [],
    );
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409)).toBe(true);
    const events = (await bookingEventsOf(b.id)).map((e) => e.action);
    expect(events.filter((a) => a === 'refund')).toHaveLength(1);
    expect(events.filter((a) => a === 'end-early' || a === 'cancel')).toHaveLength(1);
    const p = await paymentOf(invoiceId);
    expect([12_720, 12_000, 24_000, 38_160]).toContain(p.refundedAmount);
  });

  it('an operator ends any stay at once, with a reason in the audit log', async () => {
    const { b, invoiceId } = await running(3);
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${b.id}/end`,
      headers: { cookie: admin.cookie },
      payload: { reason: 'Safety report confirmed' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await bookingOf(b.id);
    expect(row).toMatchObject({ status: 'completed', endedEarlyBy: 'operator', end: day(1) });
    // Months two and three, and their share of the fee.
    expect((await paymentOf(invoiceId)).refundedAmount).toBe(25_440);
    const [entry] = await db.db.select().from(auditLog).where(eq(auditLog.subjectId, b.id));
    expect(entry).toMatchObject({
      action: 'end_stay',
      subjectType: 'booking',
      reason: 'Safety report confirmed',
    });
    const member = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${b.id}/end`,
      headers: { cookie: host.cookie },
      payload: { reason: 'x' },
    });
    expect(member.statusCode).toBe(404);
  });
});
