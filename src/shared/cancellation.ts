import { z } from 'zod';
import { addMonths } from './booking-rules.ts';
import { isoDateSchema } from './fields.ts';

// Cancellation policies (ADR 034): chosen per listing, copied onto each booking when it is made,
// so a later change of the listing's policy never changes an existing booking.
export const CANCELLATION_POLICIES = ['flexible', 'moderate', 'strict'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];
// New listings, and every listing and booking made before policies existed (today's one rule).
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = 'moderate';

export type PolicyRule = {
  // Before the start: the share of the first month's rent refunded when cancelling at least `days`
  // days ahead; the first tier that applies wins. Every later month is refunded in full then.
  tiers: { days: number; percent: number }[];
  // Once no tier applies: the months already begun are kept, and this many more as notice.
  noticeMonths: number;
};

export const POLICY_RULES: Record<CancellationPolicy, PolicyRule> = {
  flexible: { tiers: [{ days: 1, percent: 100 }], noticeMonths: 0 },
  moderate: { tiers: [{ days: 7, percent: 100 }], noticeMonths: 0 },
  strict: {
    tiers: [
      { days: 30, percent: 100 },
      { days: 14, percent: 50 },
    ],
    noticeMonths: 1,
  },
};

export type RefundTerms = {
  start: string;
  months: number;
  pricePerMonth: number;
  amount: number;
  fee: number;
  policy: CancellationPolicy;
};

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

// The rent (cents) a cancellation gives back. A host who cancels refunds everything paid, fee
// included; a grower gets the rent by the booking's policy, never the platform's fee.
export function refundCents(b: RefundTerms, by: 'grower' | 'host', now = new Date()): number {
  if (by === 'host') return b.amount + b.fee;
  const rule = POLICY_RULES[b.policy] ?? POLICY_RULES[DEFAULT_CANCELLATION_POLICY];
  const ahead = dayMs(b.start) - now.getTime();
  const tier = rule.tiers.find((t) => ahead >= t.days * DAY_MS);
  if (tier) {
    const first = Math.floor((b.pricePerMonth * tier.percent) / 100);
    return Math.min(b.amount, first + (b.months - 1) * b.pricePerMonth);
  }
  let begun = 1;
  while (begun < b.months && dayMs(addMonths(b.start, begun)) <= now.getTime()) begun += 1;
  return Math.max(0, b.months - begun - rule.noticeMonths) * b.pricePerMonth;
}

// The months a stay ending (exclusively) on `endDate` still uses: those begun before it, at least 1.
export function monthsKept(start: string, months: number, endDate: string): number {
  let kept = 1;
  while (kept < months && addMonths(start, kept) < endDate) kept += 1;
  return kept;
}

// The refund when a stay ends early on `endDate` (ADR 037): the rent of the months not yet begun
// then. A grower gets no more than the booking's policy gives back today; a host (or an operator)
// who ends it refunds those months' rent and their share of the fee.
export function endEarlyRefundCents(
  b: RefundTerms,
  endDate: string,
  by: 'grower' | 'host' | 'operator',
  now = new Date(),
): number {
  const unused = b.months - monthsKept(b.start, b.months, endDate);
  if (unused <= 0) return 0;
  const rent = unused * b.pricePerMonth;
  if (by !== 'grower') return rent + Math.floor((b.fee * unused) / b.months);
  return Math.min(rent, refundCents(b, 'grower', now));
}

// What cancelling or ending early would give back now (ADR 045): GET /api/bookings/{id}/cancellation
// and GET /api/bookings/{id}/end-early?endDate=. Computed by the same functions the action runs, so
// the dialog states what the action refunds. `validUntil`: when the answer may change (a refund
// tier ends, a month begins, a month's rent goes to the host).
export const REFUND_QUOTE_REASONS = ['nothing_paid', 'refund', 'released'] as const;
export const refundQuoteSchema = z.object({
  action: z.enum(['cancel', 'end-early']),
  by: z.enum(['grower', 'host']),
  policy: z.enum(CANCELLATION_POLICIES),
  // What the action gives back now, in cents; what was paid for the booking so far; what of it
  // Yardshare still holds (the rest went to the host).
  refundCents: z.number().int(),
  paidCents: z.number().int(),
  heldCents: z.number().int(),
  reason: z.enum(REFUND_QUOTE_REASONS),
  validUntil: z.string().nullable(),
  // The end-early quote: the (exclusive) end day asked about.
  endDate: z.string().nullable(),
});
export type RefundQuote = z.infer<typeof refundQuoteSchema>;
export const endEarlyQuerySchema = z.object({ endDate: isoDateSchema('End date') });
