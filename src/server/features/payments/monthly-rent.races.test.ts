import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, todayUtc } from '#shared/bookings.ts';
import { invoiceDay, lapseDay, rentPeriods, shiftDay } from '#shared/rent.ts';
import { payments, rentInvoices } from '../../db/schema.ts';
import { paymentsKit, quietLog } from '../../testing/payments.ts';
import { PaymentsService } from './payments.service.ts';
import type { PaymentProvider } from './providers/types.ts';

// Month-by-month rent (ADR 040): month boundaries over every month length, agreeing with the
// database's own calendar; and races of the invoice job, paying, lapsing, cancelling and ending early.
const kit = await paymentsKit();
const { app, db, renter, host, listing, press, paymentOf, book, act, checkout, bookingOf } = kit;

const settings = { invoiceDaysBefore: 7, graceDays: 3 };
function jobs() {
  const s = new PaymentsService(db.db, { id: 'sandbox' } as PaymentProvider, quietLog, {
    notifier: app.notices,
    bookings: app.bookings,
  });
  return s.rentJobs(settings);
}
const at = (day: string) => new Date(`${day}T12:00:00Z`);
const today = todayUtc();
const invoicesOf = (id: number) =>
  db.db.select().from(rentInvoices).where(eq(rentInvoices.bookingId, id)).orderBy(rentInvoices.month);
const DAY = 86_400_000;
const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / DAY;

