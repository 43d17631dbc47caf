import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { useUser } from '#client/lib/session.ts';
import { updateProfileSchema } from '#shared/auth.ts';
import { useUpdateProfile } from '../api/profile.ts';

const settingsSchema = z.object({
  name: z.string().trim().min(1, 'Full name is required').max(100),
  bio: z.string().max(1000, 'Bio must be at most 1000 characters'),
});

// The profile's 'Account Settings' tab: name and bio (the e-mail, password and the rest have their
// own sections beside it).
export function AccountSettings() {
  const { t } = useLingui();
  const { user } = useUser();
  const save = useUpdateProfile();
  const form = useForm<z.infer<typeof settingsSchema>>({
    resolver: zodResolver(settingsSchema),
    values: { name: user?.name ?? '', bio: user?.bio ?? '' },
  });
  if (!user) return null;
  const { errors } = form.formState;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Account Settings</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Your username cannot be changed.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-4"
          noValidate
          onSubmit={form.handleSubmit((v) => save.mutate(updateProfileSchema.parse(v)))}
        >
          <TextField id="settings-username" label={t`Username`} value={user.username} readOnly disabled />
          <TextField
            id="settings-name"
            label={t`Full Name`}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextAreaField
            id="settings-bio"
            label={t`Bio`}
            error={errors.bio?.message}
            rows={4}
            placeholder={t`Tell hosts and growers about yourself`}
            {...form.register('bio')}
          />
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t`Saving...` : t`Save Changes`}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
