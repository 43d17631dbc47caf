// Payment states and their allowed transitions (shared/design/payments.md). The server enforces them.
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
