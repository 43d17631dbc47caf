import { z } from 'zod';
import { text } from './fields.ts';

// Payouts: the host's share of a payment leaving the platform (ADR 032).
//
//   held (payment completed, before releaseAt: no payout row yet)
//     -> awaiting_details (no payout method)  -> scheduled (a method is added)
//     -> scheduled -> sending -> in_progress -> completed
//                        |           |-> scheduled (the provider cancelled it: sent again)
//                        |-> scheduled (provider down: retried with backoff)
//                        |-> failed (repeated failures: an operator decides)
//                        |-> manual (a provider without a payout API: an operator sends it)
//   failed | manual -> scheduled (operator: retry) | completed (operator: paid by hand)
//                   | cancelled (operator: cancel)

export const PAYOUT_STATES = [
  'awaiting_details',
  'scheduled',
  'sending',
  'in_progress',
  'completed',
  'failed',
  'manual',
  'cancelled',
] as const;
export type PayoutRowState = (typeof PAYOUT_STATES)[number];

// A batch: what is sent to the provider, one per host per run (ADR 044). sending (claimed; a
// provider that is down is retried when its lease runs out) -> in_progress -> completed, or
// cancelled (its payouts go back to the queue) or failed (to an operator).
export const PAYOUT_BATCH_STATES = ['sending', 'in_progress', 'completed', 'cancelled', 'failed'] as const;
export type PayoutBatchState = (typeof PAYOUT_BATCH_STATES)[number];

export const PAYOUT_TRANSITIONS = {
  awaiting_details: ['scheduled', 'cancelled'],
  scheduled: ['sending', 'awaiting_details', 'cancelled'],
  sending: ['in_progress', 'completed', 'scheduled', 'failed', 'manual'],
  in_progress: ['completed', 'scheduled', 'failed'],
  failed: ['scheduled', 'completed', 'cancelled'],
  manual: ['completed', 'cancelled', 'scheduled'],
  completed: [],
  cancelled: [],
} as const satisfies Record<PayoutRowState, readonly PayoutRowState[]>;

// The states from which `to` may be reached: the WHERE clause of a guarded update.
export function payoutSourcesOf(to: PayoutRowState): PayoutRowState[] {
  return PAYOUT_STATES.filter((from) => (PAYOUT_TRANSITIONS[from] as readonly PayoutRowState[]).includes(to));
}

// A new payout destination is used only this long after it was set (account-takeover protection).
export const PAYOUT_METHOD_HOLD_HOURS = 48;
// Attempts at creating a payout with the provider before an operator is asked to decide.
export const PAYOUT_MAX_ATTEMPTS = 5;

export const PAYOUT_METHOD_TYPES = ['bitcoin', 'lightning', 'usdc'] as const;
export type PayoutMethodType = (typeof PAYOUT_METHOD_TYPES)[number];

// The payout destinations each provider pays to: BTCPay (and its sandbox) sends bitcoin on chain or
// over Lightning; Coinbase Business settles in USDC on Base, and an operator sends it (ADR 046).
export const PAYOUT_METHODS_OF = {
  sandbox: ['bitcoin', 'lightning'],
  btcpay: ['bitcoin', 'lightning'],
  coinbase: ['usdc'],
  'coinbase-commerce': ['bitcoin', 'lightning'],
} as const satisfies Record<string, readonly PayoutMethodType[]>;

// PUT /api/users/me/payout-method. The destination is checked on the server against the network
// the provider is configured for (an on-chain address), the Lightning formats or a USDC address.
export const putPayoutMethodSchema = z.object({
  type: z.enum(PAYOUT_METHOD_TYPES, { error: 'type must be bitcoin, lightning or usdc' }),
  destination: text('Destination')
    .trim()
    .min(1, 'Destination is required')
    .max(2000, 'Destination is too long'),
  password: text('Password').min(1, 'Password is required').max(200, 'Password is too long'),
});
export type PutPayoutMethodInput = z.infer<typeof putPayoutMethodSchema>;

export const payoutMethodSchema = z.object({
  type: z.enum(PAYOUT_METHOD_TYPES),
  destination: z.string(),
  changedAt: z.string(),
  // Payouts go to this destination from this time on (48 hours after a change).
  activeFrom: z.string(),
});
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;

