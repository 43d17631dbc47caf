import type { RefundTerms } from '#shared/cancellation.ts';
import type { Db } from '../../db/client.ts';
import { paidRentMonths } from '../payments/queries.ts';
import type { BookingRow } from './bookings.view.ts';

// What a refund is computed over (ADR 034, 037): the booking's terms; for a monthly rental (ADR 040)
// only the months paid so far, with their own fees, since nothing else was ever charged.
export async function refundTermsOf(tx: Pick<Db, 'select'>, b: BookingRow): Promise<RefundTerms> {
  const base = {
    start: b.start,
    months: b.months ?? 0,
    pricePerMonth: b.pricePerMonth ?? 0,
    amount: b.amount ?? 0,
    fee: b.fee ?? 0,
    policy: b.cancellationPolicy,
  };
  if (b.paymentPlan !== 'monthly') return base;
  const { months, fee } = await paidRentMonths(tx, b.id);
  return { ...base, months, amount: months * base.pricePerMonth, fee };
}
