import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarSync, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Input, Label } from '#client/components/ui/input.tsx';
import { apiQuery, apiRequest, errorMessage, readJson } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';

const userCalendarQuery = apiQuery(['/api/users/me/calendar'], 'userCalendar');

// A new secret address; the old one stops working at once.
function useResetUserCalendar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      readJson(await apiRequest('POST', '/api/users/me/calendar/reset'), 'userCalendar'),
    onSuccess: (data) => qc.setQueryData(userCalendarQuery.queryKey, data),
  });
}

// The grower's own feed (ADR 048): their stays in the calendar on their phone. The secret address
// is fetched only when asked for.
export function CalendarFeed() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const { data, error, isLoading } = useQuery({ ...userCalendarQuery, enabled: open });
  const reset = useResetUserCalendar();
  if (!open)
    return (
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        <CalendarSync className="size-4" aria-hidden />
        <Trans>Your stays in your calendar</Trans>
      </Button>
    );
  if (isLoading) return null;
  if (error || !data)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(error, t`Could not load the calendar`)}
      </p>
    );
  return (
    <div className="space-y-1.5 rounded-lg border border-border p-3">
      <Label htmlFor="my-calendar-url">
        <Trans>Your calendar address</Trans>
      </Label>
      <p className="text-sm text-muted-foreground">
        <Trans>Subscribe to it in your phone's calendar to see your stays. Keep it private.</Trans>
      </p>
      <p className="text-sm text-muted-foreground">
        <Trans>
          If someone else may have it, reset it: the old address stops working. Changing your password resets
          it too.
        </Trans>
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id="my-calendar-url" readOnly value={data.url} className="font-mono text-xs" />
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              navigator.clipboard
                ?.writeText(data.url)
                .then(() => toast({ title: t`Calendar address copied` }))
                .catch(() => toast({ title: t`Could not copy the address`, variant: 'destructive' }))
            }
          >
            <Trans>Copy</Trans>
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={reset.isPending}
            onClick={() => {
              if (!window.confirm(t`Make a new address? The old one stops working at once.`)) return;
              reset.mutate(undefined, {
                onSuccess: () => toast({ title: t`New calendar address made` }),
                onError: (err) =>
                  toast({ title: errorMessage(err, t`Please try again`), variant: 'destructive' }),
              });
            }}
          >
            <RefreshCw className="size-4" aria-hidden />
            <Trans>Reset</Trans>
          </Button>
        </div>
      </div>
    </div>
  );
}