// What the host sees of a payout's state: before the provider confirms, never "sent".
export const HOST_PAYOUT_STATES = [
  'upcoming',
  'waiting_for_details',
  'scheduled',
  'in_progress',
  'paid',
  'needs_attention',
  'refunded',
  'cancelled',
] as const;
export type HostPayoutState = (typeof HOST_PAYOUT_STATES)[number];

export function hostPayoutState(s: PayoutRowState): HostPayoutState {
  switch (s) {
    case 'awaiting_details':
      return 'waiting_for_details';
    case 'scheduled':
      return 'scheduled';
    case 'sending':
    case 'in_progress':
    case 'manual':
      return 'in_progress';
    case 'completed':
      return 'paid';
    case 'failed':
      return 'needs_attention';
    case 'cancelled':
      return 'cancelled';
  }
}

export const earningSchema = z.object({
  // The payout's id; null while the payment is held (no payout yet) or refunded.
  id: z.number().nullable(),
  paymentId: z.number(),
  bookingId: z.number().nullable(),
  listingTitle: z.string(),
  growerName: z.string(),
  state: z.enum(HOST_PAYOUT_STATES),
  // The host's share (cents, USD); the grower paid it plus the platform fee.
  amountCents: z.number(),
  feeCents: z.number(),
  refundedCents: z.number(),
  currency: z.string(),
  // When it goes out (held), when it was created, when the provider confirmed it.
  releaseAt: z.string().nullable(),
  createdAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  proof: z.string().nullable(),
  proofType: z.enum(['txid', 'preimage', 'reference']).nullable(),
  proofUrl: z.string().nullable(),
  destination: z.string().nullable(),
  // The payout sent to the provider that carries this payment: one per host per run, covering every
  // payment due then (ADR 044). Null before it is sent.
  payout: z.object({ id: z.number(), amountCents: z.number(), payments: z.number() }).nullable(),
  // A stay paid up front is paid out month by month (ADR 045): which month this part is, of how
  // many; null for a payment paid out at once.
  part: z.object({ index: z.number(), of: z.number() }).nullable(),
});
export type Earning = z.infer<typeof earningSchema>;

export const earningsSchema = z.object({
  items: z.array(earningSchema),
  totals: z.object({
    paidThisMonthCents: z.number(),
    paidThisYearCents: z.number(),
    upcomingCents: z.number(),
    inProgressCents: z.number(),
  }),
  hasPayoutMethod: z.boolean(),
});
export type Earnings = z.infer<typeof earningsSchema>;

// GET /api/users/me/payouts.csv?from=YYYY-MM-DD&to=YYYY-MM-DD (both optional, `to` inclusive).
export const earningsCsvQuerySchema = z.object({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'from must be a date (YYYY-MM-DD)')
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'to must be a date (YYYY-MM-DD)')
    .optional(),
});

// The operator console (ADR 032): GET /api/admin/payouts, POST /api/admin/payouts/:id/retry|cancel|paid.
export const adminPayoutSchema = z.object({
  id: z.number(),
  paymentId: z.number(),
  hostId: z.number(),
  hostName: z.string(),
  amountCents: z.number(),
  state: z.enum(PAYOUT_STATES),
  destinationType: z.string().nullable(),
  destination: z.string().nullable(),
  reference: z.string(),
  // The provider's id of the current attempt (a BTCPay payout id), to find it there.
  providerPayoutId: z.string().nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  proof: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  // The batch it was last sent in (ADR 044): its reference at the provider, how many payments it
  // covers, and, when the provider has held it past PAYOUT_PROVIDER_WAIT_HOURS, since when and why.
  batch: z
    .object({
      id: z.number(),
      reference: z.string(),
      payments: z.number(),
      amountCents: z.number(),
      providerState: z.string().nullable(),
      waitingSince: z.string().nullable(),
      waitingReason: z.string().nullable(),
    })
    .nullable(),
});
export const adminPayoutsSchema = z.object({
  items: z.array(adminPayoutSchema),
  feesByMonth: z.array(z.object({ month: z.string(), cents: z.number() })),
  owedToHostsCents: z.number(),
  inFlightCents: z.number(),
  unbalancedPayments: z.number(),
});
export const adminPayoutActionSchema = z.object({
  reason: text('Reason', 'A reason is required')
    .trim()
    .min(1, 'A reason is required')
    .max(1000, 'The reason is too long'),
  // Paid by hand: the transaction id or other reference of the payment the operator made.
  reference: text('Reference')
    .trim()
    .min(1, 'Reference is required')
    .max(200, 'Reference is too long')
    .optional(),
});
