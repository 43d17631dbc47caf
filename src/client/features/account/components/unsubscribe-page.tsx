import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { BellOff, CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { usePageHead } from '#client/lib/head.ts';
import { unsubscribeQuery, useUnsubscribe } from '../api/account.ts';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

// /unsubscribe?token=: the link at the foot of every e-mail. It says what it would stop; the button
// does it (a GET alone changes nothing, so mail scanners following links unsubscribe nobody).
export default function UnsubscribePage() {
  const { t } = useLingui();
  usePageHead({
    title: t`Unsubscribe`,
    description: t`Stop a kind of e-mail from Yardshare.`,
    noindex: true,
    path: '/unsubscribe',
  });
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const about = useQuery({ ...unsubscribeQuery(token), enabled: token !== '' });
  const unsubscribe = useUnsubscribe(token);

  let body: ReactNode;
  if (!token) body = <Failure message={t`This link is incomplete. Open the link from the e-mail again.`} />;
  else if (unsubscribe.isSuccess)
    body = (
      <>
        <CircleCheck aria-hidden="true" className="h-10 w-10 text-primary" />
        <p role="status">{unsubscribe.data.message}</p>
        <p className="text-sm text-muted-foreground">
          <Trans>
            You can change what reaches you by e-mail at any time in your{' '}
            <Link to="/profile" className={linkClass}>
              Account Settings
            </Link>
            .
          </Trans>
        </p>
      </>
    );
  else if (about.isPending) body = <Spinner />;
  else if (about.isError) body = <Failure message={errorMessage(about.error, t`This link is not valid.`)} />;
  else
    body = (
      <>
        <BellOff aria-hidden="true" className="h-10 w-10 text-primary" />
        <p>{about.data.message}</p>
        {unsubscribe.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(unsubscribe.error, t`Could not unsubscribe. Please try again.`)}
          </p>
        ) : null}
        <Button disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
          {unsubscribe.isPending ? <Trans>Unsubscribing...</Trans> : <Trans>Unsubscribe</Trans>}
        </Button>
      </>
    );

  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <Card>
        <CardContent className="flex flex-col items-center gap-4 pt-8 text-center">
          <h1 className="text-2xl font-bold">
            <Trans>Unsubscribe</Trans>
          </h1>
          {body}
        </CardContent>
      </Card>
    </div>
  );
}

function Failure({ message }: { message: string }) {
  return (
    <>
      <CircleAlert aria-hidden="true" className="h-10 w-10 text-destructive" />
      <p role="alert">{message}</p>
    </>
  );
}
