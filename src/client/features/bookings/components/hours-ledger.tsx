import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Check, Flag } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { ConfirmDialog } from '#client/components/ui/dialog.tsx';
import { TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/lib/utils.ts';
import {
  type Booking,
  HOURS_PER_ENTRY_MAX,
  HOURS_REASON_MAX,
  type HoursEntry,
  hoursEntryInputSchema,
  todayUtc,
} from '#shared/bookings.ts';
import { useDecideHours, useLogHours } from '../api/booking-mutations.ts';
import { hoursQuery } from '../api/bookings.ts';
import { formatDay, hoursText } from './booking-format.ts';

const ENTRY_CLASSES: Record<HoursEntry['status'], string> = {
  logged: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-accent text-accent-foreground',
  disputed: 'bg-red-100 text-red-900',
};
const ENTRY_LABELS: Record<HoursEntry['status'], MessageDescriptor> = {
  logged: msg`Waiting for the host`,
  confirmed: msg`Confirmed`,
  disputed: msg`Disputed`,
};

// The form keeps the hours as typed; the shared schema checks what would be sent.
const formSchema = z
  .object({ date: z.string(), hours: z.string(), note: z.string() })
  .superRefine((v, ctx) => {
    const parsed = hoursEntryInputSchema.safeParse(toInput(v));
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path as string[], message: issue.message });
  });
type FormValues = z.infer<typeof formSchema>;
const toInput = (v: FormValues) => ({
  date: v.date,
  hours: v.hours.trim() ? Number(v.hours) : Number.NaN,
  note: v.note,
});

function LogHoursForm({ booking }: { booking: Booking }) {
  const { t } = useLingui();
  const log = useLogHours(booking.id);
  const today = todayUtc();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { date: today, hours: '', note: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      className="space-y-3 rounded-lg border border-border p-3 sm:p-4"
      noValidate
      aria-label={t`Log hours`}
      onSubmit={form.handleSubmit((v) =>
        log.mutate(hoursEntryInputSchema.parse(toInput(v)), {
          onSuccess: () => form.reset({ date: v.date, hours: '', note: '' }),
        }),
      )}
    >
      <p className="font-medium">
        <Trans>Log hours</Trans>
      </p>
      <div className="grid grid-cols-[minmax(0,1fr)_5.5rem] gap-3 sm:grid-cols-2">
        <TextField
          id="hours-date"
          label={t`Date`}
          type="date"
          min={booking.start}
          max={today}
          error={errors.date?.message}
          {...form.register('date')}
        />
        <TextField
          id="hours-hours"
          label={t`Hours`}
          type="number"
          inputMode="decimal"
          min={0.25}
          max={HOURS_PER_ENTRY_MAX}
          step={0.25}
          error={errors.hours?.message}
          {...form.register('hours')}
        />
      </div>
      <TextAreaField
        id="hours-note"
        label={t`What was done`}
        rows={2}
        className="min-h-16"
        placeholder={t`Weeded the beds, turned the compost...`}
        error={errors.note?.message}
        {...form.register('note')}
      />
      <Button type="submit" disabled={log.isPending} className="w-full sm:w-auto">
        {log.isPending ? t`Saving...` : t`Log hours`}
      </Button>
    </form>
  );
}

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  const { i18n } = useLingui();
  return (
    <div className="rounded-lg bg-muted/60 px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold" data-testid={testId}>
        {hoursText(value, i18n)}
      </dd>
    </div>
  );
}

