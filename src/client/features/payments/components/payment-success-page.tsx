import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { usePageHead } from '#client/lib/head.ts';
import { useUser } from '#client/lib/session.ts';
import { cn } from '#client/lib/utils.ts';
import { formatUsd } from '#shared/money.ts';
import { paymentsQuery } from '../api/payments.ts';
import { STATUS_CLASSES, STATUS_LABELS } from './payment-format.ts';

// The success page never marks anything paid: it shows the latest payment's status from the server.
function LatestPayment() {
  const { data, isFetching, refetch } = useQuery(paymentsQuery);
  const latest = data?.asRenter[0];
  if (!latest) return null;
  return (
    <div className="rounded-lg border border-border bg-muted/50 p-4 text-left text-sm" aria-live="polite">
      <p className="text-muted-foreground">Your latest payment</p>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {latest.listingTitle} · {formatUsd(latest.total)}
        </span>
        <Badge className={cn(STATUS_CLASSES[latest.status])}>Status: {STATUS_LABELS[latest.status]}</Badge>
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
          Check again
        </Button>
      ) : null}
    </div>
  );
}

export default function PaymentSuccessPage() {
  usePageHead({
    title: 'Payment Successful!',
    description: 'Your payment was received. Details are sent by e-mail.',
    noindex: true,
  });
  const { user } = useUser();
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 pt-8 text-center">
          <CheckCircle2 aria-hidden="true" className="h-14 w-14 text-primary" />
          <h1 className="text-2xl font-bold">Payment Successful!</h1>
          <p className="text-muted-foreground">
            Thank you for your payment. The details have been sent to your e-mail.
          </p>
          <p className="text-sm text-muted-foreground">
            Your payment may take a few minutes to be confirmed on the blockchain. You can check its status in
            your payment history.
          </p>
          {user ? <LatestPayment /> : null}
          <div className="flex w-full flex-col gap-2 sm:flex-row">
            <Button asChild className="flex-1">
              <Link to="/">Return Home</Link>
            </Button>
            <Button asChild variant="outline" className="flex-1">
              <Link to="/profile">View Your Profile</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
