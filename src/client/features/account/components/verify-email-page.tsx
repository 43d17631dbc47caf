import { Trans, useLingui } from '@lingui/react/macro';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { usePageHead } from '#client/lib/head.ts';
import { useUser } from '#client/lib/session.ts';
import { NEXT_PARAM, safeNextPath } from '#shared/return-path.ts';
import { useResendVerification, useVerifyEmail } from '../api/account.ts';

// /verify-email?token=: the link from the e-mail. The token is posted once, when the page opens.
export default function VerifyEmailPage() {
  const { t } = useLingui();
  usePageHead({
    title: t`Confirm your e-mail address`,
    description: t`Confirm the e-mail address of your Yardshare account.`,
    noindex: true,
    path: '/verify-email',
  });
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  // The page the account was registered from (a same-site path only), where the visitor goes on.
  const next = safeNextPath(params.get(NEXT_PARAM));
  const { user } = useUser();
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const posted = useRef(false);
  const { mutate } = verify;
  useEffect(() => {
    if (!token || posted.current) return;
    posted.current = true;
    mutate(token);
  }, [token, mutate]);

  const failure = !token
    ? t`This link is incomplete. Open the link from the e-mail again, or ask for a new one.`
    : verify.isError
      ? errorMessage(verify.error, t`This link is not valid.`)
      : null;

  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <Card>
        <CardContent className="flex flex-col items-center gap-4 pt-8 text-center">
          <h1 className="text-2xl font-bold">
            <Trans>Confirm your e-mail address</Trans>
          </h1>
          {failure ? (
            <>
              <CircleAlert aria-hidden="true" className="h-10 w-10 text-destructive" />
              <p role="alert">{failure}</p>
              {user && !user.emailVerified ? (
                <Button disabled={resend.isPending || resend.isSuccess} onClick={() => resend.mutate()}>
                  {resend.isSuccess ? <Trans>Link sent</Trans> : <Trans>Resend verification e-mail</Trans>}
                </Button>
              ) : !user ? (
                <p className="text-sm text-muted-foreground">
                  <Trans>
                    <Link to="/auth" className="font-medium text-primary underline-offset-4 hover:underline">
                      Sign in
                    </Link>{' '}
                    to ask for a new link.
                  </Trans>
                </p>
              ) : null}
            </>
          ) : verify.isSuccess ? (
            <>
              <CircleCheck aria-hidden="true" className="h-10 w-10 text-primary" />
              <p role="status">
                <Trans>Your e-mail address is confirmed.</Trans>
              </p>
              <Button asChild>
                {next ? (
                  <Link to={next}>
                    <Trans>Continue where you left off</Trans>
                  </Link>
                ) : (
                  <Link to="/">
                    <Trans>Go to Yardshare</Trans>
                  </Link>
                )}
              </Button>
            </>
          ) : (
            <Spinner label={t`Confirming your e-mail address`} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