// The hours of a work exchange: the grower logs, the host confirms or disputes, both see the
// weekly commitment against the hours logged and confirmed.
export function HoursLedger({ booking }: { booking: Booking }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const { data, isLoading, error } = useQuery(hoursQuery(booking.id));
  const decide = useDecideHours(booking.id);
  // The entry whose dispute is being confirmed, and the reason typed for it (ADR 059).
  const [disputing, setDisputing] = useState<HoursEntry | null>(null);
  const [reason, setReason] = useState('');
  const hours = booking.hoursPerWeek ?? 0;
  const disputedHours = disputing ? hoursText(disputing.hours, i18n) : '';
  const disputedDay = disputing ? formatDay(disputing.date, locale) : '';
  const disputeText = t`${disputedHours} on ${disputedDay}: the grower is told, with your reason if you give one. A disputed entry cannot be confirmed later.`;
  const canLog = booking.role === 'grower' && ['accepted', 'active', 'completed'].includes(booking.status);
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-lg">
          <Trans>Hours</Trans>
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {booking.role === 'grower'
            ? t`${hours} hrs per week agreed. Log what you worked; the host confirms it.`
            : t`${hours} hrs per week agreed. Confirm the hours the grower logs, or dispute them.`}
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        {isLoading ? (
          <Spinner />
        ) : error || !data ? (
          <p className="text-sm text-destructive">
            <Trans>Could not load the hours.</Trans>
          </p>
        ) : (
          <>
            <dl className="grid grid-cols-3 gap-2">
              <Stat label={t`Committed`} value={data.totals.committed} testId="hours-committed" />
              <Stat label={t`Logged`} value={data.totals.logged} testId="hours-logged" />
              <Stat label={t`Confirmed`} value={data.totals.confirmed} testId="hours-confirmed" />
            </dl>
            {data.weeks.length ? (
              <div className="overflow-x-auto">
                <table className="w-full text-sm">
                  <caption className="sr-only">
                    <Trans>Hours per week</Trans>
                  </caption>
                  <thead className="text-left text-xs text-muted-foreground">
                    <tr>
                      <th scope="col" className="py-1 pr-2 font-medium">
                        <Trans>Week of</Trans>
                      </th>
                      <th scope="col" className="py-1 pr-2 text-right font-medium">
                        <Trans>Committed</Trans>
                      </th>
                      <th scope="col" className="py-1 pr-2 text-right font-medium">
                        <Trans>Logged</Trans>
                      </th>
                      <th scope="col" className="py-1 text-right font-medium">
                        <Trans>Confirmed</Trans>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.weeks.map((w) => (
                      <tr key={w.weekStart} className="border-t border-border">
                        <td className="py-1.5 pr-2">{formatDay(w.weekStart, locale, false)}</td>
                        <td className="py-1.5 pr-2 text-right">{hoursText(w.committed, i18n)}</td>
                        <td
                          className={cn(
                            'py-1.5 pr-2 text-right',
                            w.farOver && 'font-semibold text-amber-800',
                          )}
                          data-testid={w.farOver ? 'hours-far-over' : undefined}
                        >
                          {hoursText(w.logged, i18n)}
                          {w.farOver ? (
                            <span className="block text-xs font-normal">{t`far over the agreement`}</span>
                          ) : null}
                        </td>
                        <td
                          className={
                            w.confirmed >= w.committed
                              ? 'py-1.5 text-right font-medium text-primary'
                              : 'py-1.5 text-right'
                          }
                        >
                          {hoursText(w.confirmed, i18n)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            {canLog ? <LogHoursForm booking={booking} /> : null}
            {data.entries.length ? (
              <ul className="divide-y divide-border">
                {[...data.entries].reverse().map((e) => (
                  <li key={e.id} className="space-y-2 py-3" data-testid={`hours-entry-${e.id}`}>
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="text-sm">
                        <span className="font-medium">{formatDay(e.date, locale)}</span> ·{' '}
                        {hoursText(e.hours, i18n)}
                      </p>
                      <Badge className={ENTRY_CLASSES[e.status]}>{i18n._(ENTRY_LABELS[e.status])}</Badge>
                    </div>
                    <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{e.note}</p>
                    {e.status === 'disputed' && e.disputeReason ? (
                      <p
                        className="text-sm break-words whitespace-pre-line"
                        data-testid="hours-dispute-reason"
                      >
                        <span className="font-medium">{t`Reason for the dispute:`}</span> {e.disputeReason}
                      </p>
                    ) : null}
                    {booking.role === 'host' && e.status === 'logged' ? (
                      <div className="flex gap-2">
                        <Button
                          size="sm"
                          disabled={decide.isPending}
                          onClick={() => decide.mutate({ entryId: e.id, decision: 'confirm' })}
                        >
                          <Check aria-hidden="true" /> <Trans>Confirm</Trans>
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={decide.isPending}
                          onClick={() => {
                            setReason('');
                            setDisputing(e);
                          }}
                        >
                          <Flag aria-hidden="true" /> <Trans>Dispute</Trans>
                        </Button>
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">
                <Trans>No hours logged yet.</Trans>
              </p>
            )}
          </>
        )}
        <ConfirmDialog
          open={disputing !== null}
          onOpenChange={(o) => !o && setDisputing(null)}
          title={t`Dispute these hours?`}
          description={disputeText}
          confirmLabel={t`Dispute the hours`}
          cancelLabel={t`Keep them logged`}
          reason={{ label: t`Reason (optional)`, value: reason, onChange: setReason, max: HOURS_REASON_MAX }}
          onConfirm={() => disputing && decide.mutate({ entryId: disputing.id, decision: 'dispute', reason })}
        />
      </CardContent>
    </Card>
  );
}
