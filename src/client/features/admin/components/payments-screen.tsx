import { TriangleAlert } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { formatDateTime } from '#client/lib/format.ts';
import { cn } from '#client/lib/utils.ts';
import type { AdminPayment } from '#shared/moderation.ts';
import { formatUsd } from '#shared/money.ts';
import type { PaymentStatus, PayoutState } from '#shared/payments.ts';
import { type PaymentsFilter, useAdminPayments } from '../api/admin.ts';
import { ActionButton } from './action-dialog.tsx';
import { refundPayment } from './actions.ts';
import { Loaded, Pager, pageParam, ScreenHeader, Segmented, UserRef } from './parts.tsx';

const STATUS: Record<PaymentStatus, { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'bg-amber-100 text-amber-900' },
  completed: { label: 'Completed', className: 'bg-accent text-accent-foreground' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-900' },
  refunded: { label: 'Refunded', className: 'bg-secondary text-secondary-foreground' },
};

const PAYOUT: Record<PayoutState, string | null> = {
  none: null,
  held: 'Payout held',
  released: 'Paid out to host',
  refunded: 'Refunded',
};

// Payments with their state; flagged ones (underpaid, mismatched, a refund that did not go
// through) stand out, and a refundable one has the refund action.
export function PaymentRows({ payments }: { payments: AdminPayment[] }) {
  return (
    <Card>
      <ul className="divide-y divide-border">
        {payments.map((p) => (
          <li
            key={p.id}
            className={cn(
              'flex flex-wrap items-start gap-3 px-4 py-3 sm:flex-nowrap',
              p.flagged && 'bg-amber-50/70',
            )}
            data-testid="admin-payment"
          >
            <div className="min-w-0 flex-1 space-y-1 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{formatUsd(p.total)}</span>
                <Badge className={STATUS[p.status].className}>{STATUS[p.status].label}</Badge>
                {PAYOUT[p.payout] && p.payout !== 'refunded' ? (
                  <span className="text-xs text-muted-foreground">{PAYOUT[p.payout]}</span>
                ) : null}
                {p.flagged ? (
                  <Badge className="bg-amber-200 text-amber-950">
                    <TriangleAlert aria-hidden="true" className="mr-1 h-3 w-3" />
                    Flagged{p.flaggedReason ? `: ${p.flaggedReason}` : ''}
                  </Badge>
                ) : null}
              </p>
              <p className="text-xs text-muted-foreground">
                #{p.id} · {p.listingTitle || `Listing #${p.listingId}`}
                {p.bookingId ? ` · booking #${p.bookingId}` : ''} · {p.provider} ·{' '}
                {formatDateTime(p.createdAt)}
              </p>
              <p className="text-xs text-muted-foreground">
                <UserRef user={p.renter} /> paid <UserRef user={p.host} />
              </p>
              <p className="text-xs text-muted-foreground">
                Rent {formatUsd(p.amount)} + fee {formatUsd(p.platformFee)}
                {p.refundedAmount ? ` · refunded ${formatUsd(p.refundedAmount)}` : ''}
              </p>
            </div>
            {p.canRefund ? (
              <ActionButton
                variant="outline"
                className="ml-auto shrink-0"
                request={refundPayment({
                  id: p.id,
                  listingTitle: p.listingTitle || `listing #${p.listingId}`,
                  refundMax: p.total - p.refundedAmount,
                })}
              >
                Refund
              </ActionButton>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}

const FILTERS: { value: PaymentsFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'flagged', label: 'Flagged' },
];

// /admin/payments: flagged payments first, then the newest.
export function PaymentsScreen() {
  const [params, setParams] = useSearchParams();
  const filter: PaymentsFilter = params.get('filter') === 'flagged' ? 'flagged' : 'all';
  const page = pageParam(params);
  const payments = useAdminPayments(filter, page);
  const data = payments.data;
  return (
    <section aria-labelledby="admin-payments-heading">
      <ScreenHeader title="Payments" id="admin-payments-heading">
        <Segmented
          label="Which payments"
          value={filter}
          options={FILTERS}
          onChange={(v) => setParams(v === 'all' ? {} : { filter: v })}
        />
      </ScreenHeader>
      {data ? (
        <p className="mb-4 text-sm text-muted-foreground">
          {data.flaggedCount} flagged {data.flaggedCount === 1 ? 'payment' : 'payments'}, shown first
        </p>
      ) : null}
      <Loaded
        query={payments}
        isEmpty={!data?.items.length}
        empty={filter === 'flagged' ? 'No flagged payments.' : 'No payments yet.'}
      >
        {data ? <PaymentRows payments={data.items} /> : null}
        {data ? (
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(p) => setParams({ ...(filter === 'all' ? {} : { filter }), page: String(p) })}
          />
        ) : null}
      </Loaded>
    </section>
  );
}
