import { Trans } from '@lingui/react/macro';
import { Camera, Trash2 } from 'lucide-react';
import { UserAvatar } from '#client/components/ui/avatar.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { useUser } from '#client/lib/session.ts';
import { cn } from '#client/lib/utils.ts';
import { useRemoveAvatar, useSetAvatar } from '../api/account.ts';

// Account Settings: the profile photo, uploaded like listing photos and cropped square.
export function ProfilePhotoSettings() {
  const { user } = useUser();
  const upload = useSetAvatar();
  const remove = useRemoveAvatar();
  if (!user) return null;
  const busy = upload.isPending || remove.isPending;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Profile photo</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>A JPEG, PNG or WebP image up to 5MB. We crop it to a square.</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-4">
        <UserAvatar user={user} className="h-20 w-20 text-2xl" />
        <div className="flex flex-wrap gap-2">
          <label
            className={cn(
              buttonVariants({ variant: 'outline' }),
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              busy && 'pointer-events-none opacity-60',
            )}
          >
            <Camera aria-hidden="true" />
            {upload.isPending ? (
              <Trans>Uploading...</Trans>
            ) : user.avatar ? (
              <Trans>Change photo</Trans>
            ) : (
              <Trans>Upload photo</Trans>
            )}
            <input
              type="file"
              accept="image/*"
              className="sr-only"
              disabled={busy}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) upload.mutate(file);
              }}
            />
          </label>
          {user.avatar ? (
            <Button variant="ghost" disabled={busy} onClick={() => remove.mutate()}>
              <Trash2 aria-hidden="true" />{' '}
              {remove.isPending ? <Trans>Removing...</Trans> : <Trans>Remove photo</Trans>}
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
