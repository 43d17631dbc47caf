import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { RefundTerms } from '#shared/cancellation.ts';
import type { Db, Tx } from '../../db/client.ts';
import { payments, rentInvoices } from '../../db/schema.ts';
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
  const [paid] = await tx
    .select({
      months: sql<number>`count(distinct ${payments.rentMonth})::int`,
      fee: sql<number>`coalesce(sum(${payments.platformFee}), 0)::int`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, b.id),
        inArray(payments.status, ['completed', 'refunded']),
        isNull(payments.flaggedReason),
      ),
    );
  const months = paid?.months ?? 0;
  return { ...base, months, amount: months * base.pricePerMonth, fee: paid?.fee ?? 0 };
}

// The stay ends on `from` (or is cancelled: from null): the invoices of months from then on are void
// and their open checkouts closed (a late payment of one is flagged, never taken as rent).
export async function voidFrom(tx: Tx, bookingId: number, from: string | null, now: Date) {
  const months = await tx
    .update(rentInvoices)
    .set({ status: 'void', updatedAt: now })
    .where(
      and(
        eq(rentInvoices.bookingId, bookingId),
        eq(rentInvoices.status, 'due'),
        from ? gte(rentInvoices.starts, from) : undefined,
      ),
    )
    .returning({ month: rentInvoices.month });
  const open = months.map((m) => m.month);
  if (!open.length) return;
  await tx
    .update(payments)
    .set({ status: 'failed', updatedAt: now })
    .where(
      and(
        eq(payments.bookingId, bookingId),
        eq(payments.status, 'pending'),
        inArray(payments.rentMonth, open),
      ),
    );
}
