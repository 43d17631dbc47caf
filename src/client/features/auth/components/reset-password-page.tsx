import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { usePageHead } from '#client/lib/head.ts';
import { resetPasswordSchema } from '#shared/account.ts';
import { useResetPassword } from '../api/auth.ts';

// The confirmation never leaves the browser.
const resetFormSchema = z
  .object({ password: resetPasswordSchema.shape.password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
type ResetForm = z.infer<typeof resetFormSchema>;

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

// /reset-password?token=: the link from the e-mail. A new password signs the user in.
export default function ResetPasswordPage() {
  const { t } = useLingui();
  usePageHead({
    title: t`Choose a new password`,
    description: t`Choose a new password for your Yardshare account.`,
    noindex: true,
    path: '/reset-password',
  });
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const reset = useResetPassword();
  const form = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight">
            <Trans>Choose a new password</Trans>
          </h1>
          <CardDescription>
            <Trans>You will be signed in with it, and signed out everywhere else.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          {token ? (
            <form
              className="space-y-4"
              noValidate
              onSubmit={form.handleSubmit(({ password }) => reset.mutate({ token, password }))}
            >
              <TextField
                id="reset-password"
                label={t`New password`}
                type="password"
                autoComplete="new-password"
                error={errors.password?.message}
                {...form.register('password')}
              />
              <TextField
                id="reset-confirm"
                label={t`Confirm new password`}
                type="password"
                autoComplete="new-password"
                error={errors.confirmPassword?.message}
                {...form.register('confirmPassword')}
              />
              {reset.isError ? (
                <p role="alert" className="text-sm text-destructive">
                  {errorMessage(reset.error, t`This link is not valid.`)}{' '}
                  <Link to="/auth?forgot" className={linkClass}>
                    <Trans>Ask for a new link</Trans>
                  </Link>
                </p>
              ) : null}
              <Button type="submit" className="w-full" disabled={reset.isPending}>
                {reset.isPending ? t`Saving...` : t`Set new password`}
              </Button>
            </form>
          ) : (
            <p role="alert">
              <Trans>
                This link is incomplete. Open the link from the e-mail again, or{' '}
                <Link to="/auth?forgot" className={linkClass}>
                  ask for a new one
                </Link>
                .
              </Trans>
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
