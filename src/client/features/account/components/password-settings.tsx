import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { changePasswordSchema } from '#shared/account.ts';
import { useChangePassword } from '../api/account.ts';

// The confirmation never leaves the browser.
const passwordFormSchema = (mismatch: string) =>
  changePasswordSchema
    .extend({ confirmPassword: z.string() })
    .refine((v) => v.newPassword === v.confirmPassword, { message: mismatch, path: ['confirmPassword'] });
type PasswordForm = z.infer<ReturnType<typeof passwordFormSchema>>;

// Account Settings: a new password, given the current one. Other sessions end.
export function PasswordSettings() {
  const { t } = useLingui();
  const change = useChangePassword();
  const mismatch = t`Passwords do not match`;
  const form = useForm<PasswordForm>({
    resolver: zodResolver(passwordFormSchema(mismatch)),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Password</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Changing it signs you out on your other devices.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-4"
          noValidate
          aria-label={t`Change password`}
          onSubmit={form.handleSubmit(({ confirmPassword: _, ...input }) =>
            change.mutate(input, { onSuccess: () => form.reset() }),
          )}
        >
          <TextField
            id="current-password"
            label={t`Current password`}
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <TextField
            id="new-password"
            label={t`New password`}
            type="password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <TextField
            id="confirm-new-password"
            label={t`Confirm new password`}
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? <Trans>Changing...</Trans> : <Trans>Change password</Trans>}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
