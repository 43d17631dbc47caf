import { z } from 'zod';
import { addMonths } from './booking-rules.ts';
import { ID_MAX, isoDateSchema } from './fields.ts';
import { PAYOUT_METHOD_TYPES } from './payouts.ts';

// Payment states and their allowed transitions. The server enforces them.
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_TRANSITIONS = {
  pending: ['completed', 'failed'],
  failed: ['completed'],
  completed: ['refunded'],
  refunded: [],
} as const satisfies Record<PaymentStatus, readonly PaymentStatus[]>;

export function canTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  return (PAYMENT_TRANSITIONS[from] as readonly PaymentStatus[]).includes(to);
}

// The states from which `to` may be reached: the WHERE clause of a guarded update.
export function sourcesOf(to: PaymentStatus): PaymentStatus[] {
  return PAYMENT_STATUSES.filter((from) => canTransition(from, to));
}

// Funds are held until 24 hours after the rental period begins (the FAQ promises it); the default of
// PAYOUT_HOLD_HOURS.
export const RELEASE_DELAY_MS = 24 * 3_600_000;
// How far ahead a renter may choose the rental start date.
export const RENTAL_START_MAX_DAYS = 365;

// Holding is not a status: the payout has its own state, derived from the payment's fields and,
// when the caller knows it, what of its rent the provider confirmed as paid out: 'released' means
// handed to the payout queue, 'paid' that every released part was confirmed sent (ADR 045).
export const PAYOUT_STATES = ['none', 'held', 'released', 'paid', 'refunded'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

export function payoutState(
  p: { status: PaymentStatus; releasedAt: Date | string | null; releasedCents?: number },
  paidOutCents?: number,
): PayoutState {
  if (p.status === 'refunded') return 'refunded';
  if (p.status !== 'completed') return 'none';
  if (!p.releasedAt) return 'held';
  return paidOutCents !== undefined && paidOutCents >= (p.releasedCents ?? 0) ? 'paid' : 'released';
}

// The money a payment still holds (ADR 045). A stay paid up front is paid out month by month: part
// k of the rent goes to the host at releasePlan[k]; a payment without a plan is one part at
// releaseAt. Refunds take the rent of the last parts first, so each part pays the host what is left
// of its month once the earlier parts are paid.
export type HeldPayment = {
  status: PaymentStatus;
  amount: number;
  platformFee: number;
  refundedAmount: number | null;
  releaseAt: Date | string | null;
  releasedAt: Date | string | null;
  releasePlan?: string[] | null;
  releasedParts?: number;
  releasedCents?: number;
};

// A stay of `months` months from `start` paid up front (ADR 045): each month's rent is released
// that month's hold after it begins (after the payment, for a month already begun). Null: one part.
export function releasePlanOf(
  start: string,
  months: number,
  releaseFrom: number,
  holdMs: number,
): string[] | null {
  if (months < 2) return null;
  return Array.from({ length: months }, (_, k) =>
    new Date(Math.max(Date.parse(`${addMonths(start, k)}T00:00:00Z`), releaseFrom) + holdMs).toISOString(),
  );
}

// When each part of the rent is released, in order.
export function releaseTimes(p: HeldPayment): Date[] {
  if (p.releasePlan?.length) return p.releasePlan.map((t) => new Date(t));
  return p.releaseAt ? [new Date(p.releaseAt)] : [];
}

// The rent part k pays the host, given what was refunded and what earlier parts paid.
export function partCents(p: HeldPayment, k: number, releasedBefore: number): number {
  const parts = Math.max(1, releaseTimes(p).length);
  const month = Math.floor(p.amount / parts);
  const nominal = k === parts - 1 ? p.amount - month * (parts - 1) : month;
  const share = p.amount - Math.min(p.refundedAmount ?? 0, p.amount);
  return Math.max(0, Math.min(nominal, share - releasedBefore));
}

// The rent already released, and the parts whose time has come though the job has not run yet:
// neither can be refunded any more.
export function rentSpokenFor(p: HeldPayment, now = new Date()): number {
  let spoken = p.releasedCents ?? 0;
  if (p.releasedAt) return spoken;
  const times = releaseTimes(p);
  for (let k = p.releasedParts ?? 0; k < times.length && times[k].getTime() <= now.getTime(); k++)
    spoken += partCents(p, k, spoken);
  return spoken;
}

// What a refund can still take from a payment now: the rent not released and not due; with it the
// fee only while none of the rent has gone to the host (a booking undone whole). Refunds count the
// rent first, so a refund never takes more rent than is held.
export function refundableCents(p: HeldPayment, now = new Date()): number {
  if (p.status !== 'completed' || p.releasedAt) return 0;
  const refunded = p.refundedAmount ?? 0;
  const spoken = rentSpokenFor(p, now);
  const rentHeld = p.amount - Math.min(refunded, p.amount) - spoken;
  if (rentHeld <= 0) return 0;
  return spoken > 0 ? rentHeld : rentHeld + p.platformFee - Math.max(0, refunded - p.amount);
}

// A refund is possible only while the payment still holds money (ADR 045).
export function canRefund(p: HeldPayment, now = new Date()): boolean {
  return refundableCents(p, now) > 0;
}

// When the next part of the rent goes to the host (null: nothing left to release).
export function nextReleaseAt(p: HeldPayment): Date | null {
  if (p.releasedAt || p.status !== 'completed') return null;
  return releaseTimes(p)[p.releasedParts ?? 0] ?? null;
}

// What the host is paid: the rent less what was refunded of it (a refund beyond the rent is the fee).
export function hostPayoutCents(p: {
  status: PaymentStatus;
  amount: number;
  refundedAmount: number | null;
}): number {
  if (p.status !== 'completed') return 0;
  return p.amount - Math.min(p.refundedAmount ?? 0, p.amount);
}

// POST /api/payments/create. `amount` is the monthly price times 100: only a check, the server
// recomputes it from the listing.
export const createPaymentSchema = z.object({
  listingId: z
    .number({ error: 'listingId must be a number' })
    .int('listingId must be a whole number')
    .positive('listingId must be positive')
    .max(ID_MAX, 'listingId is out of range'),
  amount: z
    .number({ error: 'amount must be a number of cents' })
    .int('amount must be a whole number of cents')
    .positive('amount must be positive'),
  rentalStart: isoDateSchema('Rental start').nullish(),
});
export type CreatePaymentInput = z.infer<typeof createPaymentSchema>;

export const createPaymentResponseSchema = z.object({ hostedUrl: z.string() });

export const paymentViewSchema = z.object({
  id: z.number(),
  role: z.enum(['renter', 'host']),
  listingId: z.number(),
  listingTitle: z.string(),
  counterpartName: z.string(),
  amount: z.number(),
  platformFee: z.number(),
  total: z.number(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  payout: z.enum(PAYOUT_STATES),
  flagged: z.boolean(),
  canRefund: z.boolean(),
  // The booking paid for; what was refunded so far (cents) and what the host is paid.
  bookingId: z.number().nullable(),
  refundedAmount: z.number(),
  hostPayout: z.number(),
  hostedUrl: z.string().nullable(),
  rentalStart: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  releaseAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;

export const paymentsListSchema = z.object({
  asRenter: z.array(paymentViewSchema),
  asHost: z.array(paymentViewSchema),
});
export type PaymentsList = z.infer<typeof paymentsListSchema>;

// GET /api/payments/terms: the settings every text about money quotes (ADR 045): the hold after
// the rental start (PAYOUT_HOLD_HOURS) and the service fee. Public; the same for everyone.
export const paymentTermsSchema = z.object({
  holdHours: z.number(),
  feePercent: z.number(),
  // The payout destinations hosts can choose (bitcoin and lightning with BTCPay, usdc with Coinbase).
  payoutMethods: z.array(z.enum(PAYOUT_METHOD_TYPES)),
});
export type PaymentTerms = z.infer<typeof paymentTermsSchema>;
