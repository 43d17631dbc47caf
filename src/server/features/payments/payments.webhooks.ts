import { and, eq, inArray } from 'drizzle-orm';
import { findTransition, todayUtc } from '#shared/bookings.ts';
import { formatUsd } from '#shared/money.ts';
import { type PaymentStatus, releasePlanOf, sourcesOf } from '#shared/payments.ts';
import type { Notifier } from '../../core/notifier.ts';
import type { Db, Tx } from '../../db/client.ts';
import { paymentEvents, payments, rentInvoices } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { BookingRow, BookingsService } from '../bookings/index.ts';
import { lockBooking } from '../bookings/queries.ts';
import { lockListing } from '../listings/queries.ts';
import { recordPaymentIn } from './payouts/ledger.ts';
import {
  type ChargeSnapshot,
  type NormalizedEvent,
  type PaymentProvider,
  ProviderError,
  WebhookError,
} from './providers/types.ts';

type PaymentRow = typeof payments.$inferSelect;
type Logger = { warn: (obj: unknown, msg?: string) => void };

export type WebhookResult = { outcome: string; paymentId?: number; status?: PaymentStatus };

export const BOOKING_GONE = 'The booking was no longer awaiting payment';

// Why a charge snapshot does not prove the stored total was paid; null when it does (a charge the
// provider still reports as pending is not a problem: it is waited for, see handleWebhook).
export function snapshotProblem(p: PaymentRow, snap: ChargeSnapshot | null): string | null {
  const total = p.amount + p.platformFee;
  if (!snap) return 'The provider did not confirm the charge';
  if (snap.chargeId !== p.chargeId) return `The provider answered for another charge (${snap.chargeId})`;
  if (snap.currency !== p.currency) return `Currency mismatch: ${snap.currency} instead of ${p.currency}`;
  if (snap.amountCents !== total)
    return `Amount mismatch: the charge is for ${snap.amountCents === null ? 'an unreadable amount' : formatUsd(snap.amountCents)}, expected ${formatUsd(total)}`;
  if (snap.paidCents === null) return 'The provider reported an unreadable paid amount';
  if (snap.paidCents < total)
    return `Underpaid: received ${formatUsd(snap.paidCents)} of ${formatUsd(total)}`;
  if (snap.state === 'failed') return 'The provider reports the charge as failed';
  return null;
}

