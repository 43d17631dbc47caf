import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMonths, todayUtc } from '#shared/bookings.ts';
import { ledgerEntries, mailOutbox, notifications, payments, payouts } from '../../db/schema.ts';
import { paymentsKit } from '../../testing/payments.ts';
import { addPayoutMethod } from '../../testing/provider-apps.ts';
import { startDue } from '../bookings/index.ts';
import { booksOf, imbalance } from './payouts/ledger.ts';

// Money held until it is earned (ADR 045): a stay paid up front is paid out month by month, each
// month's rent after that month's hold, so ending early or cancelling refunds the months not yet
// begun from money still held; and the quote a dialog shows is what the action refunds.
const kit = await paymentsKit({ SANDBOX_PAYOUT_PROCESSOR: 'none' });
const { app, db, host, renter, book, checkout, press, paymentOf, listing } = kit;
await addPayoutMethod(db, host.user.id);
const DAY = 86_400_000;
const HOLD = 24 * 3_600_000;
const today = todayUtc();
const at = (day: string, plusMs = 0) => new Date(Date.parse(`${day}T00:00:00Z`) + plusMs);
const dayAfter = (n: number) => todayUtc(new Date(Date.now() + n * DAY));
const release = (now: Date) => app.services.payments.releaseDue(now);
const partsOf = (paymentId: number) =>
  db.db.select().from(payouts).where(eq(payouts.paymentId, paymentId)).orderBy(payouts.part);
const get = (url: string, cookie = renter.cookie) => app.inject({ method: 'GET', url, headers: { cookie } });

// A 3-month stay from today at $120 paid up front, under `policy`.
async function paidStay(policy: 'flexible' | 'moderate' | 'strict', start = today) {
  const l = await listing({ cancellationPolicy: policy });
  const b = await book(l.id, start, 3);
  const { invoiceId } = await checkout(b.id);
  expect((await press(invoiceId, 'pay')).statusCode).toBe(303);
  return { b, invoiceId, p: await paymentOf(invoiceId) };
}

