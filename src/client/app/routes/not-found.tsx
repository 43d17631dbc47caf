import { Trans, useLingui } from '@lingui/react/macro';
import { AlertCircle } from 'lucide-react';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { usePageHead } from '#client/lib/head.ts';

export default function NotFound() {
  const { t } = useLingui();
  usePageHead({ title: t`Page not found`, noindex: true });
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex gap-2">
            <AlertCircle aria-hidden="true" className="h-8 w-8 text-destructive" />
            <h1 className="text-2xl font-bold">
              <Trans>404 Page Not Found</Trans>
            </h1>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            <Trans>Did you forget to add the page to the router?</Trans>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
