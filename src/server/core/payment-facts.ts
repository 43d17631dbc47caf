import { payoutState } from '#shared/payments.ts';
import type { payments } from '../db/schema.ts';

type PaymentRow = typeof payments.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// What every view of a payment says of it, whoever looks: its renter or host (payments feature)
// or an operator (admin feature). Each view adds its own fields (who, which listing, may refund).
// paidOutCents: what of its rent the provider confirmed sent, when the view read it.
export const paymentFacts = (p: PaymentRow, paidOutCents?: number) => ({
  id: p.id,
  listingId: p.listingId,
  bookingId: p.bookingId,
  amount: p.amount,
  platformFee: p.platformFee,
  total: p.amount + p.platformFee,
  currency: p.currency,
  status: p.status,
  payout: payoutState(p, paidOutCents),
  flagged: p.flaggedReason !== null,
  refundedAmount: p.refundedAmount ?? 0,
  createdAt: p.createdAt.toISOString(),
  confirmedAt: iso(p.confirmedAt),
  refundedAt: iso(p.refundedAt),
});
