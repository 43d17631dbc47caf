import { Trans, useLingui } from '@lingui/react/macro';
import { AlertCircle, Home, Search } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { usePageHead } from '#client/lib/head.ts';

// The spec's two lines, then a way on: home or the listings.
export default function NotFound() {
  const { t } = useLingui();
  usePageHead({ title: t`Page not found`, noindex: true });
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex gap-2">
            <AlertCircle aria-hidden="true" className="h-8 w-8 shrink-0 text-destructive" />
            <h1 className="text-2xl font-bold">
              <Trans>404 Page Not Found</Trans>
            </h1>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            <Trans>Did you forget to add the page to the router?</Trans>
          </p>
          <p className="mt-4">
            <Trans>The page you are looking for does not exist or has moved.</Trans>
          </p>
          <nav aria-label={t`Where to go next`} className="mt-6 flex flex-wrap gap-3">
            <Button asChild>
              <Link to="/">
                <Home aria-hidden="true" /> <Trans>Go to the home page</Trans>
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/listings">
                <Search aria-hidden="true" /> <Trans>Browse all listings</Trans>
              </Link>
            </Button>
          </nav>
        </CardContent>
      </Card>
    </div>
  );
}
