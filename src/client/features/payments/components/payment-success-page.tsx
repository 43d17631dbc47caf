import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { formatMoney } from '#client/lib/format.ts';
import { usePageHead } from '#client/lib/head.ts';
import { useUser } from '#client/lib/session.ts';
import { cn } from '#client/lib/utils.ts';
import { paymentsQuery } from '../api/payments.ts';
import { STATUS_CLASSES, STATUS_LABELS } from './payment-format.ts';

// The success page never marks anything paid: it shows the latest payment's status from the server.
function LatestPayment() {
  const { i18n } = useLingui();
  const { data, isFetching, refetch } = useQuery(paymentsQuery);
  const latest = data?.asRenter[0];
  if (!latest) return null;
  const status = i18n._(STATUS_LABELS[latest.status]);
  return (
    <div className="rounded-lg border border-border bg-muted/50 p-4 text-left text-sm" aria-live="polite">
      <p className="text-muted-foreground">
        <Trans>Your latest payment</Trans>
      </p>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {latest.listingTitle} · {formatMoney(latest.total, i18n.locale)}
        </span>
        <Badge className={cn(STATUS_CLASSES[latest.status])}>
          <Trans>Status: {status}</Trans>
        </Badge>
      </div>
      {latest.status === 'pending' ? (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2 px-2"
          onClick={() => refetch()}
          disabled={isFetching}
        >
          <RefreshCw aria-hidden="true" className={cn(isFetching && 'animate-spin')} />
          <Trans>Check again</Trans>
        </Button>
      ) : null}
    </div>
  );
}

export default function PaymentSuccessPage() {
  const { t } = useLingui();
  usePageHead({
    title: t`Payment Successful!`,
    description: t`Your payment was received. Details are sent by e-mail.`,
    noindex: true,
  });
  const { user } = useUser();
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 pt-8 text-center">
          <CheckCircle2 aria-hidden="true" className="h-14 w-14 text-primary" />
          <h1 className="text-2xl font-bold">
            <Trans>Payment Successful!</Trans>
          </h1>
          <p className="text-muted-foreground">
            <Trans>Thank you for your payment. The details have been sent to your e-mail.</Trans>
          </p>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Your payment may take a few minutes to be confirmed on the blockchain. You can check its status
              in your payment history.
            </Trans>
          </p>
          {user ? <LatestPayment /> : null}
          <div className="flex w-full flex-col gap-2 sm:flex-row">
            <Button asChild className="flex-1">
              <Link to="/">
                <Trans>Return Home</Trans>
              </Link>
            </Button>
            <Button asChild variant="outline" className="flex-1">
              <Link to="/profile">
                <Trans>View Your Profile</Trans>
              </Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
