import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { ConfirmDialog } from '#client/components/ui/dialog.tsx';
import { LoadError, SectionSpinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/lib/utils.ts';
import { PLATFORM_FEE_PERCENT } from '#shared/constants.ts';
import { formatUsd } from '#shared/money.ts';
import type { PaymentView } from '#shared/payments.ts';
import { paymentsQuery, useRefundPayment } from '../api/payments.ts';
import { formatDateTime, payoutText, STATUS_CLASSES, STATUS_LABELS } from './payment-format.ts';

function PaymentCard({ p, onRefund }: { p: PaymentView; onRefund: (p: PaymentView) => void }) {
  const payout = payoutText(p);
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
                {p.role === 'renter' ? `Host: ${p.counterpartName}` : `Renter: ${p.counterpartName}`} ·{' '}
                {formatDateTime(p.createdAt)}
              </p>
            </div>
            <Badge className={cn(STATUS_CLASSES[p.status])}>{STATUS_LABELS[p.status]}</Badge>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-muted-foreground">Monthly price</dt>
              <dd className="font-medium">{formatUsd(p.amount)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Service fee ({PLATFORM_FEE_PERCENT}%)</dt>
              <dd className="font-medium">{formatUsd(p.platformFee)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{p.role === 'renter' ? 'Total paid' : 'Renter paid'}</dt>
              <dd className="font-medium">{formatUsd(p.total)}</dd>
            </div>
            {p.role === 'host' ? (
              <div>
                <dt className="text-muted-foreground">Your payout</dt>
                <dd className="font-medium">{formatUsd(p.amount)}</dd>
              </div>
            ) : null}
          </dl>
          {payout ? (
            <p className="text-sm" data-testid="payout">
              <span className="font-medium">Payout:</span> {payout.label}
              {payout.at ? (
                <>
                  {' '}
                  <time dateTime={payout.at}>{formatDateTime(payout.at)}</time>
                </>
              ) : null}
            </p>
          ) : null}
          {p.flagged && p.status !== 'completed' ? (
            <p className="flex items-center gap-2 text-sm text-amber-900">
              <AlertTriangle aria-hidden="true" className="h-4 w-4" />
              Under review: the full amount has not been confirmed yet.
            </p>
          ) : null}
          {p.status === 'pending' && p.hostedUrl ? (
            <p className="text-sm text-muted-foreground">
              Waiting for the payment to be confirmed.{' '}
              <a href={p.hostedUrl} className="font-medium text-primary underline-offset-4 hover:underline">
                Continue payment
              </a>
            </p>
          ) : null}
          {p.canRefund ? (
            <Button variant="outline" size="sm" onClick={() => onRefund(p)}>
              Refund renter
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
  const { data, isLoading, error } = useQuery(paymentsQuery);
  const refund = useRefundPayment();
  const [confirming, setConfirming] = useState<PaymentView | null>(null);

  if (isLoading) return <SectionSpinner />;
  if (error || !data) return <LoadError what="payments" />;
  if (!data.asRenter.length && !data.asHost.length) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <Receipt aria-hidden="true" className="h-10 w-10 text-muted-foreground" />
          <p className="font-medium">No payments yet</p>
          <p className="text-sm text-muted-foreground">
            Rentals you pay for and payments for your spaces show up here.
          </p>
          <Button asChild variant="outline">
            <Link to="/listings">Browse Listings</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="space-y-8">
      <Section
        title="Payments you made"
        items={data.asRenter}
        empty="You have not paid for a rental yet."
        onRefund={setConfirming}
      />
      <Section
        title="Payments for your spaces"
        items={data.asHost}
        empty="No payments for your spaces yet."
        onRefund={setConfirming}
      />
      <p className="text-xs text-muted-foreground">
        Payments are held until 24 hours after the rental period begins, then released to the host.
      </p>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title="Refund this payment?"
        description={
          confirming
            ? `${confirming.counterpartName} gets back ${formatUsd(confirming.total)} for ${confirming.listingTitle}. This cannot be undone.`
            : ''
        }
        confirmLabel="Refund"
        onConfirm={() => {
          if (confirming) refund.mutate(confirming.id);
          setConfirming(null);
        }}
      />
    </div>
  );
}
