import { Trans, useLingui } from '@lingui/react/macro';
import { XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { usePageHead } from '#client/lib/head.ts';

export default function PaymentCancelPage() {
  const { t } = useLingui();
  usePageHead({
    title: t`Payment Cancelled`,
    description: t`Your payment was cancelled. No charges were made.`,
    noindex: true,
  });
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 pt-8 text-center">
          <XCircle aria-hidden="true" className="h-14 w-14 text-destructive" />
          <h1 className="text-2xl font-bold">
            <Trans>Payment Cancelled</Trans>
          </h1>
          <p className="text-muted-foreground">
            <Trans>Your payment was cancelled and no charges were made.</Trans>
          </p>
          <p className="text-sm text-muted-foreground">
            <Trans>
              If you had any issues with the payment, please{' '}
              <Link to="/contact" className="font-medium text-primary underline-offset-4 hover:underline">
                contact support
              </Link>
              .
            </Trans>
          </p>
          <div className="flex w-full flex-col gap-2 sm:flex-row">
            <Button asChild className="flex-1">
              <Link to="/">
                <Trans>Return Home</Trans>
              </Link>
            </Button>
            <Button asChild variant="outline" className="flex-1">
              <Link to="/listings">
                <Trans>Browse Listings</Trans>
              </Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
