import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { usePageHead } from '#client/lib/head.ts';
import { useUser } from '#client/lib/session.ts';
import { PaidBooking } from './paid-booking.tsx';

// The return URL names the booking paid (?booking=<id>); anything else shows only the spec's texts.
function bookingParam(value: string | null): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

export default function PaymentSuccessPage() {
  const { t } = useLingui();
  usePageHead({
    title: t`Payment Successful!`,
    description: t`Your payment was received. Details are sent by e-mail.`,
    noindex: true,
  });
  const { user } = useUser();
  const [params] = useSearchParams();
  const bookingId = bookingParam(params.get('booking'));
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
          {user && bookingId ? <PaidBooking bookingId={bookingId} /> : null}
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
