import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { formatDateTime, formatMoney } from '#client/lib/format.ts';
import { cn } from '#client/lib/utils.ts';
import type { AdminPayment } from '#shared/moderation.ts';
import type { PaymentStatus } from '#shared/payments.ts';
import { type PaymentsFilter, useAdminPayments } from '../api/admin.ts';
import { ActionButton } from './action-dialog.tsx';
import { refundPayment } from './actions.ts';
import { PAYMENT_STATUS_TEXT, PAYOUT_TEXT } from './labels.ts';
import { Loaded, Pager, pageParam, ScreenHeader, Segmented, UserRef } from './parts.tsx';

const STATUS_CLASS: Record<PaymentStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  completed: 'bg-accent text-accent-foreground',
  failed: 'bg-red-100 text-red-900',
  refunded: 'bg-secondary text-secondary-foreground',
};

// Payments with their state; flagged ones (underpaid, mismatched, a refund that did not go
// through) stand out, and a refundable one has the refund action.
export function PaymentRows({ payments }: { payments: AdminPayment[] }) {
  return (
    <Card>
      <ul className="divide-y divide-border">
        {payments.map((p) => (
          <PaymentRow key={p.id} p={p} />
        ))}
      </ul>
    </Card>
  );
}

function PaymentRow({ p }: { p: AdminPayment }) {
  const { t, i18n } = useLingui();
  const money = (cents: number) => formatMoney(cents, i18n.locale);
  const payout = PAYOUT_TEXT[p.payout];
  const reason = p.flaggedReason;
  const id = p.listingId;
  const bookingId = p.bookingId;
  const rent = money(p.amount);
  const fee = money(p.platformFee);
  const refunded = money(p.refundedAmount);
  return (
    <li
      className={cn(
        'flex flex-wrap items-start gap-3 px-4 py-3 sm:flex-nowrap',
        p.flagged && 'bg-amber-50/70',
      )}
      data-testid="admin-payment"
    >
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{money(p.total)}</span>
          <Badge className={STATUS_CLASS[p.status]}>{i18n._(PAYMENT_STATUS_TEXT[p.status])}</Badge>
          {payout && p.payout !== 'refunded' ? (
            <span className="text-xs text-muted-foreground">{i18n._(payout)}</span>
          ) : null}
          {p.flagged ? (
            <Badge className="bg-amber-200 text-amber-950">
              <TriangleAlert aria-hidden="true" className="mr-1 h-3 w-3" />
              {reason ? t`Flagged: ${reason}` : t`Flagged`}
            </Badge>
          ) : null}
        </p>
        <p className="text-xs text-muted-foreground">
          #{p.id} · {p.listingTitle || t`Listing #${id}`}
          {bookingId ? ` · ${t`booking #${bookingId}`}` : ''} · {p.provider} ·{' '}
          {formatDateTime(p.createdAt, i18n.locale)}
        </p>
        <p className="text-xs text-muted-foreground">
          <Trans>
            <UserRef user={p.renter} /> paid <UserRef user={p.host} />
          </Trans>
        </p>
        <p className="text-xs text-muted-foreground">
          <Trans>
            Rent {rent} + fee {fee}
          </Trans>
          {p.refundedAmount ? ` · ${t`refunded ${refunded}`}` : ''}
        </p>
      </div>
      {p.canRefund ? (
        <ActionButton
          variant="outline"
          className="ml-auto shrink-0"
          request={refundPayment({
            id: p.id,
            listingTitle: p.listingTitle || t`listing #${id}`,
            refundMax: p.total - p.refundedAmount,
          })}
        >
          <Trans>Refund</Trans>
        </ActionButton>
      ) : null}
    </li>
  );
}

const FILTERS: { value: PaymentsFilter; label: MessageDescriptor }[] = [
  // Explicit ids: the filters' words are not the badges' in every language.
  { value: 'all', label: msg({ id: 'admin.payments.filter.all', message: 'All' }) },
  { value: 'flagged', label: msg({ id: 'admin.payments.filter.flagged', message: 'Flagged' }) },
];

// /admin/payments: flagged payments first, then the newest.
export function PaymentsScreen() {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const filter: PaymentsFilter = params.get('filter') === 'flagged' ? 'flagged' : 'all';
  const page = pageParam(params);
  const payments = useAdminPayments(filter, page);
  const data = payments.data;
  const flaggedCount = data?.flaggedCount ?? 0;
  return (
    <section aria-labelledby="admin-payments-heading">
      <ScreenHeader title={t`Payments`} id="admin-payments-heading">
        <Segmented
          label={t`Which payments`}
          value={filter}
          options={FILTERS.map((o) => ({ value: o.value, label: i18n._(o.label) }))}
          onChange={(v) => setParams(v === 'all' ? {} : { filter: v })}
        />
      </ScreenHeader>
      {data ? (
        <p className="mb-4 text-sm text-muted-foreground">
          <Plural
            value={flaggedCount}
            one="# flagged payment, shown first"
            other="# flagged payments, shown first"
          />
        </p>
      ) : null}
      <Loaded
        query={payments}
        isEmpty={!data?.items.length}
        empty={filter === 'flagged' ? t`No flagged payments.` : t`No payments yet.`}
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