describe('month boundaries', () => {
  it('cover the stay without gaps, each month 28 to 31 days, as the database counts months', async () => {
    const starts = fc
      .date({
        min: new Date('2024-01-01T00:00:00Z'),
        max: new Date('2032-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    await fc.assert(
      fc.asyncProperty(starts, fc.integer({ min: 2, max: 12 }), async (start, months) => {
        const periods = rentPeriods(start, months);
        expect(periods[0].start).toBe(start);
        expect(periods.at(-1)!.end).toBe(addMonths(start, months));
        for (const [i, p] of periods.entries()) {
          if (i > 0) expect(p.start).toBe(periods[i - 1].end);
          expect(days(p.start, p.end)).toBeGreaterThanOrEqual(28);
          expect(days(p.start, p.end)).toBeLessThanOrEqual(31);
          expect(days(invoiceDay(p.start, 7), p.start)).toBe(7);
          expect(days(p.start, lapseDay(p.start, 3))).toBe(3);
        }
        // PostgreSQL (and PGlite) add months the same way: the day kept, or the month's last day.
        const result = await db.db.execute(
          sql`select ((${start}::date + make_interval(months => k))::date)::text as d
              from generate_series(0, ${months}) k order by k`,
        );
        const fromDb = (result as unknown as { rows: { d: string }[] }).rows.map((r) => r.d);
        expect(fromDb).toEqual([...periods.map((p) => p.start), periods.at(-1)!.end]);
      }),
      {
        numRuns: 60,
        seed: 40,
        examples: [
          ['2025-01-31', 3],
          ['2024-01-29', 2],
          ['2026-08-31', 7],
        ],
      },
    );
  });
});

// A 3-month rental from today paid monthly, month 1 paid.
async function monthly() {
  const l = await listing();
  const b = await book(l.id, today, 3, renter.cookie, { paymentPlan: 'monthly' });
  const { invoiceId } = await checkout(b.id);
  await press(invoiceId, 'pay');
  return b;
}
const m2 = addMonths(today, 1);

describe('races', () => {
  it('the invoice job racing a cancellation: the cancelled stay owes nothing, whichever came first', async () => {
    const b = await monthly();
    const [, cancels] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => jobs().invoices(at(shiftDay(m2, -7))))),
      Promise.all(Array.from({ length: 10 }, () => act(b.id, 'cancel', renter.cookie))),
    ]);
    expect(cancels.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((await bookingOf(b.id)).status).toBe('cancelled');
    expect((await invoicesOf(b.id)).filter((i) => i.status === 'due')).toEqual([]);
  });

  it('paying month two racing its lapse: either it is paid and the stay goes on, or it ended and the payment is flagged', async () => {
    for (let round = 0; round < 2; round++) {
      const b = await monthly();
      await jobs().invoices(at(shiftDay(m2, -7)));
      const { invoiceId } = await checkout(b.id);
      await Promise.all([
        ...Array.from({ length: 10 }, () => jobs().lapse(at(shiftDay(m2, 3)))),
        ...Array.from({ length: 10 }, () => press(invoiceId, 'pay')),
      ]);
      const [inv] = await invoicesOf(b.id);
      const p = await paymentOf(invoiceId);
      const after = await bookingOf(b.id);
      expect(p.status).toBe('completed');
      if (inv.status === 'paid') {
        expect(p.flaggedReason).toBeNull();
        expect(after.end).toBe(addMonths(today, 3));
      } else {
        expect(inv.status).toBe('lapsed');
        expect(p.flaggedReason).toBeTruthy();
        expect(after.end).toBe(m2);
      }
    }
  });

  it('ending early racing the invoice job: no month after the new end stays due', async () => {
    const b = await monthly();
    await db.db.execute(
      sql`update booking_agreements set grower_accepted_at = now(), host_accepted_at = now() where booking_id = ${b.id}`,
    );
    const endDate = shiftDay(m2, 1);
    const [, ends] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => jobs().invoices(at(shiftDay(addMonths(today, 2), -7))))),
      Promise.all(
        Array.from({ length: 10 }, () =>
          app.inject({
            method: 'POST',
            url: `/api/bookings/${b.id}/end-early`,
            headers: { cookie: host.cookie },
            payload: { endDate, reason: 'Moving the beds' },
          }),
        ),
      ),
    ]);
    expect(
      ends.filter((r) => r.statusCode === 200),
      ends[0].body,
    ).toHaveLength(1);
    expect((await bookingOf(b.id)).end).toBe(endDate);
    const due = (await invoicesOf(b.id)).filter((i) => i.status === 'due');
    expect(due.every((i) => i.starts < endDate)).toBe(true);
    const open = await db.db.select().from(payments).where(eq(payments.bookingId, b.id));
    expect(open.filter((p) => p.status === 'pending' && (p.rentMonth ?? 0) >= 3)).toEqual([]);
  });

  it('cancel, end early and the invoice job, 20 at once: one outcome, one refund, no month due after the end', async () => {
    const b = await monthly();
    await db.db.execute(
      sql`update booking_agreements set grower_accepted_at = now(), host_accepted_at = now() where booking_id = ${b.id}`,
    );
    const endDate = shiftDay(m2, 1);
    const tries = Array.from({ length: 20 }, (_, i) =>
      i % 3 === 0
        ? jobs().invoices(at(shiftDay(m2, -7)))
        : i % 3 === 1
          ? act(b.id, 'cancel', i % 2 ? renter.cookie : host.cookie)
          : app.inject({
              method: 'POST',
              url: `/api/bookings/${b.id}/end-early`,
              headers: { cookie: host.cookie },
              payload: { endDate, reason: `try ${i}` },
            }),
    );
    const answers = (await Promise.all(tries)).filter(
      (r) => typeof r === 'object' && r && 'statusCode' in r,
    ) as {
      statusCode: number;
      body: string;
    }[];
    expect(answers.filter((r) => ![200, 409].includes(r.statusCode)).map((r) => r.body)).toEqual([]);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const after = await bookingOf(b.id);
    const events = (await kit.bookingEventsOf(b.id)).map((e) => e.action);
    expect(events.filter((a) => a === 'end-early' || a === 'cancel')).toHaveLength(1);
    expect(events.filter((a) => a === 'refund').length).toBeLessThanOrEqual(1);
    const invoices = await invoicesOf(b.id);
    expect(invoices.length).toBeLessThanOrEqual(1);
    if (after.status === 'cancelled') expect(invoices.filter((i) => i.status === 'due')).toEqual([]);
    else {
      expect(after.end).toBe(endDate);
      expect(invoices.filter((i) => i.status === 'due').every((i) => i.starts < endDate)).toBe(true);
    }
  });
});
