import type { Tx } from '../../db/client.ts';
import type { Lang } from '../../mail/lang.ts';
import { lastCompletedPaymentOf } from '../payments/queries.ts';

export type PaymentHold = { until: Date; hours: number; late: boolean };

// The hold of the payment that paid a booking, as its row has it: PAYOUT_HOLD_HOURS after the
// rental start, or after the payment when it came later (`late`). Null without a completed payment.
export async function paymentHold(tx: Tx, bookingId: number): Promise<PaymentHold | null> {
  const p = await lastCompletedPaymentOf(tx, bookingId);
  if (!p?.releaseAt) return null;
  const start = p.start ?? p.paid ?? p.releaseAt;
  const late = !!p.paid && p.paid.getTime() > start.getTime();
  const from = late ? p.paid! : start;
  return {
    until: p.releaseAt,
    hours: Math.round((p.releaseAt.getTime() - from.getTime()) / 36_000) / 100,
    late,
  };
}

// "Booking paid" to the host: the hold as it is, never a promise of a payout.
export const paidBody = (l: Lang, from: string, hold: PaymentHold | null) =>
  hold
    ? l.t.booking.paidBody(from, l.at(hold.until), l.t.hours(hold.hours), hold.late)
    : l.t.booking.paidBodyNoHold(from);
