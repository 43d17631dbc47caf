import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { ConfirmDialog } from '#client/components/ui/dialog.tsx';
import { LoadError, SectionSpinner } from '#client/components/ui/spinner.tsx';
import { formatMoney } from '#client/lib/format.ts';
import { useHoldText } from '#client/lib/payment-terms.ts';
import { cn } from '#client/lib/utils.ts';
import { PLATFORM_FEE_PERCENT } from '#shared/constants.ts';
import type { PaymentView } from '#shared/payments.ts';
import { paymentsQuery, useRefundPayment } from '../api/payments.ts';
import { formatDateTime, payoutText, STATUS_CLASSES, STATUS_LABELS } from './payment-format.ts';

function PaymentCard({ p, onRefund }: { p: PaymentView; onRefund: (p: PaymentView) => void }) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const payout = payoutText(p, i18n);
  const name = p.counterpartName;
  const hostedUrl = p.hostedUrl ?? undefined;
  const fee = PLATFORM_FEE_PERCENT;
  return (
    <li>
      <Card data-testid={`payment-${p.id}`}>
        <CardContent className="space-y-3 pt-5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <Link to={`/listings/${p.listingId}`} className="font-semibold hover:underline">
                {p.listingTitle}
              </Link>
              <p className="text-sm text-muted-foreground">
                {p.role === 'renter' ? <Trans>Host: {name}</Trans> : <Trans>Renter: {name}</Trans>} ·{' '}
                {formatDateTime(p.createdAt, locale)}
              </p>
            </div>
            <Badge className={cn(STATUS_CLASSES[p.status])}>{i18n._(STATUS_LABELS[p.status])}</Badge>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-muted-foreground">
                <Trans>Monthly price</Trans>
              </dt>
              <dd className="font-medium">{formatMoney(p.amount, locale)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">
                <Trans>Service fee ({fee}%)</Trans>
              </dt>
              <dd className="font-medium">{formatMoney(p.platformFee, locale)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">
                {p.role === 'renter' ? <Trans>Total paid</Trans> : <Trans>Renter paid</Trans>}
              </dt>
              <dd className="font-medium">{formatMoney(p.total, locale)}</dd>
            </div>
            {p.role === 'host' ? (
              <div>
                <dt className="text-muted-foreground">
                  <Trans>Your payout</Trans>
                </dt>
                <dd className="font-medium">{formatMoney(p.amount, locale)}</dd>
              </div>
            ) : null}
          </dl>
          {payout ? (
            <p className="text-sm" data-testid="payout">
              <span className="font-medium">
                <Trans>Payout:</Trans>
              </span>{' '}
              {payout.label}
              {payout.at ? (
                <>
                  {' '}
                  <time dateTime={payout.at}>{formatDateTime(payout.at, locale)}</time>
                </>
              ) : null}
            </p>
          ) : null}
          {p.flagged && p.status !== 'completed' ? (
            <p className="flex items-center gap-2 text-sm text-amber-900">
              <AlertTriangle aria-hidden="true" className="h-4 w-4" />
              <Trans>Under review: the full amount has not been confirmed yet.</Trans>
            </p>
          ) : null}
          {p.status === 'pending' && p.hostedUrl ? (
            <p className="text-sm text-muted-foreground">
              <Trans>
                Waiting for the payment to be confirmed.{' '}
                <a href={hostedUrl} className="font-medium text-primary underline-offset-4 hover:underline">
                  Continue payment
                </a>
              </Trans>
            </p>
          ) : null}
          {p.canRefund ? (
            <Button variant="outline" size="sm" onClick={() => onRefund(p)}>
              <Trans>Refund renter</Trans>
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}

function Section({
  title,
  items,
  empty,
  onRefund,
}: {
  title: string;
  items: PaymentView[];
  empty: string;
  onRefund: (p: PaymentView) => void;
}) {
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      {items.length ? (
        <ul className="space-y-3">
          {items.map((p) => (
            <PaymentCard key={`${p.role}-${p.id}`} p={p} onRefund={onRefund} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{empty}</p>
      )}
    </section>
  );
}

// The signed-in user's payment history, as renter and as host.
export function PaymentsTab() {
  const hold = useHoldText();
  const { t, i18n } = useLingui();
  const { data, isLoading, error } = useQuery(paymentsQuery);
  const refund = useRefundPayment();
  const [confirming, setConfirming] = useState<PaymentView | null>(null);

  const refundText = (p: PaymentView) => {
    const name = p.counterpartName;
    const amount = formatMoney(p.total, i18n.locale);
    const title = p.listingTitle;
    return t`${name} gets back ${amount} for ${title}. This cannot be undone.`;
  };

  if (isLoading) return <SectionSpinner />;
  if (error || !data) return <LoadError what="payments" />;
  if (!data.asRenter.length && !data.asHost.length) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <Receipt aria-hidden="true" className="h-10 w-10 text-muted-foreground" />
          <p className="font-medium">
            <Trans>No payments yet</Trans>
          </p>
          <p className="text-sm text-muted-foreground">
            <Trans>Rentals you pay for and payments for your spaces show up here.</Trans>
          </p>
          <Button asChild variant="outline">
            <Link to="/listings">
              <Trans>Browse Listings</Trans>
            </Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="space-y-8">
      <Section
        title={t`Payments you made`}
        items={data.asRenter}
        empty={t`You have not paid for a rental yet.`}
        onRefund={setConfirming}
      />
      <Section
        title={t`Payments for your spaces`}
        items={data.asHost}
        empty={t`No payments for your spaces yet.`}
        onRefund={setConfirming}
      />
      {hold ? (
        <p className="text-xs text-muted-foreground">
          <Trans>
            Payments are held until {hold} after the rental period begins, then released to the host.
          </Trans>
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={t`Refund this payment?`}
        description={confirming ? refundText(confirming) : ''}
        confirmLabel={t`Refund`}
        onConfirm={() => {
          if (confirming) refund.mutate(confirming.id);
          setConfirming(null);
        }}
      />
    </div>
  );
}
