import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CalendarSync as CalendarIcon, Copy, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { Input, Label } from '#client/components/ui/input.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { formatDateTime } from '#client/lib/format.ts';
import { toast } from '#client/lib/toast-store.ts';
import { CALENDAR_IMPORTS_MAX, type CalendarImport, type CalendarImportError } from '#shared/calendars.ts';
import {
  listingCalendarQuery,
  useAddCalendarImport,
  useRemoveCalendarImport,
  useResetCalendarExport,
} from '../api/calendar.ts';

// The host's calendar sync for one listing (ADR 048): the secret address of its own feed, to copy
// into Airbnb, Hipcamp or a phone, and the external feeds whose dates block it.
export function CalendarSync({ listingId }: { listingId: number }) {
  const { t } = useLingui();
  const { data, isLoading, error } = useQuery(listingCalendarQuery(listingId));
  const reset = useResetCalendarExport(listingId);
  if (isLoading) return null;
  return (
    <section aria-labelledby="calendar-sync-title" className="mt-6">
      <Card>
        <CardHeader>
          <h2 id="calendar-sync-title" className="flex items-center gap-2 text-xl font-semibold">
            <CalendarIcon className="size-5 text-primary" aria-hidden />
            <Trans>Calendar sync</Trans>
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Keep this listing's dates in step with the other places you list it. Dates from imported
              calendars cannot be booked here.
            </Trans>
          </p>
        </CardHeader>
        <CardContent className="space-y-6">
          {error || !data ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(error, t`Could not load the calendar`)}
            </p>
          ) : (
            <>
              <section className="space-y-2">
                <Label htmlFor="calendar-export-url">
                  <Trans>This listing's calendar address</Trans>
                </Label>
                <p className="text-sm text-muted-foreground">
                  <Trans>
                    Paste it into another site's calendar import. It shows booked and blocked dates, never
                    names. Keep it private.
                  </Trans>
                </p>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Input
                    id="calendar-export-url"
                    readOnly
                    value={data.exportUrl}
                    className="font-mono text-xs"
                  />
                  <div className="flex gap-2">
                    <Button
                      type="button"
                      variant="outline"
                      onClick={() =>
                        navigator.clipboard
                          ?.writeText(data.exportUrl)
                          .then(() => toast({ title: t`Calendar address copied` }))
                          .catch(() =>
                            toast({ title: t`Could not copy the address`, variant: 'destructive' }),
                          )
                      }
                    >
                      <Copy className="size-4" aria-hidden />
                      <Trans>Copy</Trans>
                    </Button>
                    <Button
                      type="button"
                      variant="outline"
                      disabled={reset.isPending}
                      onClick={() => {
                        if (!window.confirm(t`Make a new address? The old one stops working at once.`))
                          return;
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
              </section>
              <ImportedCalendars listingId={listingId} imports={data.imports} />
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function ImportedCalendars({ listingId, imports }: { listingId: number; imports: CalendarImport[] }) {
  const { t } = useLingui();
  const [url, setUrl] = useState('');
  const add = useAddCalendarImport(listingId);
  const full = imports.length >= CALENDAR_IMPORTS_MAX;
  return (
    <section className="space-y-3">
      <h3 className="font-semibold">
        <Trans>Imported calendars</Trans>
      </h3>
      {imports.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No calendars imported yet.</Trans>
        </p>
      ) : (
        <ul className="space-y-2">
          {imports.map((imp) => (
            <ImportRow key={imp.id} listingId={listingId} imp={imp} />
          ))}
        </ul>
      )}
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate(url.trim(), {
            onSuccess: () => {
              setUrl('');
              toast({
                title: t`Calendar added`,
                description: t`Its dates are blocked once it has been read.`,
              });
            },
            onError: (err) =>
              toast({
                title: t`Could not add the calendar`,
                description: errorMessage(err, t`Please try again`),
                variant: 'destructive',
              }),
          });
        }}
      >
        <Label htmlFor="calendar-import-url">
          <Trans>Add a calendar (an Airbnb or Hipcamp export address)</Trans>
        </Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="calendar-import-url"
            type="url"
            inputMode="url"
            required
            placeholder="https://"
            value={url}
            disabled={full}
            onChange={(e) => setUrl(e.target.value)}
          />
          <Button type="submit" disabled={add.isPending || full || !url.trim()}>
            <Trans>Add calendar</Trans>
          </Button>
        </div>
        {full ? (
          <p className="text-sm text-muted-foreground">
            <Trans>A listing can import at most {CALENDAR_IMPORTS_MAX} calendars.</Trans>
          </p>
        ) : null}
      </form>
    </section>
  );
}

function ImportRow({ listingId, imp }: { listingId: number; imp: CalendarImport }) {
  const { t, i18n } = useLingui();
  const remove = useRemoveCalendarImport(listingId);
  const readAt = imp.lastReadAt ? formatDateTime(imp.lastReadAt, i18n.locale) : null;
  return (
    <li className="flex items-start justify-between gap-3 rounded-lg border border-border p-3">
      <div className="min-w-0 space-y-1">
        <p className="break-all font-mono text-xs">{imp.url}</p>
        <p className="text-sm text-muted-foreground">
          {readAt ? <Trans>Last read {readAt}</Trans> : <Trans>Not read yet</Trans>}
        </p>
        {imp.errorCode ? (
          <p className="text-sm text-destructive" role="status">
            <ImportErrorText code={imp.errorCode} />
          </p>
        ) : null}
      </div>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-label={t`Remove calendar ${imp.url}`}
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(imp.id, {
            onSuccess: () => toast({ title: t`Calendar removed` }),
            onError: (err) =>
              toast({ title: errorMessage(err, t`Please try again`), variant: 'destructive' }),
          })
        }
      >
        <Trash2 className="size-4" aria-hidden />
      </Button>
    </li>
  );
}

// The last read's failure, in the host's language.
function ImportErrorText({ code }: { code: CalendarImportError }) {
  const { t } = useLingui();
  switch (code) {
    case 'BAD_URL':
      return t`This is not a feed address.`;
    case 'NOT_HTTPS':
      return t`The feed address must start with https://.`;
    case 'PRIVATE_ADDRESS':
      return t`The feed address points to a private network.`;
    case 'UNREACHABLE':
      return t`The feed could not be reached. We will try again later.`;
    case 'TIMEOUT':
      return t`The feed took too long to answer. We will try again later.`;
    case 'TOO_BIG':
      return t`The feed is too large to read.`;
    case 'OVER_BUDGET':
      return t`The feed has too many events or repeats to read. Use a calendar with only this place's bookings.`;
    case 'HTTP_STATUS':
      return t`The feed address answered with an error. Check the address.`;
    case 'NOT_CALENDAR':
      return t`The feed is not an iCalendar file. Check that you copied the export address.`;
  }
}
