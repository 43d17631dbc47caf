import { addMonths } from '#shared/booking-rules.ts';
import {
  endEarlyRefundCents,
  POLICY_RULES,
  type RefundQuote,
  type RefundTerms,
  refundCents,
} from '#shared/cancellation.ts';
import { refundableCents, releaseTimes } from '#shared/payments.ts';
import type { Db } from '../../db/client.ts';
import { settledPaymentsOf } from '../payments/queries.ts';
import type { BookingRow } from './bookings.view.ts';
import { refundTermsOf } from './rent-terms.ts';

type Reader = Pick<Db, 'select'>;
const DAY = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

// What the booking's payments still hold now (ADR 045) and what was paid for it: the cap on any
// refund, as refundBooking applies it (each payment gives at most what it still holds).
export async function heldOf(tx: Reader, bookingId: number, now: Date) {
  const rows = await settledPaymentsOf(tx, bookingId);
  let held = 0;
  let paid = 0;
  let nextRelease: number | null = null;
  for (const p of rows) {
    paid += p.amount + p.platformFee;
    held += refundableCents(p, now);
    if (p.status !== 'completed' || p.releasedAt) continue;
    for (const t of releaseTimes(p).slice(p.releasedParts))
      if (t.getTime() > now.getTime()) nextRelease = Math.min(nextRelease ?? Infinity, t.getTime());
  }
  return { held, paid, nextRelease };
}

// When a quote may change: the next refund tier boundary, the next month to begin, the next
// release of rent to the host.
function changesAt(t: RefundTerms, nextRelease: number | null, now: Date): string | null {
  const rule = POLICY_RULES[t.policy];
  const moments = [
    ...rule.tiers.map((tier) => dayMs(t.start) - tier.days * DAY),
    ...Array.from({ length: Math.max(1, t.months) }, (_, k) => dayMs(addMonths(t.start, k))),
    ...(nextRelease ? [nextRelease] : []),
  ].filter((m) => m > now.getTime());
  return moments.length ? new Date(Math.min(...moments)).toISOString() : null;
}

function quote(
  action: RefundQuote['action'],
  by: RefundQuote['by'],
  t: RefundTerms,
  wanted: number,
  h: Awaited<ReturnType<typeof heldOf>>,
  now: Date,
  endDate: string | null,
): RefundQuote {
  const refund = Math.min(wanted, h.held);
  return {
    action,
    by,
    policy: t.policy,
    refundCents: refund,
    paidCents: h.paid,
    heldCents: h.held,
    reason: h.paid === 0 ? 'nothing_paid' : wanted > 0 && h.held === 0 ? 'released' : 'refund',
    validUntil: changesAt(t, h.nextRelease, now),
    endDate,
  };
}

// The refund of a cancellation now: the policy's amount (everything, for a host), capped by what
// is still held. BookingsService.act refunds exactly this.
export async function cancellationQuote(
  tx: Reader,
  b: BookingRow,
  by: 'grower' | 'host',
  now: Date,
): Promise<RefundQuote> {
  const terms = await refundTermsOf(tx, b);
  const paying = b.type === 'rental' && b.status !== 'accepted';
  const wanted = paying ? refundCents(terms, by, now) : 0;
  const h = paying ? await heldOf(tx, b.id, now) : { held: 0, paid: 0, nextRelease: null };
  return quote('cancel', by, terms, wanted, h, now, null);
}

// The refund of ending early on `endDate` (exclusive) now: the months not yet begun then, by the
// policy for a grower, capped by what is still held. EndEarly.end refunds exactly this.
export async function endEarlyQuote(
  tx: Reader,
  b: BookingRow,
  endDate: string,
  by: 'grower' | 'host' | 'operator',
  now: Date,
): Promise<RefundQuote> {
  const terms = await refundTermsOf(tx, b);
  const paying = b.type === 'rental' && b.months !== null;
  const wanted = paying ? endEarlyRefundCents(terms, endDate, by, now) : 0;
  const h = paying ? await heldOf(tx, b.id, now) : { held: 0, paid: 0, nextRelease: null };
  return quote('end-early', by === 'operator' ? 'host' : by, terms, wanted, h, now, endDate);
}
