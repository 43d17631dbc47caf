import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PaymentStatus, PaymentView } from '#shared/payments.ts';

export const STATUS_LABELS: Record<PaymentStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  completed: msg`Completed`,
  failed: msg`Failed`,
  refunded: msg`Refunded`,
};

export const STATUS_CLASSES: Record<PaymentStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  completed: 'bg-accent text-accent-foreground',
  failed: 'bg-red-100 text-red-900',
  refunded: 'bg-secondary text-secondary-foreground',
};

export function payoutText(p: PaymentView, i18n: I18n): { label: string; at: string | null } | null {
  if (p.payout === 'held') return { label: i18n._(msg`Held until`), at: p.releaseAt };
  // Released is not sent: the payout's own state is on the Earnings page (ADR 032).
  if (p.payout === 'released') return { label: i18n._(msg`Scheduled (see Earnings)`), at: p.releasedAt };
  if (p.payout === 'refunded') return { label: i18n._(msg`Refunded`), at: p.refundedAt };
  return null;
}

export { formatDateTime } from '#client/lib/format.ts';