describe('a stay paid up front is paid out month by month', () => {
  it('releases each month after its hold, and never more than the rent', async () => {
    const { p } = await paidStay('flexible');
    // Month one from the payment (made today, after the start), the others from their first day.
    expect(p.releasePlan?.[0]).toBe(p.releaseAt?.toISOString());
    expect(Date.parse(p.releasePlan![0]) - p.confirmedAt!.getTime()).toBe(HOLD);
    expect(p.releasePlan?.slice(1)).toEqual([1, 2].map((k) => at(addMonths(today, k), HOLD).toISOString()));
    expect(await release(new Date(p.releaseAt!.getTime() - 1000))).toBe(0);
    await release(new Date(p.releaseAt!.getTime() + 1000));
    expect((await partsOf(p.id)).map((o) => [o.part, o.amountCents])).toEqual([[0, 12_000]]);
    const after1 = await paymentOf(p.chargeId);
    expect(after1).toMatchObject({ releasedParts: 1, releasedCents: 12_000, releasedAt: null });
    expect(after1.releaseAt?.toISOString()).toBe(at(addMonths(today, 1), HOLD).toISOString());
    // The host sees each month: the first released, the others held with the day they go out.
    const earnings = (await get('/api/users/me/payouts', host.cookie)).json();
    const mine = earnings.items.filter((e: { paymentId: number }) => e.paymentId === p.id);
    expect(mine.map((e: { part: unknown; state: string }) => [e.part, e.state])).toEqual([
      [{ index: 1, of: 3 }, 'scheduled'],
      [{ index: 2, of: 3 }, 'upcoming'],
      [{ index: 3, of: 3 }, 'upcoming'],
    ]);
    expect(mine[1].releaseAt).toBe(at(addMonths(today, 1), HOLD).toISOString());
    // Runs that come again before month two change nothing; then months two and three, once each.
    await release(at(addMonths(today, 1), HOLD - 1000));
    await Promise.all([1, 2, 3].map(() => release(at(addMonths(today, 2), HOLD + 1000))));
    expect((await partsOf(p.id)).map((o) => [o.part, o.amountCents])).toEqual([
      [0, 12_000],
      [1, 12_000],
      [2, 12_000],
    ]);
    const done = await paymentOf(p.chargeId);
    expect(done).toMatchObject({ releasedParts: 3, releasedCents: 36_000 });
    expect(done.releasedAt).not.toBeNull();
  });

  it('ending early in month two refunds month three, which is still held; the form said so first', async () => {
    const { b, p } = await paidStay('flexible');
    await startDue(db.db, new Date());
    await release(new Date(Date.now() + HOLD + 60_000));
    expect(await partsOf(p.id)).toHaveLength(1);
    // The last day in month two: month three has not begun.
    const endDate = addMonths(today, 2);
    const quote = await get(`/api/bookings/${b.id}/end-early?endDate=${endDate}`);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({
      action: 'end-early',
      by: 'grower',
      refundCents: 12_000,
      reason: 'refund',
      paidCents: 38_160,
    });
    const res = await app.inject({
      method: 'POST',
      url: `/api/bookings/${b.id}/end-early`,
      headers: { cookie: renter.cookie },
      payload: { endDate, reason: 'Moving away' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const paid = await paymentOf(p.chargeId);
    expect(paid.refundedAmount).toBe(quote.json().refundCents);
    // Month two still goes to the host; month three does not.
    await release(at(addMonths(today, 2), HOLD + 1000));
    expect((await partsOf(p.id)).map((o) => o.amountCents)).toEqual([12_000, 12_000]);
    const row = (await db.db.select().from(payments).where(eq(payments.id, p.id)))[0];
    expect(row.releasedAt).not.toBeNull();
    const books = await booksOf(db.db, p.id);
    expect(books).toMatchObject({ cameIn: 38_160, refunds: 12_000, owed: 24_000 });
    expect(imbalance(books, row, 0)).toBeNull();
  });

  it('a bad end day gets the same 4xx from the quote as from the action', async () => {
    const { b } = await paidStay('moderate');
    await startDue(db.db, new Date());
    const outside = await get(`/api/bookings/${b.id}/end-early?endDate=${addMonths(today, 5)}`);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('The end date must fall within the stay');
    expect((await get(`/api/bookings/${b.id}/end-early?endDate=nope`)).statusCode).toBe(400);
    expect(
      (await get(`/api/bookings/${b.id}/end-early?endDate=${dayAfter(40)}`, kit.stranger.cookie)).statusCode,
    ).toBe(404);
  });
});

describe('receipts', () => {
  it('each completed payment sends the payer a receipt: what was paid, the fee, the hold, the reference', async () => {
    const { p } = await paidStay('moderate');
    const [note] = await db.db
      .select()
      .from(notifications)
      .where(
        sql`${notifications.userId} = ${renter.user.id} and ${notifications.kind} = 'payment_receipt' and ${notifications.bookingId} = ${p.bookingId}`,
      );
    expect(note.title).toMatch(/^Receipt: \$381\.60 paid for /);
    expect(note.body).toContain('You paid $381.60: $360.00 rent and a $21.60 service fee.');
    expect(note.body).toContain('month by month');
    expect(note.body).toContain(`Payment reference: ${p.chargeId}`);
    const mails = await db.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.userId} = ${renter.user.id} and ${mailOutbox.kind} = 'payment_receipt'`);
    expect(mails.length).toBeGreaterThanOrEqual(1);
  });
});

describe('the cancel dialog states what cancelling refunds', () => {
  it('month by month, month one paid: the quote is what was paid, and the action refunds that', async () => {
    const l = await listing({ cancellationPolicy: 'flexible', price: 100 });
    const b = await book(l.id, dayAfter(10), 6, renter.cookie, { paymentPlan: 'monthly' });
    const { invoiceId } = await checkout(b.id);
    expect((await press(invoiceId, 'pay')).statusCode).toBe(303);
    const quote = (await get(`/api/bookings/${b.id}/cancellation`)).json();
    expect(quote).toMatchObject({ action: 'cancel', by: 'grower', refundCents: 10_000, paidCents: 10_600 });
    // Until the first refund tier ends (a day before the start).
    expect(quote.validUntil).toBe(at(dayAfter(10), -DAY).toISOString());
    const res = await kit.act(b.id, 'cancel', renter.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((await paymentOf(invoiceId)).refundedAmount).toBe(10_000);
  });

  it('under Strict two weeks ahead: half the first month, for grower and dialog alike; the host refunds all', async () => {
    const l = await listing({ cancellationPolicy: 'strict', price: 100 });
    const b = await book(l.id, dayAfter(20), 6, renter.cookie, { paymentPlan: 'monthly' });
    const { invoiceId } = await checkout(b.id);
    expect((await press(invoiceId, 'pay')).statusCode).toBe(303);
    expect((await get(`/api/bookings/${b.id}/cancellation`)).json().refundCents).toBe(5_000);
    const asHost = (await get(`/api/bookings/${b.id}/cancellation`, host.cookie)).json();
    expect(asHost).toMatchObject({ by: 'host', refundCents: 10_600 });
    expect((await kit.act(b.id, 'cancel', renter.cookie)).statusCode).toBe(200);
    expect((await paymentOf(invoiceId)).refundedAmount).toBe(5_000);
  });

  it('once every month went to the host, the quote says so and nothing is refunded', async () => {
    const { b, p } = await paidStay('flexible');
    // The job runs late, after month three's hold: it catches up, one part a round.
    await release(at(addMonths(today, 2), HOLD + 1000));
    expect((await partsOf(p.id)).length).toBe(3);
    const quote = (await get(`/api/bookings/${b.id}/cancellation`)).json();
    expect(quote).toMatchObject({ refundCents: 0, heldCents: 0 });
    const entries = await db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, p.id));
    expect(entries[0].n).toBeGreaterThan(0);
  });
});
