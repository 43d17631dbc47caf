import { Trans } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';

// Account Settings: everything we hold about the user, as one JSON file.
export function DataSettings() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Your data</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            A copy of your profile, listings, messages, reviews, bookings and payments, as a JSON file.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <a href="/api/user/export" download className={buttonVariants({ variant: 'outline' })}>
          <Download aria-hidden="true" /> <Trans>Download my data</Trans>
        </a>
      </CardContent>
    </Card>
  );
}
