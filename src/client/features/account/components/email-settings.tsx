import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck, MailWarning } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { useUser } from '#client/lib/session.ts';
import { changeEmailSchema } from '#shared/account.ts';
import { type ChangeEmailInput, useChangeEmail, useResendVerification } from '../api/account.ts';

// Account Settings: the address, whether it is confirmed, and a change (confirmed from the new inbox).
export function EmailSettings() {
  const { t } = useLingui();
  const { user } = useUser();
  const resend = useResendVerification();
  const change = useChangeEmail();
  const form = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { email: '', password: '' },
  });
  if (!user) return null;
  const { errors } = form.formState;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>E-mail</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Where we send booking, payment and message e-mails.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <span className="font-medium break-all" data-testid="account-email">
            {user.email}
          </span>
          {user.emailVerified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground">
              <CircleCheck aria-hidden="true" className="h-3.5 w-3.5" /> <Trans>Confirmed</Trans>
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
              <MailWarning aria-hidden="true" className="h-3.5 w-3.5" /> <Trans>Not confirmed yet</Trans>
            </span>
          )}
        </div>
        {user.emailVerified ? null : (
          <Button variant="outline" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? <Trans>Sending...</Trans> : <Trans>Resend verification e-mail</Trans>}
          </Button>
        )}
        <form
          className="space-y-4 border-t border-border pt-6"
          noValidate
          aria-label={t`Change e-mail address`}
          onSubmit={form.handleSubmit((v) => change.mutate(v, { onSuccess: () => form.reset() }))}
        >
          <h4 className="font-semibold">
            <Trans>Change e-mail address</Trans>
          </h4>
          <TextField
            id="change-email"
            label={t`New e-mail address`}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextField
            id="change-email-password"
            label={t`Your password`}
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? <Trans>Sending link...</Trans> : <Trans>Change e-mail</Trans>}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
