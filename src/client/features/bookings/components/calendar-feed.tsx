import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CalendarSync } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Input, Label } from '#client/components/ui/input.tsx';
import { apiQuery, errorMessage } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';

const userCalendarQuery = apiQuery(['/api/users/me/calendar'], 'userCalendar');

// The grower's own feed (ADR 048): their stays in the calendar on their phone. The secret address
// is fetched only when asked for.
export function CalendarFeed() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const { data, error, isLoading } = useQuery({ ...userCalendarQuery, enabled: open });
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
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id="my-calendar-url" readOnly value={data.url} className="font-mono text-xs" />
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
      </div>
    </div>
  );
}
