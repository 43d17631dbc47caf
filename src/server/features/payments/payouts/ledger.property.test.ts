import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, todayUtc } from '#shared/bookings.ts';
import { shiftDay } from '#shared/rent.ts';
import { silentNotifier } from '../../../core/notifier.ts';
import { auditLog, payments, payouts } from '../../../db/schema.ts';
import { paymentsKit, quietLog } from '../../../testing/payments.ts';
import { addPayoutMethod } from '../../../testing/provider-apps.ts';
import { PaymentsService } from '../payments.service.ts';
import type { PaymentProvider } from '../providers/types.ts';
import { booksOf, imbalance } from './ledger.ts';
import { adminPayoutAction } from './payouts.admin.ts';

// The books add up over random lifecycles (ADR 032): pay, refund part (the cancellation policy's
// path), cancel (the host refunds all), the hold ends, the payout is cancelled by the provider and
// sent again, the payout fails and is retried (after two failures an operator retries it),
// completes. After every step, for the payment: what came in = host payouts + refunds + the
// platform's fee + what is still owed, and each figure matches the rows it mirrors.
const kit = await paymentsKit({ PAYOUT_MAX_ATTEMPTS: '2' });
const { app, db, host } = kit;
await addPayoutMethod(db, host.user.id);

const MINUTE = 60_000;
let clock = Date.now() + 3 * 86_400_000;

type Step =
  | { t: 'refundPart'; cents: number }
  | { t: 'cancel' }
  | { t: 'release' }
  | { t: 'providerCancels' }
  | { t: 'providerFails' }
  | { t: 'operatorRetries' }
  | { t: 'process' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ t: fc.constant('refundPart' as const), cents: fc.integer({ min: 1, max: 6_000 }) }),
  fc.constant({ t: 'cancel' as const }),
  fc.constant({ t: 'release' as const }),
  fc.constant({ t: 'providerCancels' as const }),
  fc.constant({ t: 'providerFails' as const }),
  fc.constant({ t: 'operatorRetries' as const }),
  fc.constant({ t: 'process' as const }),
);

async function check(paymentId: number) {
  const [p] = await db.db.select().from(payments).where(eq(payments.id, paymentId));
  const [o] = await db.db.select().from(payouts).where(eq(payouts.paymentId, paymentId));
  const books = await booksOf(db.db, paymentId);
  expect(imbalance(books, p, o?.state === 'completed' ? o.amountCents : 0)).toBeNull();
  expect(books.cameIn).toBe(books.payouts + books.refunds + books.fee + books.owed);
  // The host is never paid more than the rent less what was refunded of it.
  expect(books.payouts).toBeLessThanOrEqual(p.amount - Math.min(p.refundedAmount ?? 0, p.amount));
}

describe('ledger over random lifecycles', () => {
  it('always balances', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        const p = await kit.completed();
        await check(p.id);
        for (const s of steps) {
          const [now] = await db.db.select().from(payments).where(eq(payments.id, p.id));
          if (s.t === 'refundPart' && now.bookingId) {
            const port = app.bookings.payments;
            await db.db.transaction((tx) => port.refund(tx, now.bookingId!, s.cents, new Date()));
          } else if (s.t === 'cancel') {
            await kit.refund(p.id, host.cookie);
          } else if (s.t === 'release') {
            clock = Math.max(clock, now.releaseAt!.getTime()) + 2 * MINUTE;
            await app.jobs.tick(new Date(clock));
          } else if (s.t === 'providerCancels' || s.t === 'providerFails') {
            const [o] = await db.db.select().from(payouts).where(eq(payouts.paymentId, p.id));
            const action = s.t === 'providerCancels' ? 'cancel' : 'fail';
            if (o?.providerPayoutId)
              await app.inject({
                method: 'POST',
                url: `/sandbox/btcpay/payouts/${o.providerPayoutId}/${action}`,
                payload: {},
              });
          } else if (s.t === 'operatorRetries') {
            const [o] = await db.db.select().from(payouts).where(eq(payouts.paymentId, p.id));
            if (o?.state === 'failed')
              await adminPayoutAction(db.db, app.notices, null, o.id, 'retry', { reason: 'Try again' });
          } else {
            clock += 2 * 3_600_000;
            await app.jobs.tick(new Date(clock));
          }
          await check(p.id);
        }
      }),
      {
        numRuns: 20,
        seed: 2026,
        // Always walked: the payout fails twice, waits for an operator, is retried and completes.
        examples: [
          [
            (
              [
                'release',
                'providerFails',
                'process',
                'providerFails',
                'operatorRetries',
                'process',
                'process',
              ] as const
            ).map((t) => ({ t }) as Step),
          ],
        ],
      },
    );
    // The lifecycles walked the whole loop: payouts completed, some after the provider cancelled or
    // failed one, some failed for an operator and retried.
    const all = await db.db.select().from(payouts);
    expect(all.some((o) => o.state === 'completed')).toBe(true);
    expect(all.some((o) => o.generation > 1)).toBe(true);
    expect(all.some((o) => o.state === 'completed' && o.generation > 2)).toBe(true);
    const retried = await db.db.select().from(auditLog).where(eq(auditLog.action, 'payout_retry'));
    expect(retried.length).toBeGreaterThan(0);
  }, 240_000);

  // A rental paid month by month (ADR 040): two payments of one booking, each with its own hold and
  // payout; refunds of the booking spread over them (the latest month first). Each balances.
  it('balances for each month of a monthly rental', async () => {
    const settings = { invoiceDaysBefore: 7, graceDays: 3 };
    const jobs = new PaymentsService(db.db, { id: 'sandbox' } as PaymentProvider, quietLog, {
      notifier: silentNotifier,
      bookings: app.bookings,
    }).rentJobs(settings);
    const today = todayUtc();
    const m2 = addMonths(today, 1);
    const monthStep = fc.oneof(
      fc.record({ t: fc.constant('refundPart' as const), cents: fc.integer({ min: 1, max: 15_000 }) }),
      fc.record({ t: fc.constant('release' as const), month: fc.integer({ min: 0, max: 1 }) }),
      fc.constant({ t: 'process' as const }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(monthStep, { minLength: 1, maxLength: 5 }), async (steps) => {
        const l = await kit.listing();
        const b = await kit.book(l.id, today, 3, kit.renter.cookie, { paymentPlan: 'monthly' });
        await kit.press((await kit.checkout(b.id)).invoiceId, 'pay');
        await jobs.invoices(new Date(`${shiftDay(m2, -7)}T12:00:00Z`));
        await kit.press((await kit.checkout(b.id)).invoiceId, 'pay');
        const paid = await kit.paymentsOfBooking(b.id);
        expect(paid.map((p) => [p.rentMonth, p.status])).toEqual([
          [1, 'completed'],
          [2, 'completed'],
        ]);
        for (const p of paid) await check(p.id);
        for (const s of steps) {
          if (s.t === 'refundPart') {
            const port = app.bookings.payments;
            await db.db.transaction((tx) => port.refund(tx, b.id, s.cents, new Date()));
          } else if (s.t === 'release') {
            const [p] = await db.db.select().from(payments).where(eq(payments.id, paid[s.month].id));
            if (p.releaseAt) clock = Math.max(clock, p.releaseAt.getTime()) + 2 * MINUTE;
            await app.jobs.tick(new Date(clock));
          } else {
            clock += 2 * 3_600_000;
            await app.jobs.tick(new Date(clock));
          }
          for (const p of paid) await check(p.id);
        }
      }),
      { numRuns: 8, seed: 40 },
    );
  }, 240_000);
});
