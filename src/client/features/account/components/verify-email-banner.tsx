import { Trans, useLingui } from '@lingui/react/macro';
import { MailWarning } from 'lucide-react';
import { useLocation } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { useUser } from '#client/lib/session.ts';
import { useResendVerification } from '../api/resend-verification.ts';

// Under the header while the signed-in user's address is unconfirmed. On the create-listing page it
// also says why it matters there: publishing needs a confirmed address.
export function VerifyEmailBanner() {
  const { t } = useLingui();
  const { user } = useUser();
  const { pathname } = useLocation();
  const resend = useResendVerification();
  // Only a definite false: an answer without the field shows no banner.
  if (user?.emailVerified !== false) return null;
  const email = user.email;
  return (
    <section
      aria-label={t`E-mail confirmation`}
      className="border-b border-amber-200 bg-amber-50 text-amber-950"
      data-testid="verify-email-banner"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center sm:gap-4">
        <MailWarning aria-hidden="true" className="hidden h-5 w-5 shrink-0 text-amber-800 sm:block" />
        <div className="flex-1">
          <p>
            <Trans>
              Please confirm your e-mail address: we sent a link to{' '}
              <span className="font-semibold break-all">{email}</span>.
            </Trans>
          </p>
          {pathname === '/create-listing' ? (
            <p className="mt-1 font-semibold">
              <Trans>You can publish a listing once your e-mail address is confirmed.</Trans>
            </p>
          ) : null}
        </div>
        <Button
          size="sm"
          variant="outline"
          className="self-start border-amber-300 bg-white sm:self-auto"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? <Trans>Sending...</Trans> : <Trans>Resend link</Trans>}
        </Button>
      </div>
    </section>
  );
}
