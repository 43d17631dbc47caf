import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { LoadError, SectionSpinner } from '#client/components/ui/spinner.tsx';
import {
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '#shared/notification-kinds.ts';
import { useNotificationPrefs, useUpdateNotificationPrefs } from '../api/notifications.ts';
import { KIND_LABELS } from './kind-labels.ts';

type EmailChoices = Partial<Record<NotificationKind, boolean>>;

// Account Settings: per kind, in the app always, and by e-mail when ticked.
export function NotificationSettings() {
  const { t, i18n } = useLingui();
  const prefs = useNotificationPrefs();
  const save = useUpdateNotificationPrefs();
  // The user's unsaved changes over what the server has.
  const [changes, setChanges] = useState<EmailChoices>({});
  const saved = prefs.data?.email;
  const checked = (k: NotificationKind) => changes[k] ?? saved?.[k] ?? NOTIFICATION_KIND_INFO[k].email;
  const dirty = Object.entries(changes).some(([k, v]) => saved?.[k as NotificationKind] !== v);

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Notifications</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            You always see notifications in the app, under the bell. Choose which ones also reach you by
            e-mail.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {prefs.isPending ? (
          <SectionSpinner />
        ) : prefs.isError ? (
          <LoadError what="notification settings" />
        ) : (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate(changes, { onSuccess: () => setChanges({}) });
            }}
          >
            <ul className="divide-y divide-border rounded-lg border border-border">
              {NOTIFICATION_KINDS.map((k) => {
                const label = i18n._(KIND_LABELS[k]);
                return (
                  <li key={k} className="flex items-center gap-4 px-4 py-3">
                    <span className="min-w-0 flex-1 text-sm font-medium">{label}</span>
                    <label className="flex shrink-0 cursor-pointer items-center gap-2 text-sm text-muted-foreground">
                      <input
                        type="checkbox"
                        className="h-4 w-4 cursor-pointer accent-primary"
                        checked={checked(k)}
                        onChange={(e) => setChanges((c) => ({ ...c, [k]: e.target.checked }))}
                      />
                      <Trans>
                        <span className="sr-only">{label}: </span>
                        Also by e-mail
                      </Trans>
                    </label>
                  </li>
                );
              })}
            </ul>
            <Button type="submit" className="mt-4" disabled={!dirty || save.isPending}>
              {save.isPending ? t`Saving...` : t`Save notification settings`}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