// A signed event: recorded once, then applied as one guarded transition. A "paid" event is checked
// against the provider's own view of the charge first; a doubtful one flags the payment instead.
export async function handleWebhook(
  db: Db,
  provider: PaymentProvider,
  log: Logger,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  bookingsService: Pick<BookingsService, 'move' | 'event'>,
  holdMs: number,
  onPayoutEvent: ((event: NormalizedEvent) => Promise<WebhookResult>) | null,
  notifier: Pick<Notifier, 'paymentReceived'>,
): Promise<WebhookResult> {
  let event: ReturnType<PaymentProvider['verifyWebhook']>;
  try {
    event = provider.verifyWebhook(rawBody, headers);
  } catch (err) {
    if (err instanceof WebhookError) throw new HttpError(400, err.message, 'BAD_WEBHOOK');
    throw err;
  }
  if (event.payoutId && onPayoutEvent) return onPayoutEvent(event);

  // Confirm with the provider before trusting a "paid" event (outside the transaction: a network call).
  let snapshot: ChargeSnapshot | null = null;
  const known =
    event.outcome === 'completed' && event.chargeId
      ? await db
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.chargeId, event.chargeId), eq(payments.provider, provider.id)))
          .limit(1)
      : [];
  if (known.length && event.chargeId) {
    try {
      snapshot = await provider.getCharge(event.chargeId);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      log.warn({ err, eventId: event.eventId }, 'could not confirm a charge; the provider will retry');
      throw new HttpError(
        503,
        'The payment provider could not be reached to confirm the charge. Please retry.',
        'PROVIDER_UNAVAILABLE',
      );
    }
  }

  const providerId = provider.id;
  const result = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(paymentEvents)
      .values({
        provider: providerId,
        eventId: event.eventId,
        chargeId: event.chargeId,
        type: event.type,
        payload: event.payload as object,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!inserted) return { outcome: 'duplicate' } satisfies WebhookResult;

    const [payment] = event.chargeId
      ? await tx
          .select()
          .from(payments)
          .where(and(eq(payments.chargeId, event.chargeId), eq(payments.provider, providerId)))
          .limit(1)
      : [];
    let out: WebhookResult;
    const now = new Date();
    if (!payment) out = { outcome: 'unknown_charge' };
    else if (event.outcome === 'completed') {
      const problem = snapshotProblem(payment, snapshot);
      if (problem) {
        // Flagged for review, never completed on a doubtful event.
        const flagged = await tx
          .update(payments)
          .set({ flaggedReason: problem, updatedAt: now })
          .where(and(eq(payments.id, payment.id), inArray(payments.status, sourcesOf('completed'))))
          .returning({ status: payments.status });
        out = {
          outcome: flagged.length ? 'flagged' : 'ignored',
          paymentId: payment.id,
          status: payment.status,
        };
      } else if (snapshot?.state !== 'paid') {
        // The full amount arrived but is not confirmed yet: the provider sends another event when it is.
        out = { outcome: 'unconfirmed', paymentId: payment.id, status: payment.status };
      } else {
        // The listing's row, then the booking's, then the payment's: the order every booking move
        // takes (a cancellation, an end, the rent jobs of ADR 040), so none of them deadlock.
        if (payment.bookingId) await lockListing(tx, payment.listingId);
        const booking = payment.bookingId ? await lockBooking(tx, payment.bookingId) : undefined;
        const start = payment.rentalStart ?? now;
        const releaseFrom = start.getTime() > now.getTime() ? start : now;
        const releasePlan = monthlyRelease(booking, payment, releaseFrom, holdMs);
        const done = await tx
          .update(payments)
          .set({
            status: 'completed',
            confirmedAt: now,
            rentalStart: start,
            releaseAt: new Date(releaseFrom.getTime() + holdMs),
            releasePlan,
            flaggedReason: null,
            updatedAt: now,
          })
          .where(and(eq(payments.id, payment.id), inArray(payments.status, sourcesOf('completed'))))
          .returning({ status: payments.status });
        // The money arrived: held cash, the rent owed to the host, the fee ours (ADR 032).
        if (done.length) await recordPaymentIn(tx, { ...payment, confirmedAt: now });
        // The payer's receipt, in the transaction that completes the payment.
        if (done.length) await notifier.paymentReceived(tx, payment.id);
        if (
          done.length &&
          booking &&
          !(await payBooking(tx, bookingsService, booking, payment.id, payment.rentMonth, now))
        )
          log.warn({ paymentId: payment.id, bookingId: booking.id }, BOOKING_GONE);
        out = done.length
          ? { outcome: 'completed', paymentId: payment.id, status: 'completed' }
          : { outcome: 'ignored', paymentId: payment.id, status: payment.status };
      }
    } else if (event.outcome === 'failed') {
      const done = await tx
        .update(payments)
        .set({ status: 'failed', updatedAt: now })
        .where(and(eq(payments.id, payment.id), inArray(payments.status, sourcesOf('failed'))))
        .returning({ status: payments.status });
      out = done.length
        ? { outcome: 'failed', paymentId: payment.id, status: 'failed' }
        : { outcome: 'ignored', paymentId: payment.id, status: payment.status };
    } else {
      out = { outcome: event.outcome, paymentId: payment.id, status: payment.status };
    }
    await tx.update(paymentEvents).set({ outcome: out.outcome }).where(eq(paymentEvents.id, inserted.id));
    return out;
  });
  if (result.outcome === 'flagged')
    log.warn({ eventId: event.eventId, chargeId: event.chargeId }, 'payment flagged for review');
  return result;
}

// A completed payment moves its booking accepted -> paid. A booking no longer awaiting payment
// (expired, cancelled, paid by another charge) is left alone and the payment is flagged: its money
// is held (never paid out automatically) until the host or support refunds it.
async function payBooking(
  tx: Tx,
  service: Pick<BookingsService, 'move' | 'event'>,
  booking: BookingRow,
  paymentId: number,
  month: number | null,
  now: Date,
): Promise<boolean> {
  if (month !== null && month >= 2) {
    // A later month of a monthly rental (ADR 040) pays its invoice while it is due; one lapsed or void
    // (the stay ended first) leaves the payment flagged below.
    const [paid] = await tx
      .update(rentInvoices)
      .set({ status: 'paid', paymentId, updatedAt: now })
      .where(
        and(
          eq(rentInvoices.bookingId, booking.id),
          eq(rentInvoices.month, month),
          eq(rentInvoices.status, 'due'),
        ),
      )
      .returning({ id: rentInvoices.id });
    if (paid) {
      await service.event(
        tx,
        booking.id,
        'rent-paid',
        booking.status,
        booking.status,
        'system',
        `Month ${month}`,
      );
      return true;
    }
  } else {
    const t = findTransition('pay', booking.status, booking.type);
    if (t && (await service.move(tx, booking, 'pay', t.to, 'system', { expiresAt: null }))) {
      // A rental paid on or after its start day begins now, not at the next run of the start job.
      if (booking.start <= todayUtc(now))
        await service.move(tx, { id: booking.id, status: t.to }, 'start', 'active', 'system');
      return true;
    }
  }
  await tx
    .update(payments)
    .set({ flaggedReason: BOOKING_GONE, updatedAt: now })
    .where(eq(payments.id, paymentId));
  return false;
}

// A stay of several months paid up front is paid out month by month (ADR 045). Null: one part.
function monthlyRelease(
  booking: { start: string; months: number | null; paymentPlan: string } | undefined,
  payment: { rentMonth: number | null },
  releaseFrom: Date,
  holdMs: number,
): string[] | null {
  const whole = booking?.paymentPlan === 'whole' && payment.rentMonth === null;
  return booking && whole
    ? releasePlanOf(booking.start, booking.months ?? 1, releaseFrom.getTime(), holdMs)
    : null;
}
