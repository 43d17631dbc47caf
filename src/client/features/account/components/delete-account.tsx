import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { deleteAccountSchema } from '#shared/account.ts';
import { useDeleteAccount } from '../api/account.ts';

const WHAT_HAPPENS = msg`Your profile and personal data are removed and your listings taken down. Payment records are kept without your personal data, as our Privacy Policy says. This cannot be undone.`;

// Account Settings: deletion, confirmed with the password in a dialog; then signed out.
export function DeleteAccount() {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const form = useForm<{ password: string }>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });
  const { errors } = form.formState;
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>
          <Trans>Delete account</Trans>
        </CardTitle>
        <CardDescription>{i18n._(WHAT_HAPPENS)}</CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) {
              form.reset();
              remove.reset();
            }
          }}
        >
          <DialogTrigger asChild>
            <Button variant="destructive">
              <Trash2 aria-hidden="true" /> <Trans>Delete account</Trans>
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogTitle className="text-lg font-semibold">
              <Trans>Delete your account?</Trans>
            </DialogTitle>
            <DialogDescription className="text-sm text-muted-foreground">
              {i18n._(WHAT_HAPPENS)}
            </DialogDescription>
            <form
              className="space-y-4"
              noValidate
              onSubmit={form.handleSubmit(({ password }) => remove.mutate(password))}
            >
              <TextField
                id="delete-account-password"
                label={t`Account password`}
                type="password"
                autoComplete="current-password"
                error={errors.password?.message}
                {...form.register('password')}
              />
              {remove.isError ? (
                <p role="alert" className="text-sm text-destructive">
                  {errorMessage(remove.error, t`Could not delete your account. Please try again.`)}
                </p>
              ) : null}
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <DialogClose asChild>
                  <Button type="button" variant="outline">
                    <Trans>Cancel</Trans>
                  </Button>
                </DialogClose>
                <Button type="submit" variant="destructive" disabled={remove.isPending}>
                  {remove.isPending ? <Trans>Deleting...</Trans> : <Trans>Delete my account</Trans>}
                </Button>
              </div>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
