import type { PaymentStatus, PaymentView } from '#shared/payments.ts';

export const STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  refunded: 'Refunded',
};

export const STATUS_CLASSES: Record<PaymentStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  completed: 'bg-accent text-accent-foreground',
  failed: 'bg-red-100 text-red-900',
  refunded: 'bg-secondary text-secondary-foreground',
};

export function payoutText(p: PaymentView): { label: string; at: string | null } | null {
  if (p.payout === 'held') return { label: 'Held until', at: p.releaseAt };
  if (p.payout === 'released') return { label: 'Released', at: p.releasedAt };
  if (p.payout === 'refunded') return { label: 'Refunded', at: p.refundedAt };
  return null;
}

export { formatDateTime } from '#client/lib/format.ts';
