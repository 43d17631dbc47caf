import { z } from 'zod';
import { ID_MAX, isoDateSchema } from './fields.ts';

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

// Funds are held until 24 hours after the rental period begins (the FAQ promises it).
export const RELEASE_DELAY_MS = 24 * 3_600_000;
// How far ahead a renter may choose the rental start date.
export const RENTAL_START_MAX_DAYS = 365;

// Holding is not a status: the payout has its own state, derived from the payment's fields.
export const PAYOUT_STATES = ['none', 'held', 'released', 'refunded'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

export function payoutState(p: { status: PaymentStatus; releasedAt: Date | string | null }): PayoutState {
  if (p.status === 'refunded') return 'refunded';
  if (p.status !== 'completed') return 'none';
  return p.releasedAt ? 'released' : 'held';
}

// A refund is possible only for a completed payment whose payout is not yet released.
export function canRefund(
  p: { status: PaymentStatus; releasedAt: Date | string | null; releaseAt: Date | string | null },
  now = new Date(),
): boolean {
  if (p.status !== 'completed' || p.releasedAt) return false;
  return p.releaseAt === null || new Date(p.releaseAt).getTime() > now.getTime();
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
